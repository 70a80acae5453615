/**
 * `rtk-entities/rtk-query/react`: `normalizeApi` for apis made with `@reduxjs/toolkit/query/react`,
 * whose declared endpoints also have every hook RTK Query generates, under RTK Query's names, with
 * the data denormalized, plus `useSuspenseQuery`.
 *
 * @module rtk-entities/rtk-query/react
 */
import { buildNormalizedApi, type AddHooks } from './buildNormalizedApi.js';
import { buildInfiniteQueryHooks } from './hooks/buildInfiniteQueryHooks.js';
import { buildMutationHook } from './hooks/buildMutationHook.js';
import { buildQueryHooks } from './hooks/buildQueryHooks.js';
import { buildUseSuspenseQuery } from './hooks/buildUseSuspenseQuery.js';
import type { NormalizedReactApi } from './reactTypes.js';
import type { AnyRtkApi, ApiSchemas, NormalizeApiOptions, OnlyEndpointsOf } from './types.js';

/** Sets a declared endpoint's hooks on it and, under RTK Query's generated names, on the api. */
const addHooks: AddHooks = (endpoint, declared, api) => {
  const { name, kind } = declared;
  const Name = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  if (kind === 'mutation') {
    const useMutation = buildMutationHook(endpoint, declared);
    Object.assign(endpoint, { useMutation });
    api[`use${Name}Mutation`] = useMutation;
  } else if (kind === 'infinitequery') {
    const infinite = buildInfiniteQueryHooks(endpoint, declared);
    Object.assign(endpoint, infinite);
    api[`use${Name}InfiniteQuery`] = infinite.useInfiniteQuery;
  } else {
    const query = buildQueryHooks(endpoint, declared);
    Object.assign(endpoint, query, { useSuspenseQuery: buildUseSuspenseQuery(declared, query.useQuery) });
    api[`use${Name}Query`] = query.useQuery;
    api[`useLazy${Name}Query`] = query.useLazyQuery;
  }
};

/**
 * `normalizeApi` (see `rtk-entities/rtk-query`: the api itself, normalized) plus, for the declared
 * endpoints, every hook RTK Query generates, with the data denormalized from the entities slice: on
 * the api `useGetTodosQuery`, `useLazyGetTodosQuery`, `useGetFeedInfiniteQuery`,
 * `useCreateTodoMutation`; on `endpoints[name]`
 * `useQuery`, `useQueryState`, `useQuerySubscription`, `useLazyQuery`, `useLazyQuerySubscription`,
 * `useInfiniteQuery`, `useInfiniteQueryState`, `useInfiniteQuerySubscription`, `useMutation`, and
 * `useSuspenseQuery` for Suspense and error boundaries. They are RTK Query's own hooks underneath:
 * every option works as RTK Query documents it, and `selectFromResult` receives the denormalized
 * result, so a component re-renders only when what it selects changes. Undeclared endpoints keep
 * RTK Query's own hooks, as the api keeps `usePrefetch`.
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
  // the run-time object is the typed one: mapped types over M cannot be built key by key
  return buildNormalizedApi(api, schemas, options.entities, addHooks) as NormalizedReactApi<A, M>;
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
  InitiatedOf,
  NormalizeApiOptions,
  NormalizedApi,
  NormalizedEndpoint,
  NormalizedEndpointMembers,
  WithData,
} from './types.js';
