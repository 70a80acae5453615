import type { Middleware } from '@reduxjs/toolkit';
import type { EndpointInterface, RequestContext } from '../../endpoint/interface.js';
import type { RequestStart } from '../../schema/interface.js';
import { normalize } from '../../normalizr/normalize.js';
import { sameJson } from '../../normalizr/sameJson.js';
import { getOwn } from '../../schema/ownProperty.js';
import { warnOnce } from '../../schema/devWarning.js';
import type { EntitiesInstance } from '../instance.js';
import { ResetError } from '../ResetError.js';
import { serializeError } from '../serializeError.js';
import { createDedupe } from './dedupe.js';
import { checkBundle } from './bundleCheck.js';
import { applyTables, committedTables, storeView, type Tables } from '../optimisticLayers.js';
import { createOptimisticQueue } from './optimistic.js';
import type { OptimisticLayer } from '../state.js';
import type { SnapshotFactory } from '../snapshot.js';
import { dataMeta, errorMeta } from './expiry.js';
import { errorPolicyOf } from '../../endpoint/defaultErrorPolicy.js';
import { createCollector, DEFAULT_KEEP_UNUSED_DATA_FOR } from './collect.js';
import { isCallerAbort } from './callerAbort.js';
import { assertStorableDepth } from './depthCheck.js';
import { createCommit } from './commitAction.js';
import { unmountedSliceMessage } from '../mountHints.js';

/** Options of `createDataMiddleware`. */
export interface DataMiddlewareOptions {
  /** The transport, `(input, init) => Promise<Response>`: for tests or SSR. @default globalThis.fetch */
  readonly fetch?: RequestContext['fetch'];
  /** The clock. @default Date.now */
  readonly now?: () => number;
  /**
   * Seconds to keep unused data (DESIGN §5.11): a call whose hooks all unmounted is removed this
   * long after, and an entity nothing reads goes once it was written this long ago. An endpoint's
   * own `keepUnusedDataFor` wins for its calls. `Infinity` keeps everything.
   * @default 60
   */
  readonly keepUnusedDataFor?: number;
}

/** What the middleware does for thunks and the Controller (reached through the probe action). */
export interface DataApi {
  /**
   * Makes the request (identical reads in flight share one) and resolves after the commit.
   * `signal` aborts this caller; a shared read is aborted when all its callers have aborted.
   */
  fetch(endpoint: EndpointInterface, args: readonly unknown[], signal?: AbortSignal): Promise<unknown>;
  /**
   * Stores a response as if it had been fetched, synchronously.
   * @param start when the request behind it started (from `track`); @default now, as a new request
   */
  receive(endpoint: EndpointInterface, args: readonly unknown[], response: unknown, start?: RequestStart): unknown;
  /** Stores an error as if the request had failed. */
  fail(endpoint: EndpointInterface, args: readonly unknown[], error: unknown): void;
  /** The middleware's clock (its `now` option), so expiry is judged on one clock. */
  now(): number;
  /** A reader shows this call: its data is kept until the returned function is called, then `keepUnusedDataFor` more. */
  retain(endpoint: EndpointInterface, args: readonly unknown[]): () => void;
  /** A reader shows this query: what it reads is kept until the returned function is called. */
  retainQuery(queryable: unknown, args: readonly unknown[]): () => void;
  /** Removes unused data now (see `Controller.gc`). */
  gc(): void;
  /**
   * A request made outside this middleware (RTK Query's) started at `fetchedAt`: takes the next
   * number of this store's request order (DESIGN §5.9), so its response and ours compare by start
   * whichever library made them, and counts as in flight (a deletion it could undo is remembered)
   * until `settle()`.
   */
  track(fetchedAt: number): TrackedRequest;
  /**
   * Removes these results now, in one sweep, because the library that fetched them dropped them;
   * the entities only they read then go by the usual rules (DESIGN §5.11).
   */
  drop(keys: readonly string[]): void;
}

/** A request of another library, numbered in this store's request order (`DataApi.track`). */
export interface TrackedRequest {
  readonly start: RequestStart;
  /** The request ended (answered, failed or dropped): it no longer counts as in flight. */
  settle(): void;
}

/**
 * Composes the request pipeline: dedupe (`dedupe.ts`), the request (`endpoint.request`), expiry
 * (`expiry.ts`), normalization against the current state, and ONE plain action per response.
 */
