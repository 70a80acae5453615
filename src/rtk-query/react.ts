/**
 * `rtk-entities/rtk-query/react`: `normalizeApi` for apis made with `@reduxjs/toolkit/query/react`,
 * whose declared endpoints also have every hook RTK Query generates, under RTK Query's names, with
 * the data denormalized, plus `useSuspenseQuery`.
 *
 * @module rtk-entities/rtk-query/react
 */
import { buildNormalizedApi, type BuiltApi } from './buildNormalizedApi.js';
import { buildInfiniteQueryHooks } from './hooks/buildInfiniteQueryHooks.js';
import { buildMutationHook } from './hooks/buildMutationHook.js';
import { buildQueryHooks } from './hooks/buildQueryHooks.js';
import { buildUseSuspenseQuery } from './hooks/buildUseSuspenseQuery.js';
import type { DeclaredEndpoint } from './readApi.js';
import type { NormalizedReactApi } from './reactTypes.js';
import type { AnyRtkApi, ApiSchemas, NormalizeApiOptions, OnlyEndpointsOf } from './types.js';
import { field } from '../utils/field.js';

const capitalize = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** Adds the hooks of `declared` endpoints to `endpoints` and, under RTK Query's generated names, to `hooks`. */
function addHooks(
  built: BuiltApi,
  declared: readonly DeclaredEndpoint[],
  endpoints: { [name: string]: object },
  hooks: { [name: string]: unknown },
): void {
  for (const endpoint of declared) {
    const { name, kind } = endpoint;
    const base = built.endpoints[name] as BuiltApi['endpoints'][string];
    const Name = capitalize(name);
    if (kind === 'mutation') {
      const useMutation = buildMutationHook(base, endpoint);
      endpoints[name] = { ...base, useMutation };
      hooks[`use${Name}Mutation`] = useMutation;
    } else if (kind === 'infinitequery') {
      const infinite = buildInfiniteQueryHooks(base, endpoint);
      endpoints[name] = { ...base, ...infinite };
      hooks[`use${Name}InfiniteQuery`] = infinite.useInfiniteQuery;
    } else {
      const query = buildQueryHooks(base, endpoint);
      endpoints[name] = { ...base, ...query, useSuspenseQuery: buildUseSuspenseQuery(endpoint, query.useQuery) };
      hooks[`use${Name}Query`] = query.useQuery;
      hooks[`useLazy${Name}Query`] = query.useLazyQuery;
    }
  }
}

/**
 * `normalizeApi` (see `rtk-entities/rtk-query`) plus every hook RTK Query generates, with the data
 * denormalized from the entities slice: on the api `useGetTodosQuery`, `useLazyGetTodosQuery`,
 * `useGetFeedInfiniteQuery`, `useCreateTodoMutation` and `usePrefetch`; on `endpoints[name]`
 * `useQuery`, `useQueryState`, `useQuerySubscription`, `useLazyQuery`, `useLazyQuerySubscription`,
 * `useInfiniteQuery`, `useInfiniteQueryState`, `useInfiniteQuerySubscription`, `useMutation`, and
 * `useSuspenseQuery` for Suspense and error boundaries. They are RTK Query's own hooks underneath:
 * every option works as RTK Query documents it, and `selectFromResult` receives the denormalized
 * result, so a component re-renders only when what it selects changes.
 *
 * @param api what `createApi` from `@reduxjs/toolkit/query/react` returned
 * @param schemas a schema per endpoint name; a name the api does not have throws, naming it
 * @param options `entities`: another mount point (`createEntities({ reducerPath })`)
 * @example
 * ```tsx
 * const entitiesApi = normalizeApi(api, { getTrades: trades, createTrade: { trade: trades.push, account: Account } });
 * function Trades() {
 *   const { data: trades } = entitiesApi.useGetTradesQuery(); // Trade[] | undefined
 *   const { total } = entitiesApi.useGetTradesQuery(undefined, { selectFromResult: ({ data }) => ({ total: data?.length }) });
 *   return <p>{trades?.length} trades</p>;
 * }
 * ```
 * @see docs/guide/rtk-query.md
 */
export function normalizeApi<A extends AnyRtkApi, M extends ApiSchemas<A>>(
  api: A,
  schemas: M & OnlyEndpointsOf<A, M>,
  options: NormalizeApiOptions = {},
): NormalizedReactApi<A, M> {
  const built = buildNormalizedApi(api, schemas, options.entities);
  const endpoints: { [name: string]: object } = {};
  const normalized: { [name: string]: unknown } = {
    middleware: built.middleware,
    endpoints,
    usePrefetch: field(api, 'usePrefetch'),
    inject(more: unknown) {
      addHooks(built, built.inject(more), endpoints, normalized);
      return normalized;
    },
  };
  addHooks(built, [...built.plan.endpoints.values()], endpoints, normalized);
  // the run-time object is the typed one: mapped types over M cannot be built key by key
  return normalized as unknown as NormalizedReactApi<A, M>;
}

export type {
  BaseQueryOf,
  IsInfinite,
  IsMutation,
  NormalizedHookNames,
  NormalizedInfiniteQueryHooks,
  NormalizedMutationHooks,
  NormalizedQueryHooks,
  NormalizedReactApi,
  NormalizedReactEndpoint,
  NormalizedSuspenseQuery,
  PageParamOf,
  QueryArgOf,
  ResultTypeOf,
} from './reactTypes.js';
export type {
  AnyRtkApi,
  ApiSchemas,
  DataOf,
  EntryDataOf,
  NormalizeApiOptions,
  NormalizedApi,
  NormalizedEndpoint,
  WithData,
} from './types.js';
