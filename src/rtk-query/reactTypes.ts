/** The public types of `rtk-entities/rtk-query/react`. */
import type { BaseQueryFn, SkipToken } from '@reduxjs/toolkit/query';
import type {
  TypedMutationTrigger,
  TypedUseMutationResult,
  TypedUseQueryHookResult,
  TypedUseQuerySubscriptionOptions,
} from '@reduxjs/toolkit/query/react';
import type { Denormalize } from '../schema/types.js';
import type { AnyRtkApi, EndpointsOf, NormalizedApi, NormalizedEndpoint, WithData } from './types.js';

/** What RTK Query's endpoint types say about an endpoint (`api.endpoints[name].Types`). */
type EndpointTypes<E> = E extends { readonly Types: infer T } ? T : never;
/**
 * The endpoint's argument type.
 *
 * @see README.md#already-on-rtk-query
 */
export type QueryArgOf<E> = EndpointTypes<E> extends { QueryArg: infer A } ? A : never;
/**
 * The endpoint's (raw) result type.
 *
 * @see README.md#already-on-rtk-query
 */
export type ResultTypeOf<E> = EndpointTypes<E> extends { ResultType: infer R } ? R : never;
/**
 * The endpoint's base query.
 *
 * @see README.md#already-on-rtk-query
 */
export type BaseQueryOf<E> = EndpointTypes<E> extends { BaseQuery: infer B extends BaseQueryFn } ? B : never;
/**
 * True for mutation endpoints.
 *
 * @see README.md#already-on-rtk-query
 */
export type IsMutation<E> = EndpointTypes<E> extends { MutationDefinition: unknown } ? true : false;

/**
 * The hook of a declared query.
 *
 * @see README.md#already-on-rtk-query
 */
export interface NormalizedQueryHook<E, S> {
  /**
   * RTK Query's `useQuery` (subscription, polling, refetching, flags) with `data` and `currentData`
   * denormalized from the entities slice (`Denormalize<S>`). Re-renders only when the denormalized
   * value or a flag changes: a mutation that changes an entity it shows re-renders it with no request.
   * @param arg the query's argument, or `skipToken`
   * @param options RTK Query's subscription options (`skip`, `pollingInterval`, `refetchOnMountOrArgChange`…)
   * @example
   * ```tsx
   * const { data: trades, isLoading } = entitiesApi.useGetTradesQuery(); // Trade[] | undefined
   * ```
   */
  (
    arg: QueryArgOf<E> | SkipToken,
    options?: TypedUseQuerySubscriptionOptions,
  ): WithData<TypedUseQueryHookResult<ResultTypeOf<E>, QueryArgOf<E>, BaseQueryOf<E>>, Denormalize<S>>;
}

/**
 * The hook of a declared mutation.
 *
 * @see README.md#already-on-rtk-query
 */
export interface NormalizedMutationHook<E, S> {
  /**
   * RTK Query's `useMutation`: its trigger (whose promise gives the raw response), and its result
   * with `data` denormalized from the entities slice (`Denormalize<S>`).
   * @param options `fixedCacheKey`, as RTK Query's
   */
  (options?: {
    readonly fixedCacheKey?: string;
  }): readonly [
    TypedMutationTrigger<ResultTypeOf<E>, QueryArgOf<E>, BaseQueryOf<E>>,
    WithData<TypedUseMutationResult<ResultTypeOf<E>, QueryArgOf<E>, BaseQueryOf<E>>, Denormalize<S>>,
  ];
}

/**
 * A declared endpoint of a normalized api with its hook: `useQuery` for queries, `useMutation` for mutations.
 *
 * @see README.md#already-on-rtk-query
 */
export type NormalizedReactEndpoint<E, S> = NormalizedEndpoint<E, S> &
  (IsMutation<E> extends true
    ? { readonly useMutation: NormalizedMutationHook<E, S> }
    : { readonly useQuery: NormalizedQueryHook<E, S> });

/**
 * The hooks under RTK Query's generated names: `useGetTradesQuery`, `useCreateTradeMutation`.
 *
 * @see README.md#already-on-rtk-query
 */
export type NormalizedHookNames<A extends AnyRtkApi, M> = {
  readonly [
    K in keyof M & keyof EndpointsOf<A> & string as IsMutation<EndpointsOf<A>[K]> extends true
      ? `use${Capitalize<K>}Mutation`
      : `use${Capitalize<K>}Query`
  ]: IsMutation<EndpointsOf<A>[K]> extends true
    ? NormalizedMutationHook<EndpointsOf<A>[K], M[K]>
    : NormalizedQueryHook<EndpointsOf<A>[K], M[K]>;
};

/**
 * What `normalizeApi` of `rtk-entities/rtk-query/react` returns.
 *
 * @see README.md#already-on-rtk-query
 */
export type NormalizedReactApi<A extends AnyRtkApi, M> = Omit<NormalizedApi<A, M>, 'endpoints'> & {
  /** The declared endpoints, each with its normalized `select` and hook. */
  readonly endpoints: {
    readonly [K in keyof M & keyof EndpointsOf<A>]: NormalizedReactEndpoint<EndpointsOf<A>[K], M[K]>;
  };
} & NormalizedHookNames<A, M>;
