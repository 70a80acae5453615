import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import type { EndpointArgs } from '../redux/fetchEndpoint.js';
import type { HookArgs } from './hookArgs.js';
import { toHookError } from './hookError.js';
import type { HooksContext } from './hooksContext.js';
import { useCallView } from './useCallView.js';

/**
 * Reads an endpoint's data, fetching it when it is missing, invalidated or expired. Suspends (the
 * nearest `<Suspense>` shows its fallback) until there is data; stale data is returned at once and
 * refreshed in the background. Throws to the nearest error boundary when the call failed and there
 * is nothing to show: a hard error (`errorPolicy` 'hard', e.g. a 404), or any error before the
 * first data. The thrown `Error` has the stored `name`, `message` and `status`. Identical calls in
 * any number of components make one request. `null` as the arguments skips: `undefined`, no request.
 *
 * @see docs/guide/react.md
 */
export interface UseSuspense {
  /**
   * @param endpoint what to read, e.g. a `RestEndpoint`
   * @param args the endpoint's arguments
   * @returns the denormalized data, the object selectors return
   * @example
   * ```tsx
   * function Users() {
   *   const users = useSuspense(getUsers);
   *   return <ul>{users.map((user) => <li key={user.id}>{user.name}</li>)}</ul>;
   * }
   * <AsyncBoundary fallback="Loading…"><Users /></AsyncBoundary>
   * ```
   */
  <E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): ResultOf<E>;
  /**
   * @param endpoint what to read
   * @param args the endpoint's arguments, or `null` to skip the call
   * @returns the data, or `undefined` when skipped
   * @example
   * ```tsx
   * const user = useSuspense(getUser, id === undefined ? null : { id });
   * ```
   */
  <E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): ResultOf<E> | undefined;
}

/** Builds `useSuspense` for one mount point. */
export function buildUseSuspense(ctx: HooksContext): UseSuspense {
  function useSuspense<E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): ResultOf<E> | undefined {
    const controller = ctx.controllerFor(ctx.useStore());
    const { key, view } = useCallView(ctx, endpoint, args);
    if (key === undefined) return undefined;
    // the fetch policy decides; the hook suspends, throws or shows as it is told
    const { decision, request } = controller.ask(endpoint, ...(args as EndpointArgs<E>));
    if (decision.data === 'hidden' && request !== undefined) throw request.settled;
    if (decision.error === 'thrown' && view.error !== undefined) {
      throw toHookError(view.error, () => controller.expireAll({ testKey: (candidate) => candidate === key }));
    }
    return view.data;
  }
  return useSuspense as UseSuspense;
}
