import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import { isMarkedStale } from '../redux/fetchPolicy.js';
import { callKey, type HookArgs } from './hookArgs.js';
import type { HooksContext } from './hooksContext.js';
import { requestIfStale } from './requestIfStale.js';

/**
 * Fetches an endpoint when its stored data is missing, invalidated or expired, without suspending
 * and without subscribing to the data. Use it to start a request early (in parallel with a
 * `useSuspense` below it), then read the data with `useSuspense` or `useCache`.
 *
 * @see README.md#react
 */
export interface UseFetch {
  /**
   * @param endpoint what to fetch
   * @param args the endpoint's arguments, or `null` to skip the call
   * @returns the request's promise (it resolves with the data after the store commit and rejects
   *   with the failure) while one is in flight or starting; `undefined` when the stored data is fresh
   * @example
   * ```tsx
   * function UserPage({ id }: { id: string }) {
   *   useFetch(getPosts, { userId: id }); // starts now, not after the user has loaded
   *   const user = useSuspense(getUser, { id });
   *   return <Posts user={user} />;
   * }
   * ```
   */
  <E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): Promise<ResultOf<E>> | undefined;
}

/** Builds `useFetch` for one mount point. */
export function buildUseFetch(ctx: HooksContext): UseFetch {
  return function useFetch<E extends EndpointInterface>(
    endpoint: E,
    ...args: HookArgs<E>
  ): Promise<ResultOf<E>> | undefined {
    const store = ctx.useStore();
    const key = callKey(endpoint, args);
    // re-render (and so refetch) when the Controller invalidates or expires the call
    ctx.useSelector((state: unknown) => {
      if (key === undefined) return false;
      return isMarkedStale(ctx.callMeta(state, key));
    });
    if (key === undefined) return undefined;
    return requestIfStale(ctx, store, endpoint, args, key)?.promise as Promise<ResultOf<E>> | undefined;
  };
}
