/** The public types of `rtk-entities/rtk-query` (no React). */
import type { Middleware } from '@reduxjs/toolkit';
import type { Entities } from '../redux/createEntities.js';
import type { CountingSelector } from '../redux/selectResponse.js';
import type { Denormalize } from '../schema/types.js';

/**
 * What `normalizeApi` takes: an RTK Query api, as `createApi` returns it.
 *
 * @see README.md#already-on-rtk-query
 */
export interface AnyRtkApi {
  readonly reducerPath: string;
  readonly endpoints: object;
}

/**
 * The endpoints of an RTK Query api, by name.
 *
 * @see README.md#already-on-rtk-query
 */
export type EndpointsOf<A extends AnyRtkApi> = A['endpoints'];

/**
 * Schemas by endpoint name, for some of the api's endpoints.
 *
 * @see README.md#already-on-rtk-query
 */
export type ApiSchemas<A extends AnyRtkApi> = { readonly [K in keyof EndpointsOf<A>]?: unknown };

/**
 * Makes a schema declared for a name the api does not have a type error.
 *
 * @see README.md#already-on-rtk-query
 */
export type OnlyEndpointsOf<A extends AnyRtkApi, M> = { readonly [K in Exclude<keyof M, keyof EndpointsOf<A>>]: never };

/**
 * `Omit` applied to each member of a union, so a result's `status`/flags variants stay apart.
 *
 * @see README.md#already-on-rtk-query
 */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * An RTK Query result whose `data` and `currentData` are the denormalized `T` (instances), not the raw response.
 *
 * @see README.md#already-on-rtk-query
 */
export type WithData<R, T> = DistributiveOmit<R, 'data' | 'currentData'> & {
  /** The entry's data, denormalized from the entities slice: current after every write to what it holds. */
  readonly data: T | undefined;
  /** Like `data`: the data of this very entry. */
  readonly currentData: T | undefined;
};

/**
 * RTK Query's result for one endpoint's entry (what its own selector gives).
 *
 * @see README.md#already-on-rtk-query
 */
export type RtkResultOf<E> = E extends { select(...args: any[]): (state: any) => infer R } ? R : never;

/**
 * The argument(s) RTK Query's `select` of that endpoint takes.
 *
 * @see README.md#already-on-rtk-query
 */
export type SelectArgsOf<E> = E extends { select(...args: infer P): unknown } ? P : never;

/**
 * One declared endpoint of a normalized api (`rtk-entities/rtk-query`).
 *
 * @see README.md#already-on-rtk-query
 */
export interface NormalizedEndpoint<E, S> {
  /** The endpoint's name in the api. */
  readonly name: string;
  /** The schema its responses are normalized with. */
  readonly schema: S;
  /**
   * A memoized selector of RTK Query's own result for this argument (flags, `status`, `error`),
   * whose `data` and `currentData` are denormalized from the entities slice (`Denormalize<S>`).
   * No data once RTK Query has removed the entry. The same selector comes back for equal arguments,
   * and it returns the same object while nothing it reads changed (per store).
   * @param arg as for RTK Query's `select`: the query's argument (or `skipToken`); for a mutation `{ requestId }` or `{ fixedCacheKey }`
   * @example
   * ```ts
   * const { data, isFetching } = entitiesApi.endpoints.getTrades.select()(store.getState()); // data: Trade[] | undefined
   * ```
   */
  select(...arg: SelectArgsOf<E>): CountingSelector<WithData<RtkResultOf<E>, Denormalize<S>>>;
}

/**
 * Options of `normalizeApi`.
 *
 * @see README.md#already-on-rtk-query
 */
export interface NormalizeApiOptions {
  /**
   * The mount point the responses go to: what `createEntities({ reducerPath })` returned.
   * @default the default `entities` slice (the package's top-level exports)
   */
  readonly entities?: Entities;
}

/**
 * What `normalizeApi` returns (`rtk-entities/rtk-query`).
 *
 * @see README.md#already-on-rtk-query
 */
export interface NormalizedApi<A extends AnyRtkApi, M> {
  /**
   * Normalizes the declared endpoints' responses into the entities slice: add it to the store after
   * `api.middleware` and `createDataMiddleware()`.
   */
  readonly middleware: Middleware;
  /** The declared endpoints, each with its normalized `select`. */
  readonly endpoints: { readonly [K in keyof M & keyof EndpointsOf<A>]: NormalizedEndpoint<EndpointsOf<A>[K], M[K]> };
}
