import type { Store } from '@reduxjs/toolkit';
import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import type { EndpointArgs } from '../redux/fetchEndpoint.js';
import type { HookArgs } from './hookArgs.js';
import { toHookError, withRetry } from './hookError.js';
import type { HooksContext } from './hooksContext.js';
import { requestIfStale } from './requestIfStale.js';
import { useCallView, type CallView } from './useCallView.js';

/**
 * Reads an endpoint's data, fetching it when it is missing, invalidated or expired. Suspends (the
 * nearest `<Suspense>` shows its fallback) until there is data; stale data is returned at once and
 * refreshed in the background. Throws to the nearest error boundary when the call failed and there
 * is nothing to show: a hard error (`errorPolicy` 'hard', e.g. a 404), or any error before the
 * first data. The thrown `Error` has the stored `name`, `message` and `status`. Identical calls in
 * any number of components make one request. `null` as the arguments skips: `undefined`, no request.
 *
 * @see README.md#react
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
    const store = ctx.useStore();
    const { key, view } = useCallView(ctx, endpoint, args);
    return key === undefined ? undefined : readOrThrow(ctx, store, endpoint, args, key, view);
  }
  return useSuspense as UseSuspense;
}

/** The data of a call, or a throw: its request (suspend) or its error (error boundary). */
function readOrThrow<T>(
  ctx: HooksContext,
  store: Store,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  key: string,
  view: CallView<T>,
): T | undefined {
  const scheduler = ctx.schedulerFor(store);
  if (view.data !== undefined) {
    // stale-while-revalidate: show what is stored, refresh it after the render
    requestIfStale(ctx, store, endpoint, args, key);
    return view.data;
  }
  const failure = scheduler.failure(key);
  if (failure !== undefined) throw withRetry(failure.error, () => scheduler.clearFailure(key));
  const request = requestIfStale(ctx, store, endpoint, args, key);
  if (request !== undefined) throw request.settled;
  if (view.error !== undefined) {
    const controller = ctx.controllerFor(store);
    throw toHookError(view.error, () => controller.expireAll({ testKey: (candidate) => candidate === key }));
  }
  // fetched and fresh, and the response itself is empty
  return undefined;
}
