import { buildNormalizedApi } from './buildNormalizedApi.js';
import type { AnyRtkApi, ApiSchemas, NormalizeApiOptions, NormalizedApi, OnlyEndpointsOf } from './types.js';

/**
 * Normalizes an existing RTK Query api: every fulfilled query or mutation of an endpoint declared in
 * `schemas` is normalized into the entities slice, ordered with every other request by its start
 * (docs/guide/long-running.md), so one response updates every view that shows its entities, with no tags and no
 * refetch, and `schema.All` / `getEntitySelectors` see what RTK Query fetched. A result stays while
 * RTK Query holds its entry and goes when RTK Query removes it.
 *
 * @param api what `createApi` returned (from `@reduxjs/toolkit/query` or `/query/react`)
 * @param schemas a schema per endpoint name; a name the api does not have throws, naming it
 * @param options `entities`: another mount point (`createEntities({ reducerPath })`)
 * @returns `middleware` (add it after `api.middleware` and `createDataMiddleware()`) and
 *   `endpoints[name].select(arg)`: RTK Query's result with `data` denormalized
 * @example
 * ```ts
 * const trades = new schema.Collection([Trade]);
 * const entitiesApi = normalizeApi(api, { getTrades: trades, createTrade: { trade: trades.push, account: Account } });
 * const store = configureStore({
 *   reducer: { [api.reducerPath]: api.reducer, [entitiesSlice.reducerPath]: entitiesSlice.reducer },
 *   middleware: (getDefault) => getDefault().concat(api.middleware, createDataMiddleware(), entitiesApi.middleware),
 * });
 * entitiesApi.endpoints.getTrades.select()(store.getState()).data; // Trade[]
 * ```
 * @see docs/guide/rtk-query.md
 */
export function normalizeApi<A extends AnyRtkApi, M extends ApiSchemas<A>>(
  api: A,
  schemas: M & OnlyEndpointsOf<A, M>,
  options: NormalizeApiOptions = {},
): NormalizedApi<A, M> {
  const built = buildNormalizedApi(api, schemas, options.entities);
  const normalized = {
    middleware: built.middleware,
    endpoints: built.endpoints,
    inject(more: unknown) {
      built.inject(more);
      return normalized;
    },
  };
  // the run-time endpoints are the typed ones: a mapped type over M cannot be built key by key
  return normalized as unknown as NormalizedApi<A, M>;
}
