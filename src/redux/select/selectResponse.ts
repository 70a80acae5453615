import { createSelector } from 'reselect';
import type { EndpointInterface } from '../../endpoint/interface.js';
import { getOwn } from '../../utils/ownProperty.js';
import type { ResultOf } from '../../endpoint/ResultOf.js';
import type { MountPoint } from '../mountPoint.js';
import { buildQueryInput } from './buildQueryInput.js';
import type { EntityMetaPages } from '../../schema/interface.js';
import { isDataHidden } from '../fetchPolicy.js';
import { expiringKinds, recordsExpireAt } from './recordsExpiry.js';
import { tableInputs } from './tableInputs.js';
import { perStoreMemo } from './perStoreMemo.js';
import type { SerializedError } from '../slice/state.js';
import { buildSelectorCache } from './selectorCache.js';
import { readableMeta } from './readableMeta.js';

/**
 * Where a call stands, in RTK Query's words.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type ResponseStatus = 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';

/**
 * What `selectResponse` gives for one endpoint call.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface ResponseState<T> {
  /** The denormalized data; for a `schema.All` endpoint every cached entity of its kinds. */
  readonly data: T | undefined;
  /** The last failure (serialized), if the last request failed. */
  readonly error: SerializedError | undefined;
  readonly status: ResponseStatus;
  /** A request is in flight and there is no data yet. */
  readonly isLoading: boolean;
  /** A request is in flight. */
  readonly isFetching: boolean;
  readonly isSuccess: boolean;
  readonly isError: boolean;
  /** When the request behind the current data started (0: never). */
  readonly fetchedAt: number;
  /**
   * When the data stops being fresh (0: stale or never fetched): the call's own expiry, or earlier
   * when a record of its data goes stale first by its Entity's `dataExpiryLength`.
   */
  readonly expiresAt: number;
}

/**
 * A selector that counts its recomputations (reselect's `recomputations()`).
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type CountingSelector<T> = ((state: unknown) => T) & { recomputations(): number; resetRecomputations(): void };

/**
 * Builds `selectResponse(endpoint, ...args)`: the memoized selector of one call's data and status.
 * The same call gets the same selector back, so components and `useSelector` see stable results.
 */
export function buildSelectResponse(mount: MountPoint) {
  const cached = buildSelectorCache<CountingSelector<ResponseState<unknown>>>();

  function build(
    endpoint: EndpointInterface,
    key: string,
    args: readonly unknown[],
  ): CountingSelector<ResponseState<unknown>> {
    const { schema } = endpoint;
    const { keys, selectors, indexSelectors, toTables, toIndexes } = tableInputs(mount, schema);
    // the meta of the kinds whose Entity declares dataExpiryLength (none, for most schemas)
    const kinds = expiringKinds(schema);
    const selectKindsMeta = createSelector(
      [...kinds.keys()].map((kind) => (state: unknown) => mount.selectSlice(state).entitiesMeta[kind]),
      (...lists): EntityMetaPages => Object.fromEntries([...kinds.keys()].map((kind, i) => [kind, lists[i]])),
      perStoreMemo,
    );
    return createSelector(
      [
        (state: unknown) => getOwn(mount.selectSlice(state).endpoints, key),
        (state: unknown) => getOwn(mount.selectSlice(state).meta, key),
        selectKindsMeta,
        ...selectors,
        ...indexSelectors,
      ],
      (result, stored, entitiesMeta, ...values): ResponseState<unknown> => {
        const meta = readableMeta(endpoint, key, result, stored, mount.resultFits);
        const tables = toTables(values);
        let data: unknown;
        let input: unknown = result;
        if (!isDataHidden(meta)) {
          if (result !== undefined || (meta !== undefined && meta.error === undefined && meta.date > 0)) {
            data = schema === undefined ? result : mount.memo.denormalize(schema, result, tables, args);
          } else if (schema !== undefined) {
            const query = buildQueryInput(schema, args, tables, toIndexes(values.slice(keys.length)), keys);
            input = query.input;
            if (query.found) data = mount.memo.denormalize(schema, query.input, tables, args);
          }
        }
        let expiresAt = meta?.expiresAt ?? 0;
        if (kinds.size > 0 && data !== undefined && meta !== undefined) {
          const records = recordsExpireAt(schema, input, args, { entities: tables, entitiesMeta }, kinds, meta.date);
          expiresAt = Math.min(expiresAt, records);
        }
        // the requests in flight the store counts (the request registry is the middleware's own record)
        const isFetching = (meta?.pending ?? 0) > 0;
        const error = meta?.error;
        const status: ResponseStatus = isFetching
          ? 'pending'
          : error !== undefined
            ? 'rejected'
            : meta !== undefined && meta.date > 0
              ? 'fulfilled'
              : 'uninitialized';
        return {
          data,
          error,
          status,
          isLoading: isFetching && data === undefined,
          isFetching,
          isSuccess: status === 'fulfilled' || (isFetching && data !== undefined),
          isError: status === 'rejected',
          fetchedAt: meta?.date ? meta.fetchedAt : 0,
          expiresAt,
        };
      },
      // a cache per store (see perStoreMemo), not one entry shared by every store
      perStoreMemo,
    ) as unknown as CountingSelector<ResponseState<unknown>>;
  }

  return function selectResponse<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]) {
    const key = endpoint.key(...args);
    return cached(endpoint, key, () => build(endpoint, key, args)) as CountingSelector<ResponseState<ResultOf<E>>>;
  };
}
