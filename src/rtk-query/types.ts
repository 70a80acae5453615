/** The public types of `rtk-entities/rtk-query` (no React). */
import type { Middleware, ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type {
  Api,
  BaseQueryFn,
  EndpointBuilder,
  EndpointDefinitions,
  InfiniteData,
  InfiniteQueryActionCreatorResult,
  InfiniteQueryDefinition,
  MutationActionCreatorResult,
  MutationDefinition,
  OverrideResultType,
  QueryActionCreatorResult,
  QueryDefinition,
  UpdateDefinitions,
} from '@reduxjs/toolkit/query';
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

/** RTK Query's definition type of an endpoint (its `Types`), by kind. */
type DefinitionOf<E> =
  EndpointTypes<E> extends { MutationDefinition: infer D }
    ? D
    : EndpointTypes<E> extends { InfiniteQueryDefinition: infer D }
      ? D
      : EndpointTypes<E> extends { QueryDefinition: infer D }
        ? D
        : never;

/** The endpoint's definition with the data read through `S` as its result type (one page's, for an infinite query). */
type ReadDefinition<E, S> = OverrideResultType<DefinitionOf<E>, DataOf<ResultTypeOf<E>, S>>;

/**
 * What dispatching a declared endpoint's `initiate` returns: RTK Query's request (`abort`,
 * `unsubscribe`, `refetch`, `requestId`...), settling with the data read from the entities slice.
 *
 * @see docs/guide/rtk-query.md
 */
export type InitiatedOf<E, S> =
  IsMutation<E> extends true
    ? MutationActionCreatorResult<Extract<ReadDefinition<E, S>, MutationDefinition<any, any, any, any>>>
    : IsInfinite<E> extends true
      ? InfiniteQueryActionCreatorResult<
          Extract<ReadDefinition<E, S>, InfiniteQueryDefinition<any, any, any, any, any>>
        >
      : QueryActionCreatorResult<Extract<ReadDefinition<E, S>, QueryDefinition<any, any, any, any>>>;

/**
 * What reads a declared endpoint on a normalized api: the members it sets over RTK Query's own.
 *
 * @see docs/guide/rtk-query.md
 */
export interface NormalizedEndpointMembers<E, S> {
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
  /**
   * RTK Query's `initiate`, whose request settles with the data read from the entities slice:
   * `await dispatch(entitiesApi.endpoints.getTrades.initiate()).unwrap()` gives instances.
   */
  initiate(...args: InitiateArgsOf<E>): ThunkAction<InitiatedOf<E, S>, any, any, UnknownAction>;
}

/** The arguments of RTK Query's `initiate` of that endpoint. */
type InitiateArgsOf<E> = E extends { initiate(...args: infer P): unknown } ? P : never;

/**
 * One declared endpoint of a normalized api (`rtk-entities/rtk-query`): RTK Query's own endpoint
 * (its matchers, `name`, `Types`), with `select` and `initiate` reading from the entities slice.
 *
 * @see docs/guide/rtk-query.md
 */
export type NormalizedEndpoint<E, S> = Omit<E, 'select' | 'initiate' | `use${string}`> &
  NormalizedEndpointMembers<E, S>;

/**
 * The declared endpoints' names.
 *
 * @see docs/guide/rtk-query.md
 */
export type DeclaredOf<A extends AnyRtkApi, M> = keyof M & keyof EndpointsOf<A> & string;

/** The hooks RTK Query generates on the api for endpoint `K`, by every kind's name. */
type HookNamesOf<K extends string> =
  | `use${Capitalize<K>}Query`
  | `useLazy${Capitalize<K>}Query`
  | `use${Capitalize<K>}InfiniteQuery`
  | `use${Capitalize<K>}Mutation`;

/**
 * The api's own members a normalized api keeps as they are: all but those it sets (and the hooks
 * of declared endpoints, which the React entry sets).
 *
 * @see docs/guide/rtk-query.md
 */
export type KeptMembersOf<A extends AnyRtkApi, M> = Omit<
  A,
  'middleware' | 'endpoints' | 'injectEndpoints' | 'enhanceEndpoints' | HookNamesOf<DeclaredOf<A, M>>
>;

/**
 * `api.injectEndpoints`'s argument, for the api `A`.
 *
 * @see docs/guide/rtk-query.md
 */
export type InjectEndpointsOptions<A, D extends EndpointDefinitions> =
  A extends Api<infer B, infer _O, infer R, infer T, infer _X>
    ? { endpoints: (build: EndpointBuilder<B, T, R>) => D; overrideExisting?: boolean | 'throw' }
    : never;

/**
 * The api `api.injectEndpoints` returns: `A` with the endpoints `D` added.
 *
 * @see docs/guide/rtk-query.md
 */
export type InjectedApi<A, D extends EndpointDefinitions> =
  A extends Api<infer B, infer O, infer R, infer T, infer X> ? Api<B, O & D, R, T, X> : A;

/**
 * `api.enhanceEndpoints`'s argument, for the api `A`.
 *
 * @see docs/guide/rtk-query.md
 */
export type EnhanceEndpointsOptions<A, T extends string, D extends EndpointDefinitions> =
  A extends Api<infer _B, infer O, infer _R, infer TT, infer _X>
    ? {
        addTagTypes?: readonly T[];
        endpoints?: UpdateDefinitions<O, TT | NoInfer<T>, D> extends infer U
          ? { [K in keyof U]?: Partial<U[K]> | ((definition: U[K]) => void) }
          : never;
      }
    : never;

/**
 * The api `api.enhanceEndpoints` returns: `A` with the tag types `T` and the definitions enhanced.
 *
 * @see docs/guide/rtk-query.md
 */
export type EnhancedApi<A, T extends string, D extends EndpointDefinitions> =
  A extends Api<infer B, infer O, infer R, infer TT, infer X>
    ? Api<B, UpdateDefinitions<O, TT | T, D>, R, TT | T, X>
    : A;

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
 * What `normalizeApi` returns (`rtk-entities/rtk-query`): the api itself, normalized. Every member
 * of `A` is there with its meaning (`reducerPath`, `reducer`, `util`, undeclared endpoints as RTK
 * Query's own...); `middleware` is the normalizing one, and the declared endpoints read from the
 * entities slice. It can stand in for `api` in any file.
 *
 * @see docs/guide/rtk-query.md
 */
export type NormalizedApi<A extends AnyRtkApi, M> = KeptMembersOf<A, M> & {
  /**
   * Normalizes the declared endpoints' responses into the entities slice: add it to the store after
   * `api.middleware` and `createDataMiddleware()`.
   */
  readonly middleware: Middleware;
  /** The api's endpoints: RTK Query's own, the declared ones with `select` and `initiate` normalized. */
  readonly endpoints: Omit<EndpointsOf<A>, DeclaredOf<A, M>> & {
    readonly [K in DeclaredOf<A, M>]: NormalizedEndpoint<EndpointsOf<A>[K], M[K]>;
  };
  /** RTK Query's `injectEndpoints`, returning the normalized api; declare schemas for the new endpoints with `inject`. */
  injectEndpoints<D extends EndpointDefinitions>(
    options: InjectEndpointsOptions<A, D>,
  ): NormalizedApi<InjectedApi<A, D>, M>;
  /** RTK Query's `enhanceEndpoints`, returning the normalized api: what it adds to a declared endpoint counts. */
  enhanceEndpoints<T extends string = never, D extends EndpointDefinitions = never>(
    options: EnhanceEndpointsOptions<A, T, D>,
  ): NormalizedApi<EnhancedApi<A, T, D>, M>;
  /**
   * Declares endpoints added later with `api.injectEndpoints`: the same middleware normalizes them
   * (no second one). Pass the api `injectEndpoints` returned to have them typed; a name the api does
   * not have throws, naming it.
   * @example
   * ```ts
   * const withUsers = entitiesApi.injectEndpoints({ endpoints: (build) => ({ getUser: build.query<UserRow, number>({ query: (id) => `/users/${id}` }) }) });
   * withUsers.inject({ getUser: User }).endpoints.getUser.select(1)(state).data; // User | undefined
   * ```
   */
  inject<A2 extends AnyRtkApi, M2 extends ApiSchemas<A2>>(
    schemas: M2 & OnlyEndpointsOf<A2, M2>,
    api: A2,
  ): NormalizedApi<A2, M & M2>;
  inject<M2 extends ApiSchemas<A>>(schemas: M2 & OnlyEndpointsOf<A, M2>): NormalizedApi<A, M & M2>;
  inject(schemas: { readonly [name: string]: unknown }): NormalizedApi<A, M>;
};
