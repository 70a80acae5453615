import type { EndpointInterface } from '../../endpoint/interface.js';
import { errorPolicyOf } from '../../endpoint/defaultErrorPolicy.js';
import { normalize, type NormalizeOptions } from '../../normalizr/normalize.js';
import { sameJson } from '../../normalizr/sameJson.js';
import { schemaName } from '../../normalizr/schemaName.js';
import type { RequestStart } from '../../schema/interface.js';
import { field } from '../../utils/field.js';
import { getOwn } from '../../utils/ownProperty.js';
import { unmountedSliceMessage } from '../mountHints.js';
import { applyTables, committedTables, pickTables } from '../slice/optimisticLayers.js';
import { storeView } from '../slice/storeView.js';
import { ResetError } from './ResetError.js';
import { serializeError } from '../slice/serializeError.js';
import { checkBundle } from './bundleCheck.js';
import { isCallerAbort } from './callerAbort.js';
import { assertJsonRecords, assertStorableDepth } from './depthCheck.js';
import { DEFAULT_ERROR_EXPIRY, responseMeta } from './expiry.js';
import { decide, type CallDecision, type Reader } from '../fetchPolicy.js';
import { readCall } from '../select/readCall.js';
import type {
  Collector,
  DataApi,
  ReceiveOptions,
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

/** A call the policy was asked about, its decision, and the call's `meta.date` then. */
interface Consulted {
  readonly call: { readonly endpoint: EndpointInterface; readonly args: Args; readonly key: string };
  readonly decision: CallDecision;
  readonly from: number;
}

/**
 * The requests themselves, and how each ended, stored as ONE plain action: a response normalized
 * against the committed tables (`fetchFulfilled`), an error (`fetchRejected`), or nothing when its
 * callers gave up (`fetchSettled`); a value written with no request is one action too (`set`).
 * Whether a call is requested, joined or left alone is the fetch policy's answer (`fetchPolicy.ts`),
 * which `fetch` and `ask` follow; a request is recorded in the request registry from the moment it
 * is asked for until its outcome is stored (numbered, shared with identical reads, dropped by a
 * reset), and shown optimistically meanwhile (`optimistic.ts`, whose layers the ending action
 * carries). `receive`, `write` and `fail` store an outcome given directly, as if fetched.
 *
 * @returns the `DataApi` methods it answers (`buildDataMiddleware.ts` names them)
 */
export function buildNetwork(
  context: NetworkContext,
): Pick<DataApi, 'fetch' | 'ask' | 'receive' | 'write' | 'set' | 'fail'> {
  const { mount, selectors, getState, slice, dispatch, fetch, now, registry, optimistic, collector } = context;

  /** Throws when the slice is not in the store: a response would be normalized and then lost. */
  const assertMounted = (name: string): void => {
    const { reducerPath } = mount;
    if (field(getState(), reducerPath) === undefined) {
      throw new Error(unmountedSliceMessage(reducerPath, `${name} cannot be stored`));
    }
  };

  /** Asks the fetch policy about the call for `reader`; throws what fails before any request (no slice, bad arguments). */
  const consult = (reader: Reader, endpoint: EndpointInterface, args: Args): Consulted => {
    assertMounted(endpoint.name);
    const call = { endpoint, args, key: endpoint.key(...args) };
    const read = readCall(mount, selectors, getState(), call, registry.of(call.key));
    return { call, decision: decide(reader, read, now()), from: read.meta?.date ?? 0 };
  };

  /** Does what the policy decided: joins the identical read in flight, or opens a request (after the current task when `deferred`). */
  const requestFor = ({ call, decision, from }: Consulted, deferred: boolean): InFlightRequest =>
    (decision.fetch === 'join' && registry.shared(call.key)) ||
    registry.open(call, { shared: !call.endpoint.sideEffect, deferred, from }, run);

  /** The layers the action ending `request` (or a write with no request) carries, over the committed tables. */
  const settled = (request: StartingRequest | undefined) => optimistic.settle(request, () => committedTables(slice()));

  /** Stores the failure of the request for `key` (a call with `args`) that started at `start`. */
  const storeFailure = (
    endpoint: EndpointInterface,
    args: Args,
    key: string,
    error: unknown,
    start: RequestStart,
    request?: StartingRequest,
  ): void => {
    const meta = responseMeta(start, now(), endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY);
    collector.stored(key, endpoint, args);
    const errorPolicy = errorPolicyOf(endpoint, error);
    const failure = { key, endpoint: endpoint.name, error: serializeError(error), errorPolicy, meta };
    dispatch(mount.actions.fetchRejected({ ...failure, ...settled(request) }));
  };

  /**
   * Stores the response of the request for `key` that started at `start`, and returns the
   * denormalized value (unless `readBack` is false). One that cannot be stored writes nothing but
   * the request's error, and throws; one that cannot be read back is stored with that error, and throws.
   */
  const commit = (
    endpoint: EndpointInterface,
    args: Args,
    key: string,
    response: unknown,
    start: RequestStart,
    request?: StartingRequest,
    how: Pick<NormalizeOptions, 'visitEntity' | 'keepStoredMeta'> = {},
    readBack = true,
  ): unknown => {
    try {
      // a mutation's response only; bundlers drop the check from production builds
      if (process.env.NODE_ENV !== 'production' && endpoint.sideEffect) checkBundle(endpoint, response);
      const meta = responseMeta(start, now(), endpoint.dataExpiryLength);
      const committed = committedTables(slice());
      const options = { ...how, store: storeView(committed), meta, source: endpoint.name };
      const writes = normalize(endpoint.schema, response, args, options);
      assertStorableDepth(writes, endpoint.name);
      // a refetch that brings the same result keeps the stored one, and with it every read's identity
      const stored = getOwn(slice().endpoints, key);
      const result = sameJson(stored, writes.result) ? stored : writes.result;
      collector.stored(key, endpoint, args);
      const fulfilled = { key, endpoint: endpoint.name, result, ...pickTables(writes), meta };
      const layers = optimistic.settle(request, () => applyTables(committed, writes));
      dispatch(mount.actions.fetchFulfilled({ ...fulfilled, ...layers }));
      return readBack ? mount.memo.denormalize(endpoint.schema, result, slice().entities, args) : undefined;
    } catch (error) {
      storeFailure(endpoint, args, key, error, start, request);
      throw error;
    }
  };

  /** Makes `request`, which started at `start`, and stores how it ended (the registry's `run`). */
  const run = async (request: StartingRequest, start: RequestStart): Promise<unknown> => {
    const { endpoint, args, key, controller } = request;
    dispatch(mount.actions.fetchPending({ key, endpoint: endpoint.name, fetchedAt: start.fetchedAt }));
    optimistic.show(request);
    try {
      let response: unknown;
      try {
        response = await endpoint.request({ fetch, signal: controller.signal }, ...args);
      } catch (error) {
        // (a request a reset dropped fails below, as one that answered does)
        if (!request.dropped) {
          // the caller gave up: the request did not happen, so no error is stored
          if (isCallerAbort(error, endpoint, controller))
            dispatch(mount.actions.fetchSettled({ key, endpoint: endpoint.name, ...settled(request) }));
          else storeFailure(endpoint, args, key, error, start, request);
          throw error;
        }
      }
      if (request.dropped) throw new ResetError(endpoint.name);
      return commit(endpoint, args, key, response, start, request);
    } finally {
      registry.end(request);
    }
  };

  /** Stores a response given directly (`receive`, `write`); with `readBack`, returns its denormalized value. */
  const accept = (
    endpoint: EndpointInterface,
    args: Args,
    response: unknown,
    { start, ...how }: ReceiveOptions = {},
    readBack: boolean,
  ): unknown => {
    assertMounted(endpoint.name);
    return commit(endpoint, args, endpoint.key(...args), response, start ?? registry.begin(), undefined, how, readBack);
  };

  return {
    /** `DataApi.fetch`: the policy's `fetch` reader joins the identical read in flight or starts a request. */
    fetch(endpoint, args, signal) {
      try {
        // the policy never answers the fetch reader with no request
        return registry.join(requestFor(consult('fetch', endpoint, args), false), signal);
      } catch (error) {
        return Promise.reject(error);
      }
    },

    /** `DataApi.ask`: does what the policy says for a reader that skips fresh data. */
    ask(reader, endpoint, args) {
      const consulted = consult(reader, endpoint, args);
      const { decision } = consulted;
      if (decision.fetch === 'no') return { decision, request: undefined };
      const request = requestFor(consulted, reader === 'hook');
      return { decision, request: { promise: registry.join(request), settled: request.settled } };
    },

    /** `DataApi.receive`: stores a response given directly, as if fetched, and reads it back. */
    receive: (endpoint, args, response, how) => accept(endpoint, args, response, how, true),

    /** `DataApi.write`: stores a response given directly, as if fetched. */
    write: (endpoint, args, response, how) => void accept(endpoint, args, response, how, false),

    /** `DataApi.set`: a value written with no request, as a write that starts now. */
    set(schema, args, value) {
      const source = `ctrl.set(${schemaName(schema)})`;
      assertMounted(source);
      const meta = responseMeta(registry.begin(), now());
      const committed = committedTables(slice());
      const writes = normalize(schema, value, args, { store: storeView(committed), meta, source });
      assertJsonRecords(writes.entities, committed.entities, source);
      const layers = optimistic.settle(undefined, () => applyTables(committed, writes));
      dispatch(mount.actions.set({ schema: schemaName(schema), meta, ...pickTables(writes), ...layers }));
    },

    /** `DataApi.fail`: stores an error given directly, as if the request had failed. */
    fail(endpoint, args, error) {
      assertMounted(endpoint.name);
      storeFailure(endpoint, args, endpoint.key(...args), error, registry.begin());
    },
  };
}
