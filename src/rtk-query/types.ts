/** The public types of `rtk-entities/rtk-query` (no React). */
import type { Middleware } from '@reduxjs/toolkit';
import type { BaseQueryFn, InfiniteData, InfiniteQueryDefinition } from '@reduxjs/toolkit/query';
import type { Entities } from '../redux/createEntities.js';
import type { CountingSelector } from '../redux/select/selectResponse.js';
import type { ObjectSchema } from '../schema/ObjectSchema.js';
import type { Denormalize } from '../schema/types.js';

/**
 * What `normalizeApi` takes: an RTK Query api, as `createApi` returns it.
 *
 * @see docs/guide/rtk-query.md
 */
export interface AnyRtkApi {
  readonly reducerPath: string;
  readonly endpoints: object;
}

/**
 * The endpoints of an RTK Query api, by name.
 *
 * @see docs/guide/rtk-query.md
 */
export type EndpointsOf<A extends AnyRtkApi> = A['endpoints'];

/**
 * Schemas by endpoint name, for some of the api's endpoints.
 *
 * @see docs/guide/rtk-query.md
 */
export type ApiSchemas<A extends AnyRtkApi> = { readonly [K in keyof EndpointsOf<A>]?: unknown };

/**
 * Makes a schema declared for a name the api does not have a type error.
 *
 * @see docs/guide/rtk-query.md
 */
export type OnlyEndpointsOf<A extends AnyRtkApi, M> = { readonly [K in Exclude<keyof M, keyof EndpointsOf<A>>]: never };

/** What RTK Query's endpoint types say about an endpoint (`api.endpoints[name].Types`). */
type EndpointTypes<E> = E extends { readonly Types: infer T } ? T : never;

/**
 * The endpoint's argument type.
 *
 * @see docs/guide/rtk-query.md
 */
export type QueryArgOf<E> = EndpointTypes<E> extends { QueryArg: infer A } ? A : never;

/**
 * The endpoint's (raw) result type: for an infinite query, that of one page.
 *
 * @see docs/guide/rtk-query.md
 */
export type ResultTypeOf<E> = EndpointTypes<E> extends { ResultType: infer R } ? R : never;

/**
 * The endpoint's base query.
 *
 * @see docs/guide/rtk-query.md
 */
export type BaseQueryOf<E> = EndpointTypes<E> extends { BaseQuery: infer B extends BaseQueryFn } ? B : never;

/**
 * An infinite query's page parameter.
 *
 * @see docs/guide/rtk-query.md
 */
export type PageParamOf<E> =
  EndpointTypes<E> extends { InfiniteQueryDefinition: InfiniteQueryDefinition<any, infer P, any, any, any, any> }
    ? P
    : never;

/**
 * True for mutation endpoints.
 *
 * @see docs/guide/rtk-query.md
 */
export type IsMutation<E> = EndpointTypes<E> extends { MutationDefinition: unknown } ? true : false;

/**
 * True for infinite query endpoints.
 *
 * @see docs/guide/rtk-query.md
 */
export type IsInfinite<E> = EndpointTypes<E> extends { InfiniteQueryDefinition: unknown } ? true : false;

/** A plain object written as a schema (`{ items: [Todo] }`): its other fields are the response's own. */
type IsObjectShorthand<S> = S extends abstract new (...args: any[]) => unknown
  ? false
  : S extends readonly unknown[]
    ? false
    : S extends { normalize(...args: any[]): unknown }
      ? false
      : S extends object
        ? true
        : false;

/** The fields of a response `R` read through an object schema `D`: the schema's fields denormalized, the others as `R` has them. */
type ReadFields<R, D> = R extends object
  ? {
      [K in keyof R | keyof D]: K extends keyof D
        ? DataOf<K extends keyof R ? R[K] : unknown, D[K]>
        : K extends keyof R
          ? R[K]
          : never;
    }
  : Denormalize<D>;

/**
 * What a response of type `R` reads as through schema `S`: `Denormalize<S>`, except that an object
 * schema (`{ items: [Todo] }`, `schema.Object`) keeps the fields it does not declare as the response
 * types them (`next`, `total`).
 *
 * @see docs/guide/rtk-query.md
 */
