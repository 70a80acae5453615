import type { EndpointInterface } from '../../endpoint/interface.js';
import { errorPolicyOf } from '../../endpoint/defaultErrorPolicy.js';
import { normalize, type NormalizeOptions } from '../../normalizr/normalize.js';
import { sameJson } from '../../normalizr/sameJson.js';
import { schemaName } from '../../normalizr/schemaName.js';
import type { RequestStart } from '../../schema/interface.js';
import { field } from '../../utils/field.js';
import { getOwn } from '../../utils/ownProperty.js';
import { unmountedSliceMessage } from '../mountHints.js';
import { applyTables, committedTables } from '../slice/optimisticLayers.js';
import { storeView } from '../slice/storeView.js';
import { ResetError } from './ResetError.js';
import { serializeError } from '../slice/serializeError.js';
import { checkBundle } from './bundleCheck.js';
import { isCallerAbort } from './callerAbort.js';
import { assertStorableDepth } from './depthCheck.js';
import { DEFAULT_DATA_EXPIRY, dataMeta, errorMeta } from './expiry.js';
import { decide, type Reader } from '../fetchPolicy.js';
import { readCall } from '../select/readCall.js';
import type {
  Collector,
  DataApi,
  InFlightRequest,
  MiddlewareContext,
  OptimisticDisplay,
  StartingRequest,
} from './types.js';

/** An endpoint call's arguments. */
type Args = readonly unknown[];

/** What the network part is built with: the store, the request registry, and the parts it settles. */
export interface NetworkContext extends MiddlewareContext {
  readonly optimistic: OptimisticDisplay;
  readonly collector: Collector;
}

/**
 * The requests themselves, and how each ended, stored as ONE plain action: a response normalized
 * against the committed tables (`fetchFulfilled`), an error (`fetchRejected`), or nothing when its
 * callers gave up (`fetchSettled`); a value written with no request is one action too (`set`).
 * Whether a call is requested, joined or left alone is the fetch policy's answer (`fetchPolicy.ts`),
 * which `fetch` and `ask` follow; a request is recorded in the request registry from the moment it
 * is asked for until its outcome is stored (numbered, shared with identical reads, dropped by a
 * reset), and shown optimistically meanwhile (`optimistic.ts`, whose layers the ending action
 * carries). `receive` and `fail` store an outcome given directly, as if fetched.
 */
