import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import type { EndpointArgs } from '../redux/fetchEndpoint.js';
import type { HookArgs } from './hookArgs.js';
import type { HooksContext } from './hooksContext.js';
import { useResponseSelector } from './useResponseSelector.js';

/**
 * Fetches an endpoint when the call is stale (missing, invalidated or expired: the rule of
 * `docs/guide/fetching.md`), without suspending and without subscribing to the data. Use it
 * to start a request early (in parallel with a `useSuspense` below it), then read the data with
 * `useSuspense` or `useCache`. While mounted, the call is retained: what it fetched is not collected
 * before the component that reads it mounts.
 *
 * @see docs/guide/react.md
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
    const controller = ctx.controllerFor(ctx.useStore());
    const { key, select } = useResponseSelector(ctx, endpoint, args);
    // re-render (and so ask again) when the Controller invalidates or expires the call
    ctx.useSelector((state: unknown) => select?.(state).expiresAt === 0);
    if (key === undefined) return undefined;
    const { request } = controller.ask(endpoint, ...(args as EndpointArgs<E>));
    return request?.promise as Promise<ResultOf<E>> | undefined;
  };
}