export type DataOf<R, S> =
  S extends ObjectSchema<infer D>
    ? ReadFields<R, D>
    : IsObjectShorthand<S> extends true
      ? ReadFields<R, S>
      : Denormalize<S>;

/**
 * The data of a declared endpoint's entries as normalizeApi reads them: `DataOf` its result type and
 * schema; for an infinite query, RTK Query's `{ pages, pageParams }` with each page read so.
 *
 * @see docs/guide/rtk-query.md
 */
export type EntryDataOf<E, S> =
  IsInfinite<E> extends true ? InfiniteData<DataOf<ResultTypeOf<E>, S>, PageParamOf<E>> : DataOf<ResultTypeOf<E>, S>;

/**
 * `Omit` applied to each member of a union, so a result's `status`/flags variants stay apart.
 *
 * @see docs/guide/rtk-query.md
 */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * An RTK Query result whose `data` and `currentData` are the denormalized `T` (instances), not the raw response.
 *
 * @see docs/guide/rtk-query.md
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
 * @see docs/guide/rtk-query.md
 */
export type RtkResultOf<E> = E extends { select(...args: any[]): (state: any) => infer R } ? R : never;

/**
 * The argument(s) RTK Query's `select` of that endpoint takes.
 *
 * @see docs/guide/rtk-query.md
 */
export type SelectArgsOf<E> = E extends { select(...args: infer P): unknown } ? P : never;

/**
 * One declared endpoint of a normalized api (`rtk-entities/rtk-query`).
 *
 * @see docs/guide/rtk-query.md
 */
export interface NormalizedEndpoint<E, S> {
  /** The endpoint's name in the api. */
  readonly name: string;
  /** The schema its responses are normalized with. */
  readonly schema: S;
  /**
   * A memoized selector of RTK Query's own result for this argument (flags, `status`, `error`),
   * whose `data` and `currentData` are denormalized from the entities slice (`EntryDataOf<E, S>`).
   * No data once RTK Query has removed the entry. The same selector comes back for equal arguments,
   * and it returns the same object while nothing it reads changed (per store).
   * @param arg as for RTK Query's `select`: the query's argument (or `skipToken`); for a mutation `{ requestId }` or `{ fixedCacheKey }`
   * @example
   * ```ts
   * const { data, isLoading } = entitiesApi.endpoints.getTrades.select()(store.getState()); // data: Trade[] | undefined
   * ```
   */
  select(...arg: SelectArgsOf<E>): CountingSelector<WithData<RtkResultOf<E>, EntryDataOf<E, S>>>;
}

/**
 * Options of `normalizeApi`.
 *
 * @see docs/guide/rtk-query.md
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
 * @see docs/guide/rtk-query.md
 */
export interface NormalizedApi<A extends AnyRtkApi, M> {
  /**
   * Normalizes the declared endpoints' responses into the entities slice: add it to the store after
   * `api.middleware` and `createDataMiddleware()`.
   */
  readonly middleware: Middleware;
  /** The declared endpoints, each with its normalized `select`. */
  readonly endpoints: { readonly [K in keyof M & keyof EndpointsOf<A>]: NormalizedEndpoint<EndpointsOf<A>[K], M[K]> };
  /**
   * Declares endpoints added later with `api.injectEndpoints`: the same middleware normalizes them
   * (no second one). Pass the api `injectEndpoints` returned to have them typed; a name the api does
   * not have throws, naming it.
   * @example
   * ```ts
   * const withUsers = api.injectEndpoints({ endpoints: (build) => ({ getUser: build.query<UserRow, number>({ query: (id) => `/users/${id}` }) }) });
   * const typed = entitiesApi.inject({ getUser: User }, withUsers);
   * typed.endpoints.getUser.select(1)(state).data; // User | undefined
   * ```
   */
  inject<A2 extends AnyRtkApi, M2 extends ApiSchemas<A2>>(
    schemas: M2 & OnlyEndpointsOf<A2, M2>,
    api: A2,
  ): NormalizedApi<A2, M & M2>;
  inject(schemas: { readonly [name: string]: unknown }): NormalizedApi<A, M>;
}