export function buildDataMiddleware(instance: EntitiesInstance, snapshot: SnapshotFactory, options: DataMiddlewareOptions = {}): Middleware {
  const { actions, reducerPath } = instance;
  const transport: RequestContext['fetch'] = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  return (store) => {
    const inFlight = createDedupe();
    const optimistic = createOptimisticQueue();
    const controllers = new Set<AbortController>();
    const started = new Set<RequestStart>();
    let generation = 0;
    let sequence = 0;
    /** The start of a new request: the clock, and this store's next request number (ties of the clock). */
    const begin = (): RequestStart => ({ fetchedAt: now(), seq: ++sequence });

    const slice = () => instance.selectSlice(store.getState());
    // a subscriber that throws while our action is dispatched does not fail the request
    const dispatch = createCommit(store.dispatch, slice);
    const collector = createCollector({
      keepUnusedDataFor: options.keepUnusedDataFor ?? DEFAULT_KEEP_UNUSED_DATA_FOR,
      now,
      slice,
      sweep: (payload) => dispatch(actions.sweep(payload)),
      inFlight: () => [...started],
    });

    const commit = (endpoint: EndpointInterface, args: readonly unknown[], key: string, response: unknown, start: RequestStart): unknown => {
      checkBundle(endpoint, response);
      const meta = dataMeta(endpoint, start, now());
      const committed = committedTables(slice());
      const writes = normalize(endpoint.schema, response, args, { store: storeView(committed), meta, source: endpoint.name });
      assertStorableDepth(writes, endpoint.name);
      const { entities, entitiesMeta, indexes } = writes;
      // a refetch that brings the same result keeps the stored one, and with it every read's identity
      const stored = getOwn(slice().endpoints, key);
      const result = sameJson(stored, writes.result) ? stored : writes.result;
      collector.stored(key, endpoint);
      dispatch(actions.fetchFulfilled({ key, endpoint: endpoint.name, result, entities, entitiesMeta, indexes, meta, ...settleOptimistic(key, start, () => applyTables(committed, writes)) }));
      return instance.memo.denormalize(endpoint.schema, result, slice().entities, args);
    };

    const fail = (endpoint: EndpointInterface, key: string, error: unknown, start: RequestStart): void => {
      const meta = errorMeta(endpoint, start, now());
      collector.stored(key, endpoint);
      dispatch(
        actions.fetchRejected({
          key,
          endpoint: endpoint.name,
          error: serializeError(error),
          errorPolicy: errorPolicyOf(endpoint, error),
          meta,
          ...settleOptimistic(key, start, () => committedTables(slice())),
        }),
      );
    };

    /** While optimistic responses are shown: the layers without this request's, over the new committed tables. */
    const settleOptimistic = (key: string, start: RequestStart, committed: () => Tables): { layers?: OptimisticLayer[] } => {
      const removed = optimistic.remove(key, start);
      return removed || optimistic.active ? { layers: optimistic.layers(committed()) } : {};
    };

    /** Shows the endpoint's optimistic response, if it has one. */
    const showOptimistic = (endpoint: EndpointInterface, args: readonly unknown[], key: string, start: RequestStart): void => {
      if (endpoint.getOptimisticResponse === undefined) return;
      let response: unknown;
      try {
        response = endpoint.getOptimisticResponse(snapshot(store.getState(), start.fetchedAt), ...args);
      } catch (error) {
        warnOnce(`optimistic:${endpoint.name}`, `${endpoint.name}: getOptimisticResponse threw (${(error as Error).message}); the request goes on without it.`);
        return;
      }
      optimistic.add({ key, start, endpoint, args, response });
      dispatch(actions.optimisticSet({ endpoint: endpoint.name, layers: optimistic.layers(committedTables(slice())) }));
    };

    const run = async (endpoint: EndpointInterface, args: readonly unknown[], key: string, controller: AbortController): Promise<unknown> => {
      const start = begin();
      const startedIn = generation;
      controllers.add(controller);
      started.add(start);
      dispatch(actions.fetchPending({ key, endpoint: endpoint.name, fetchedAt: start.fetchedAt }));
      showOptimistic(endpoint, args, key, start);
      try {
        let response: unknown;
        try {
          response = await endpoint.request({ fetch: transport, signal: controller.signal }, ...args);
        } catch (error) {
          if (startedIn !== generation) throw new ResetError(endpoint.name);
          if (isCallerAbort(error, endpoint, controller)) {
            // the caller gave up: the request did not happen, so no error is stored
            dispatch(actions.fetchSettled({ key, endpoint: endpoint.name, ...settleOptimistic(key, start, () => committedTables(slice())) }));
          } else {
            fail(endpoint, key, error, start);
          }
          throw error;
        }
        if (startedIn !== generation) throw new ResetError(endpoint.name);
        try {
          return commit(endpoint, args, key, response, start);
        } catch (error) {
          fail(endpoint, key, error, start);
          throw error;
        }
      } finally {
        controllers.delete(controller);
        started.delete(start);
      }
    };

    /** Throws when the slice is not in the store: a response would be normalized and then lost. */
    const assertMounted = (endpoint: EndpointInterface): void => {
      if ((store.getState() as Record<string, unknown> | undefined)?.[reducerPath] === undefined) {
        throw new Error(unmountedSliceMessage(reducerPath, endpoint.name));
      }
    };

    const api: DataApi = {
      fetch(endpoint, args, signal) {
        let key: string;
        try {
          assertMounted(endpoint);
          key = endpoint.key(...args);
        } catch (error) {
          return Promise.reject(error);
        }
        return inFlight.request(key, !endpoint.sideEffect, signal, (controller) => run(endpoint, args, key, controller));
      },
      receive(endpoint, args, response, start = begin()) {
        assertMounted(endpoint);
        const key = endpoint.key(...args);
        try {
          return commit(endpoint, args, key, response, start);
        } catch (error) {
          fail(endpoint, key, error, start);
          throw error;
        }
      },
      fail(endpoint, args, error) {
        assertMounted(endpoint);
        fail(endpoint, endpoint.key(...args), error, begin());
      },
      now,
      retain: (endpoint, args) => collector.retain(endpoint, args),
      retainQuery: (queryable, args) => collector.retainQuery(queryable, args),
      gc: () => collector.gc(),
      track(fetchedAt) {
        const start: RequestStart = { fetchedAt, seq: ++sequence };
        started.add(start);
        return { start, settle: () => void started.delete(start) };
      },
      drop: (keys) => collector.drop(keys),
    };

    return (next) => (action) => {
      if (instance.probe.match(action)) return api;
      if (actions.reset.match(action)) {
        generation++;
        optimistic.clear();
        for (const controller of controllers) controller.abort();
        controllers.clear();
        inFlight.clear();
        collector.reset();
      }
      return next(action);
    };
  };
}