export function buildNetwork(context: NetworkContext): Pick<DataApi, 'fetch' | 'ask' | 'receive' | 'set' | 'fail'> {
  const { mount, selectors, getState, slice, dispatch, fetch, now, registry, optimistic, collector } = context;
  const { actions, reducerPath } = mount;

  /** Throws when the slice is not in the store: a response would be normalized and then lost. */
  const assertMounted = (name: string): void => {
    if (field(getState(), reducerPath) === undefined) {
      throw new Error(unmountedSliceMessage(reducerPath, name));
    }
  };

  /** Stores the failure of the request for `key` that started at `start`. */
  const fail = (
    endpoint: EndpointInterface,
    key: string,
    error: unknown,
    start: RequestStart,
    request?: StartingRequest,
  ): void => {
    const meta = errorMeta(endpoint, start, now());
    collector.stored(key, endpoint);
    const errorPolicy = errorPolicyOf(endpoint, error);
    const failure = { key, endpoint: endpoint.name, error: serializeError(error), errorPolicy, meta };
    dispatch(actions.fetchRejected({ ...failure, ...optimistic.settle(request, () => committedTables(slice())) }));
  };

  /**
   * Stores the response of the request for `key` that started at `start`, and returns the
   * denormalized value. One that cannot be stored writes nothing but the request's error, and throws.
   */
  const commit = (
    endpoint: EndpointInterface,
    args: Args,
    key: string,
    response: unknown,
    start: RequestStart,
    request?: StartingRequest,
    how: Pick<NormalizeOptions, 'visitEntity' | 'keepStoredMeta'> = {},
  ) => {
    try {
      checkBundle(endpoint, response);
      const meta = dataMeta(endpoint, start, now());
      const committed = committedTables(slice());
      const options = { ...how, store: storeView(committed), meta, source: endpoint.name };
      const writes = normalize(endpoint.schema, response, args, options);
      assertStorableDepth(writes, endpoint.name);
      const { entities, entitiesMeta, indexes } = writes;
      // a refetch that brings the same result keeps the stored one, and with it every read's identity
      const stored = getOwn(slice().endpoints, key);
      const result = sameJson(stored, writes.result) ? stored : writes.result;
      collector.stored(key, endpoint);
      const fulfilled = { key, endpoint: endpoint.name, result, entities, entitiesMeta, indexes, meta };
      const layers = optimistic.settle(request, () => applyTables(committed, writes));
      dispatch(actions.fetchFulfilled({ ...fulfilled, ...layers }));
      return mount.memo.denormalize(endpoint.schema, result, slice().entities, args);
    } catch (error) {
      fail(endpoint, key, error, start, request);
      throw error;
    }
  };

  /** Makes `request`, which started at `start`, and stores how it ended. */
  const run = async (request: StartingRequest, start: RequestStart) => {
    const { endpoint, args, key, controller } = request;
    dispatch(actions.fetchPending({ key, endpoint: endpoint.name, fetchedAt: start.fetchedAt }));
    optimistic.show(request);
    try {
      let response: unknown;
      try {
        response = await endpoint.request({ fetch, signal: controller.signal }, ...args);
      } catch (error) {
        if (request.dropped) throw new ResetError(endpoint.name);
        // the caller gave up: the request did not happen, so no error is stored
        if (isCallerAbort(error, endpoint, controller)) {
          const layers = optimistic.settle(request, () => committedTables(slice()));
          dispatch(actions.fetchSettled({ key, endpoint: endpoint.name, ...layers }));
        } else fail(endpoint, key, error, start, request);
        throw error;
      }
      if (request.dropped) throw new ResetError(endpoint.name);
      return commit(endpoint, args, key, response, start, request);
    } finally {
      registry.end(request);
    }
  };

  /** Asks the fetch policy about the call for `reader`; throws what fails before any request (no slice, bad arguments). */
  const consult = (reader: Reader, endpoint: EndpointInterface, args: Args) => {
    assertMounted(endpoint.name);
    const call = { endpoint, args, key: endpoint.key(...args) };
    const state = getState();
    const decision = decide(reader, readCall(mount, selectors, state, call, registry.of(call.key)), now());
    return { call, decision, from: getOwn(mount.selectSlice(state).meta, call.key)?.date ?? 0 };
  };

  /** Does what the policy decided: joins the identical read in flight, or opens a request (after the current task when `deferred`). */
  const requestFor = ({ call, decision, from }: ReturnType<typeof consult>, deferred: boolean): InFlightRequest =>
    (decision.fetch === 'join' && registry.shared(call.key)) ||
    registry.open(call, { shared: !call.endpoint.sideEffect, deferred, from }, run);

  return {
    fetch(endpoint, args, signal) {
      try {
        // the policy never answers the fetch reader with no request
        return registry.join(requestFor(consult('fetch', endpoint, args), false), signal);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    ask(reader, endpoint, args) {
      const consulted = consult(reader, endpoint, args);
      const { decision } = consulted;
      if (decision.fetch === 'no') return { decision, request: undefined };
      const request = requestFor(consulted, reader === 'hook');
      return { decision, request: { promise: registry.join(request), settled: request.settled } };
    },
    receive(endpoint, args, response, { start = registry.begin(), ...how } = {}) {
      assertMounted(endpoint.name);
      return commit(endpoint, args, endpoint.key(...args), response, start, undefined, how);
    },
    set(schema, args, value) {
      const source = `ctrl.set(${schemaName(schema)})`;
      assertMounted(source);
      const date = now();
      const meta = { ...registry.begin(), date, expiresAt: date + DEFAULT_DATA_EXPIRY };
      const committed = committedTables(slice());
      const writes = normalize(schema, value, args, { store: storeView(committed), meta, source });
      assertStorableDepth(writes, source);
      const { entities, entitiesMeta, indexes } = writes;
      const layers = optimistic.settle(undefined, () => applyTables(committed, writes));
      dispatch(actions.set({ schema: schemaName(schema), entities, entitiesMeta, indexes, ...layers }));
    },
    fail(endpoint, args, error) {
      assertMounted(endpoint.name);
      fail(endpoint, endpoint.key(...args), error, registry.begin());
    },
  };
}
