import { buildNormalizedApi } from './buildNormalizedApi.js';
import type { AnyRtkApi, ApiSchemas, NormalizeApiOptions, NormalizedApi, OnlyEndpointsOf } from './types.js';

/**
 * Normalizes an existing RTK Query api: every fulfilled query or mutation of an endpoint declared in
 * `schemas` is normalized into the entities slice, ordered with every other request by its start
 * (docs/guide/long-running.md), so one response updates every view that shows its entities, with no tags and no
 * refetch, and `schema.All` / `getEntitySelectors` see what RTK Query fetched. A result stays while
 * RTK Query holds its entry and goes when RTK Query removes it.
 *
 * What it returns stands for `api` everywhere: every member of the api, with its meaning, and the
 * declared endpoints read from the entities slice (`select`, `initiate`'s request).
 *
 * @param api what `createApi` returned (from `@reduxjs/toolkit/query` or `/query/react`)
 * @param schemas a schema per endpoint name; a name the api does not have throws, naming it
 * @param options `entities`: another mount point (`createEntities({ reducerPath })`)
 * @returns the api, normalized: `middleware` (add it after `api.middleware` and `createDataMiddleware()`),
 *   `endpoints[name].select(arg)` (RTK Query's result with `data` denormalized), and the api's own members
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
  // the run-time object is the typed one: a mapped type over M cannot be built key by key
  return buildNormalizedApi(api, schemas, options.entities) as NormalizedApi<A, M>;
}
