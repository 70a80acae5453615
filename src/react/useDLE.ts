import { useMemo } from 'react';
import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import type { SerializedError } from '../redux/slice/state.js';
import type { HookArgs } from './hookArgs.js';
import type { HooksContext } from './hooksContext.js';
import type { EndpointArgs } from '../redux/fetchEndpoint.js';
import { useCallView } from './useCallView.js';

/**
 * What `useDLE` returns: Data, Loading, Error.
 *
 * @see docs/guide/react.md
 */
export interface DLE<T> {
  /** The data, `undefined` until it arrives (or while hidden by `invalidate` or a hard error). */
  readonly data: T | undefined;
  /** True while there is no data and a request for it is in flight or about to start. */
  readonly loading: boolean;
  /** The stored error, soft ones included; cleared by the next success. */
  readonly error: SerializedError | undefined;
}

/**
 * Reads an endpoint's data without suspending and without error boundaries: fetches like
 * `useSuspense` (when missing, invalidated or expired) and reports progress in `loading` and
 * failures in `error`. The object keeps its identity while its three fields do not change.
 *
 * @see docs/guide/react.md
 */
export interface UseDLE {
  /**
   * @param endpoint what to read
   * @param args the endpoint's arguments, or `null` to skip the call (`{ loading: false }`)
   * @returns `{ data, loading, error }`
   * @example
   * ```tsx
   * function Users() {
   *   const { data, loading, error } = useDLE(getUsers);
   *   if (error) return <p role="alert">{error.message}</p>;
   *   if (loading || !data) return <p>Loading…</p>;
   *   return <ul>{data.map((user) => <li key={user.id}>{user.name}</li>)}</ul>;
   * }
   * ```
   */
  <E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): DLE<ResultOf<E>>;
}

/** Builds `useDLE` for one mount point. */
export function buildUseDLE(ctx: HooksContext): UseDLE {
  return function useDLE<E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): DLE<ResultOf<E>> {
    const controller = ctx.controllerFor(ctx.useStore());
    const { key, view } = useCallView(ctx, endpoint, args);
    // loading: the fetch policy says there is nothing to show yet, and a request to wait for
    const loading =
      key !== undefined && controller.ask(endpoint, ...(args as EndpointArgs<E>)).decision.data === 'hidden';
    const { data, error } = view;
    return useMemo(() => ({ data, loading, error }), [data, loading, error]);
  };
}
