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
import type { HandlerBuilder } from './types.js';

/** An endpoint call's arguments. */
type Args = readonly unknown[];

/**
 * The requests themselves, and how each ended, stored as ONE plain action: a response normalized
 * against the committed tables (`fetchFulfilled`), an error (`fetchRejected`), or nothing when its
 * callers gave up (`fetchSettled`); a value written with no request is one action too (`set`).
 * `fetch` makes a request through the endpoint with the middleware's transport; it is numbered and counted in flight (`requests.ts`), shared with
 * identical reads (`dedupe.ts`), shown optimistically meanwhile (`optimistic.ts`, whose layers the
 * ending action carries), and dropped by a reset. `receive` and `fail` store an outcome given
 * directly, as if fetched.
 */
export const buildNetworkHandler: HandlerBuilder = (context) => {
  const { mount, getState, slice, dispatch, fetch, now, requests, dedupe, optimistic, collector } = context;
  const { actions, reducerPath } = mount;

  /** Throws when the slice is not in the store: a response would be normalized and then lost. */
  const assertMounted = (name: string): void => {
    if (field(getState(), reducerPath) === undefined) {
      throw new Error(unmountedSliceMessage(reducerPath, name));
    }
  };

  /** Stores the failure of the request for `key` that started at `start`. */
  const fail = (endpoint: EndpointInterface, key: string, error: unknown, start: RequestStart): void => {
    const meta = errorMeta(endpoint, start, now());
    collector.stored(key, endpoint);
    const errorPolicy = errorPolicyOf(endpoint, error);
    const failure = { key, endpoint: endpoint.name, error: serializeError(error), errorPolicy, meta };
    dispatch(actions.fetchRejected({ ...failure, ...optimistic.settle(key, start) }));
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
      const layers = optimistic.settle(key, start, () => applyTables(committed, writes));
      dispatch(actions.fetchFulfilled({ ...fulfilled, ...layers }));
      return mount.memo.denormalize(endpoint.schema, result, slice().entities, args);
    } catch (error) {
      fail(endpoint, key, error, start);
      throw error;
    }
  };

  /** Makes the request for `key`, aborted through `abort`, and stores how it ended. */
  const run = async (endpoint: EndpointInterface, args: Args, key: string, abort: AbortController) => {
    const request = requests.open(abort);
    const { start } = request;
    dispatch(actions.fetchPending({ key, endpoint: endpoint.name, fetchedAt: start.fetchedAt }));
    optimistic.show(endpoint, args, key, start);
    try {
      let response: unknown;
      try {
        response = await endpoint.request({ fetch, signal: abort.signal }, ...args);
      } catch (error) {
        if (request.dropped()) throw new ResetError(endpoint.name);
        // the caller gave up: the request did not happen, so no error is stored
        if (isCallerAbort(error, endpoint, abort)) {
          dispatch(actions.fetchSettled({ key, endpoint: endpoint.name, ...optimistic.settle(key, start) }));
        } else fail(endpoint, key, error, start);
        throw error;
      }
      if (request.dropped()) throw new ResetError(endpoint.name);
      return commit(endpoint, args, key, response, start);
    } finally {
      request.end();
    }
  };

  return {
    api: {
      fetch(endpoint, args, signal) {
        let key: string;
        try {
          assertMounted(endpoint.name);
          key = endpoint.key(...args);
        } catch (error) {
          return Promise.reject(error);
        }
        return dedupe.request(key, !endpoint.sideEffect, signal, (controller) => run(endpoint, args, key, controller));
      },
      receive(endpoint, args, response, { start = requests.begin(), ...how } = {}) {
        assertMounted(endpoint.name);
        return commit(endpoint, args, endpoint.key(...args), response, start, how);
      },
      set(schema, args, value) {
        const source = `ctrl.set(${schemaName(schema)})`;
        assertMounted(source);
        const date = now();
        const meta = { ...requests.begin(), date, expiresAt: date + DEFAULT_DATA_EXPIRY };
        const committed = committedTables(slice());
        const writes = normalize(schema, value, args, { store: storeView(committed), meta, source });
        assertStorableDepth(writes, source);
        const { entities, entitiesMeta, indexes } = writes;
        const layers = optimistic.rebuild(() => applyTables(committed, writes));
        dispatch(actions.set({ schema: schemaName(schema), entities, entitiesMeta, indexes, ...layers }));
      },
      fail(endpoint, args, error) {
        assertMounted(endpoint.name);
        fail(endpoint, endpoint.key(...args), error, requests.begin());
      },
    },
  };
};
