import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import type { HookArgs } from './hookArgs.js';
import type { HooksContext } from './hooksContext.js';
import { useResponseSelector } from './useResponseSelector.js';

/**
 * Reads an endpoint's data from the store alone: never fetches, never suspends. Re-renders only
 * when the data changes. In development, a store without the entities slice or the data middleware
 * is reported once (`console.error`), naming the fix, rather than read as empty in silence.
 *
 * @see docs/guide/react.md
 */
export interface UseCache {
  /**
   * @param endpoint what to read
   * @param args the endpoint's arguments, or `null` to skip the call
   * @returns the data `selectResponse` gives (a `schema.All` endpoint lists every cached entity),
   *   or `undefined` when nothing is stored
   * @example
   * ```tsx
   * function UserCount() {
   *   const users = useCache(getUsers);
   *   return <span>{users?.length ?? 0} users</span>;
   * }
   * ```
   */
  <E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): ResultOf<E> | undefined;
}

/** Builds `useCache` for one mount point. */
export function buildUseCache(ctx: HooksContext): UseCache {
  return function useCache<E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): ResultOf<E> | undefined {
    const { select } = useResponseSelector(ctx, endpoint, args);
    return ctx.useSelector((state: unknown) => select?.(state).data) as ResultOf<E> | undefined;
  };
}
