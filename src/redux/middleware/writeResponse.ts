import type { EndpointInterface } from '../../endpoint/interface.js';
import { errorPolicyOf } from '../../endpoint/defaultErrorPolicy.js';
import { normalize } from '../../normalizr/normalize.js';
import { sameJson } from '../../normalizr/sameJson.js';
import type { RequestStart } from '../../schema/interface.js';
import { getOwn } from '../../schema/ownProperty.js';
import { unmountedSliceMessage } from '../mountHints.js';
import { applyTables, committedTables, storeView, type Tables } from '../optimisticLayers.js';
import { serializeError } from '../serializeError.js';
import { checkBundle } from './bundleCheck.js';
import { assertStorableDepth } from './depthCheck.js';
import { dataMeta, errorMeta } from './expiry.js';
import type { MiddlewareContext } from './types.js';

/** What a writer reads and dispatches through. */
type WriterContext = Pick<
  MiddlewareContext,
  'instance' | 'getState' | 'slice' | 'dispatch' | 'now' | 'optimistic' | 'collector'
>;

/** The arguments of one endpoint call, its key, and when its request started. */
interface Call {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly key: string;
  readonly start: RequestStart;
}

/**
 * Stores how a request ended, as ONE plain action each: a response normalized against the
 * committed tables (`fetchFulfilled`), an error (`fetchRejected`), or nothing at all when its
 * callers gave up (`fetchSettled`). Each action also carries the optimistic layers left once the
 * request's own is gone (`optimistic.ts`).
 *
 * @param context the store, its clock, the optimistic display and the collector
 */
export function createResponseWriter(context: WriterContext) {
  const { instance, getState, slice, dispatch, now, optimistic, collector } = context;
  const { actions, reducerPath } = instance;
  /** The optimistic layers left once this request's is gone, over `committed`. */
  const settle = ({ key, start }: Call, committed: () => Tables) => optimistic.settle(key, start, committed);

  const fail = (call: Call, error: unknown): void => {
    const { endpoint, key } = call;
    const meta = errorMeta(endpoint, call.start, now());
    collector.stored(key, endpoint);
    const errorPolicy = errorPolicyOf(endpoint, error);
    const failure = { key, endpoint: endpoint.name, error: serializeError(error), errorPolicy, meta };
    dispatch(actions.fetchRejected({ ...failure, ...settle(call, () => committedTables(slice())) }));
  };

  const write = (call: Call, response: unknown): unknown => {
    const { endpoint, args, key } = call;
    checkBundle(endpoint, response);
    const meta = dataMeta(endpoint, call.start, now());
    const committed = committedTables(slice());
    const options = { store: storeView(committed), meta, source: endpoint.name };
    const writes = normalize(endpoint.schema, response, args, options);
    assertStorableDepth(writes, endpoint.name);
    const { entities, entitiesMeta, indexes } = writes;
    // a refetch that brings the same result keeps the stored one, and with it every read's identity
    const stored = getOwn(slice().endpoints, key);
    const result = sameJson(stored, writes.result) ? stored : writes.result;
    collector.stored(key, endpoint);
    const fulfilled = { key, endpoint: endpoint.name, result, entities, entitiesMeta, indexes, meta };
    dispatch(actions.fetchFulfilled({ ...fulfilled, ...settle(call, () => applyTables(committed, writes)) }));
    return instance.memo.denormalize(endpoint.schema, result, slice().entities, args);
  };

  return {
    /** Throws when the slice is not in the store: a response would be normalized and then lost. */
    assertMounted(endpoint: EndpointInterface): void {
      if ((getState() as Record<string, unknown> | undefined)?.[reducerPath] === undefined) {
        throw new Error(unmountedSliceMessage(reducerPath, endpoint.name));
      }
    },

    /**
     * Stores the response of the call, and returns the denormalized value. A response that cannot
     * be stored (it fails normalization, nests too deep) writes nothing but the call's error, and throws.
     */
    commit(call: Call, response: unknown): unknown {
      try {
        return write(call, response);
      } catch (error) {
        fail(call, error);
        throw error;
      }
    },

    /** Stores the failure of the call. */
    fail,

    /** The call's request ended with nothing to store: its callers gave up. */
    abandon(call: Call): void {
      const { endpoint, key } = call;
      dispatch(actions.fetchSettled({ key, endpoint: endpoint.name, ...settle(call, () => committedTables(slice())) }));
    },
  };
}
