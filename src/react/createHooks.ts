import { createHooksContext, type CreateHooksOptions, type HooksEntities } from './hooksContext.js';
import { createUseCache, type UseCache } from './useCache.js';
import { createUseController, type UseController } from './useController.js';
import { createUseDLE, type UseDLE } from './useDLE.js';
import { createUseError, type UseError } from './useError.js';
import { createUseFetch, type UseFetch } from './useFetch.js';
import { createUseLive, type UseLive } from './useLive.js';
import { createUseQuery, type UseQuery } from './useQuery.js';
import { createUseSuspense, type UseSuspense } from './useSuspense.js';

/** The hooks of one mount point; `rtk-entities/react` exports those of the default `entities` slice. */
export interface Hooks {
  /** Reads an endpoint's data, fetching when needed; suspends until there is data. */
  readonly useSuspense: UseSuspense;
  /** Reads a queryable (All, Entity, Query) from the store alone. */
  readonly useQuery: UseQuery;
  /** Reads an endpoint's stored data; never fetches. */
  readonly useCache: UseCache;
  /** Fetches an endpoint when its data is stale, without suspending. */
  readonly useFetch: UseFetch;
  /** `{ data, loading, error }` of an endpoint, fetching when needed, without suspense. */
  readonly useDLE: UseDLE;
  /** The stored error of an endpoint call, soft ones included. */
  readonly useError: UseError;
  /** The Controller of the store in context. */
  readonly useController: UseController;
  /** `useSuspense` plus polling at `endpoint.pollFrequency`. */
  readonly useLive: UseLive;
}

/**
 * The React hooks bound to one mount point, on react-redux's context (no provider of our own: the
 * app's `<Provider store>` is enough). Use it for a slice mounted with `createEntities({ reducerPath })`.
 *
 * @param entities what `createEntities` returned
 * @param options `context`: a custom react-redux context, if the app uses one
 * @returns every hook, bound to that mount point
 * @example
 * ```tsx
 * // cache.ts
 * export const cache = createEntities({ reducerPath: 'cache' });
 * export const { useSuspense, useController } = createHooks(cache);
 *
 * // Users.tsx
 * function Users() {
 *   const users = useSuspense(getUsers);
 *   return <p>{users.length} users</p>;
 * }
 * ```
 */
export function createHooks(entities: HooksEntities, options?: CreateHooksOptions): Hooks {
  const ctx = createHooksContext(entities, options);
  const useSuspense = createUseSuspense(ctx);
  return {
    useSuspense,
    useQuery: createUseQuery(ctx),
    useCache: createUseCache(ctx),
    useFetch: createUseFetch(ctx),
    useDLE: createUseDLE(ctx),
    useError: createUseError(ctx),
    useController: createUseController(ctx),
    useLive: createUseLive(ctx, useSuspense),
  };
}
