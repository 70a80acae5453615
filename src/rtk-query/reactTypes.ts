/** The public types of `rtk-entities/rtk-query/react`: RTK Query's own hook types, over the data normalizeApi reads. */
import type { Middleware } from '@reduxjs/toolkit';
import type { EndpointDefinitions, SkipToken } from '@reduxjs/toolkit/query';
import type {
  TypedUseInfiniteQuery,
  TypedUseInfiniteQueryState,
  TypedUseInfiniteQuerySubscription,
  TypedUseLazyQuery,
  TypedUseLazyQuerySubscription,
  TypedUseMutation,
  TypedUseQuery,
  TypedUseQueryState,
  TypedUseQuerySubscription,
  TypedUseQueryHookResult,
  TypedUseQuerySubscriptionOptions,
} from '@reduxjs/toolkit/query/react';
import type {
  AnyRtkApi,
  ApiSchemas,
  BaseQueryOf,
  DataOf,
  DeclaredOf,
  EndpointsOf,
  EnhanceEndpointsOptions,
  EnhancedApi,
  InjectedApi,
  InjectEndpointsOptions,
  IsInfinite,
  IsMutation,
  KeptMembersOf,
  NormalizedEndpoint,
  OnlyEndpointsOf,
  PageParamOf,
  QueryArgOf,
  ResultTypeOf,
} from './types.js';

export type { BaseQueryOf, IsInfinite, IsMutation, PageParamOf, QueryArgOf, ResultTypeOf };

/** The data of one entry (one page, for an infinite query), as the hooks give it. */
type Data<E, S> = DataOf<ResultTypeOf<E>, S>;

/**
 * `useSuspenseQuery(arg, options)`: the normalized `useQuery` that suspends until the argument has
 * data and throws an error with no data to the nearest error boundary; `data` is then always set.
 *
 * @see docs/guide/rtk-query.md
 */
export interface NormalizedSuspenseQuery<E, S> {
  (
    arg: QueryArgOf<E>,
    options?: TypedUseQuerySubscriptionOptions,
  ): TypedUseQueryHookResult<Data<E, S>, QueryArgOf<E>, BaseQueryOf<E>> & {
    /** The argument's data (the last data shown, while a new argument refetches). */
    readonly data: Data<E, S>;
  };
  /** Skipped (`skipToken`, or `skip` in the options): no data. */
  (
    arg: QueryArgOf<E> | SkipToken,
    options?: TypedUseQuerySubscriptionOptions,
  ): TypedUseQueryHookResult<Data<E, S>, QueryArgOf<E>, BaseQueryOf<E>>;
}

/**
 * The hooks of a declared query: RTK Query's own, typed as RTK Query types them, over the
 * denormalized data (`selectFromResult` receives it, `refetch()` and a lazy trigger settle with it).
 *
 * @see docs/guide/rtk-query.md
 */
export interface NormalizedQueryHooks<E, S> {
  readonly useQuery: TypedUseQuery<Data<E, S>, QueryArgOf<E>, BaseQueryOf<E>>;
  readonly useQueryState: TypedUseQueryState<Data<E, S>, QueryArgOf<E>, BaseQueryOf<E>>;
  readonly useQuerySubscription: TypedUseQuerySubscription<Data<E, S>, QueryArgOf<E>, BaseQueryOf<E>>;
  readonly useLazyQuery: TypedUseLazyQuery<Data<E, S>, QueryArgOf<E>, BaseQueryOf<E>>;
  readonly useLazyQuerySubscription: TypedUseLazyQuerySubscription<Data<E, S>, QueryArgOf<E>, BaseQueryOf<E>>;
  readonly useSuspenseQuery: NormalizedSuspenseQuery<E, S>;
}

/**
 * The hooks of a declared infinite query: RTK Query's own, over `data.pages` denormalized with the page schema.
 *
 * @see docs/guide/rtk-query.md
 */
export interface NormalizedInfiniteQueryHooks<E, S> {
  readonly useInfiniteQuery: TypedUseInfiniteQuery<Data<E, S>, QueryArgOf<E>, PageParamOf<E>, BaseQueryOf<E>>;
  readonly useInfiniteQueryState: TypedUseInfiniteQueryState<Data<E, S>, QueryArgOf<E>, PageParamOf<E>, BaseQueryOf<E>>;
  readonly useInfiniteQuerySubscription: TypedUseInfiniteQuerySubscription<
    Data<E, S>,
    QueryArgOf<E>,
    PageParamOf<E>,
    BaseQueryOf<E>
  >;
}

/**
 * The hook of a declared mutation: RTK Query's own, whose result's `data` and trigger's promise give
 * the response denormalized.
 *
 * @see docs/guide/rtk-query.md
 */
