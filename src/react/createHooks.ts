import { buildHooksContext, type CreateHooksOptions, type HooksEntities } from './hooksContext.js';
import { buildUseCache, type UseCache } from './useCache.js';
import { buildUseController, type UseController } from './useController.js';
import { buildUseDLE, type UseDLE } from './useDLE.js';
import { buildUseError, type UseError } from './useError.js';
import { buildUseFetch, type UseFetch } from './useFetch.js';
import { buildUseLive, type UseLive } from './useLive.js';
import { createUseQuery, type UseQuery } from './useQuery.js';
import { buildUseSuspense, type UseSuspense } from './useSuspense.js';

/**
 * The hooks of one mount point; `rtk-entities/react` exports those of the default `entities` slice.
 * Each is documented where it is defined: {@link UseSuspense} and so on.
 *
 * @see docs/guide/react.md
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
 * @see docs/guide/react.md
 */
export function createHooks(entities: HooksEntities, options?: CreateHooksOptions): Hooks {
  const ctx = buildHooksContext(entities, options);
  const useSuspense = buildUseSuspense(ctx);
  return {
    useSuspense,
    useQuery: createUseQuery(ctx),
    useCache: buildUseCache(ctx),
    useFetch: buildUseFetch(ctx),
    useDLE: buildUseDLE(ctx),
    useError: buildUseError(ctx),
    useController: buildUseController(ctx),
    useLive: buildUseLive(ctx, useSuspense),
  };
}
