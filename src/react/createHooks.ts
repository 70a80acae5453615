import { createHooksContext, type CreateHooksOptions, type HooksEntities } from './hooksContext.js';
import { createUseCache, type UseCache } from './useCache.js';
import { createUseController, type UseController } from './useController.js';
import { createUseDLE, type UseDLE } from './useDLE.js';
import { createUseError, type UseError } from './useError.js';
import { createUseFetch, type UseFetch } from './useFetch.js';
import { createUseLive, type UseLive } from './useLive.js';
import { createUseQuery, type UseQuery } from './useQuery.js';
import { createUseSuspense, type UseSuspense } from './useSuspense.js';

/**
 * The hooks of one mount point; `rtk-entities/react` exports those of the default `entities` slice.
 * Each is documented where it is defined: {@link UseSuspense} and so on.
 *
 * @see README.md#react
 */
export interface Hooks {
  /** The mount point's `useSuspense`: see {@link UseSuspense}. */
  readonly useSuspense: UseSuspense;
  /** The mount point's `useQuery`: see {@link UseQuery}. */
  readonly useQuery: UseQuery;
  /** The mount point's `useCache`: see {@link UseCache}. */
  readonly useCache: UseCache;
  /** The mount point's `useFetch`: see {@link UseFetch}. */
  readonly useFetch: UseFetch;
  /** The mount point's `useDLE`: see {@link UseDLE}. */
  readonly useDLE: UseDLE;
  /** The mount point's `useError`: see {@link UseError}. */
  readonly useError: UseError;
  /** The mount point's `useController`: see {@link UseController}. */
  readonly useController: UseController;
  /** The mount point's `useLive`: see {@link UseLive}. */
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
 * @see README.md#react
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