export interface NormalizedMutationHooks<E, S> {
  readonly useMutation: TypedUseMutation<Data<E, S>, QueryArgOf<E>, BaseQueryOf<E>>;
}

/**
 * A declared endpoint of a normalized api with its hooks, by its kind.
 *
 * @see docs/guide/rtk-query.md
 */
export type NormalizedReactEndpoint<E, S> = NormalizedEndpoint<E, S> &
  (IsMutation<E> extends true
    ? NormalizedMutationHooks<E, S>
    : IsInfinite<E> extends true
      ? NormalizedInfiniteQueryHooks<E, S>
      : NormalizedQueryHooks<E, S>);

/**
 * The hooks under RTK Query's generated names: `useGetTodosQuery`, `useLazyGetTodosQuery`,
 * `useGetFeedInfiniteQuery`, `useCreateTodoMutation`.
 *
 * @see docs/guide/rtk-query.md
 */
export type NormalizedHookNames<A extends AnyRtkApi, M> = {
  readonly [
    K in DeclaredOf<A, M> as IsMutation<EndpointsOf<A>[K]> extends true
      ? `use${Capitalize<K>}Mutation`
      : IsInfinite<EndpointsOf<A>[K]> extends true
        ? `use${Capitalize<K>}InfiniteQuery`
        : `use${Capitalize<K>}Query`
  ]: IsMutation<EndpointsOf<A>[K]> extends true
    ? NormalizedMutationHooks<EndpointsOf<A>[K], M[K]>['useMutation']
    : IsInfinite<EndpointsOf<A>[K]> extends true
      ? NormalizedInfiniteQueryHooks<EndpointsOf<A>[K], M[K]>['useInfiniteQuery']
      : NormalizedQueryHooks<EndpointsOf<A>[K], M[K]>['useQuery'];
} & {
  readonly [
    K in DeclaredOf<A, M> as IsMutation<EndpointsOf<A>[K]> extends true
      ? never
      : IsInfinite<EndpointsOf<A>[K]> extends true
        ? never
        : `useLazy${Capitalize<K>}Query`
  ]: NormalizedQueryHooks<EndpointsOf<A>[K], M[K]>['useLazyQuery'];
};

/**
 * What `normalizeApi` of `rtk-entities/rtk-query/react` returns: the api itself, normalized, as
 * `NormalizedApi`, whose declared endpoints also have their hooks, on them and under RTK Query's
 * generated names. Undeclared endpoints keep RTK Query's own hooks, as does `usePrefetch`.
 *
 * @see docs/guide/rtk-query.md
 */
export type NormalizedReactApi<A extends AnyRtkApi, M> = KeptMembersOf<A, M> &
  NormalizedHookNames<A, M> & {
    /**
     * Normalizes the declared endpoints' responses into the entities slice: add it to the store after
     * `api.middleware` and `createDataMiddleware()`.
     */
    readonly middleware: Middleware;
    /** The api's endpoints: RTK Query's own, the declared ones with `select`, `initiate` and their hooks normalized. */
    readonly endpoints: Omit<EndpointsOf<A>, DeclaredOf<A, M>> & {
      readonly [K in DeclaredOf<A, M>]: NormalizedReactEndpoint<EndpointsOf<A>[K], M[K]>;
    };
    /** RTK Query's `injectEndpoints`, returning the normalized api; declare schemas for the new endpoints with `inject`. */
    injectEndpoints<D extends EndpointDefinitions>(
      options: InjectEndpointsOptions<A, D>,
    ): NormalizedReactApi<InjectedApi<A, D>, M>;
    /** RTK Query's `enhanceEndpoints`, returning the normalized api: what it adds to a declared endpoint counts. */
    enhanceEndpoints<T extends string = never, D extends EndpointDefinitions = never>(
      options: EnhanceEndpointsOptions<A, T, D>,
    ): NormalizedReactApi<EnhancedApi<A, T, D>, M>;
    /**
     * Declares endpoints added later with `injectEndpoints`: the same middleware normalizes
     * them, and they get their hooks. Typed when called on the api `injectEndpoints` returned, or given it.
     */
    inject<A2 extends AnyRtkApi, M2 extends ApiSchemas<A2>>(
      schemas: M2 & OnlyEndpointsOf<A2, M2>,
      api: A2,
    ): NormalizedReactApi<A2, M & M2>;
    inject<M2 extends ApiSchemas<A>>(schemas: M2 & OnlyEndpointsOf<A, M2>): NormalizedReactApi<A, M & M2>;
    inject(schemas: { readonly [name: string]: unknown }): NormalizedReactApi<A, M>;
  };
