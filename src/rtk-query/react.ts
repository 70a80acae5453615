/**
 * `rtk-entities/rtk-query/react`: `normalizeApi` for apis made with `@reduxjs/toolkit/query/react`,
 * whose declared endpoints also have their hook (`useQuery` or `useMutation`), under RTK Query's
 * generated names too (`useGetTradesQuery`).
 */
import { buildNormalizedApi } from './buildNormalizedApi.js';
import { createUseMutation } from './createUseMutation.js';
import { createUseQuery } from './createUseQuery.js';
import type { NormalizedReactApi } from './reactTypes.js';
import type { AnyRtkApi, ApiSchemas, NormalizeApiOptions, OnlyEndpointsOf } from './types.js';

const capitalize = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/**
 * `normalizeApi` (see `rtk-entities/rtk-query`) plus hooks: `endpoints[name].useQuery(arg, options)`
 * gives RTK Query's hook result with `data` and `currentData` denormalized, re-rendering only when
 * they or a flag change; `endpoints[name].useMutation()` likewise for mutations. Each is also under
 * RTK Query's generated name (`entitiesApi.useGetTradesQuery`).
 *
 * @param api what `createApi` from `@reduxjs/toolkit/query/react` returned
 * @param schemas a schema per endpoint name; a name the api does not have throws, naming it
 * @param options `entities`: another mount point (`createEntities({ reducerPath })`)
 * @example
 * ```tsx
 * const entitiesApi = normalizeApi(api, { getTrades: trades, createTrade: { trade: trades.push, account: Account } });
 * function Trades() {
 *   const { data: trades } = entitiesApi.useGetTradesQuery(); // Trade[] | undefined
 *   return <p>{trades?.length} trades</p>;
 * }
 * ```
 * @see README.md#already-on-rtk-query
 */
export function normalizeApi<A extends AnyRtkApi, M extends ApiSchemas<A>>(
  api: A,
  schemas: M & OnlyEndpointsOf<A, M>,
  options: NormalizeApiOptions = {},
): NormalizedReactApi<A, M> {
  const built = buildNormalizedApi(api, schemas, options.entities);
  const endpoints: { [name: string]: object } = {};
  const hooks: { [name: string]: unknown } = {};
  for (const [name, declared] of built.declared) {
    const endpoint = built.endpoints[name] as (typeof built.endpoints)[string];
    const { useQuery, useMutation } = declared.rtk;
    if (declared.kind === 'query') {
      if (typeof useQuery !== 'function') throw new TypeError(noHooks(declared.label));
      const hook = createUseQuery(endpoint, useQuery);
      endpoints[name] = { ...endpoint, useQuery: hook };
      hooks[`use${capitalize(name)}Query`] = hook;
    } else {
      if (typeof useMutation !== 'function') throw new TypeError(noHooks(declared.label));
      const hook = createUseMutation(endpoint, useMutation);
      endpoints[name] = { ...endpoint, useMutation: hook };
      hooks[`use${capitalize(name)}Mutation`] = hook;
    }
  }
  // the run-time object is the typed one: mapped types over M cannot be built key by key
  return { middleware: built.middleware, endpoints, ...hooks } as unknown as NormalizedReactApi<A, M>;
}

function noHooks(label: string): string {
  return (
    `normalizeApi (rtk-entities/rtk-query/react): ${label} has no hooks. Make the api with createApi from '@reduxjs/toolkit/query/react', ` +
    "or import normalizeApi from 'rtk-entities/rtk-query' for an api without React."
  );
}

export type {
  BaseQueryOf,
  IsMutation,
  NormalizedHookNames,
  NormalizedMutationHook,
  NormalizedQueryHook,
  NormalizedReactApi,
  NormalizedReactEndpoint,
  QueryArgOf,
  ResultTypeOf,
} from './reactTypes.js';
export type {
  AnyRtkApi,
  ApiSchemas,
  NormalizeApiOptions,
  NormalizedApi,
  NormalizedEndpoint,
  WithData,
} from './types.js';
