import { useEffect, useMemo } from 'react';
import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import type { EndpointArgs } from '../redux/fetchEndpoint.js';
import { callKey, type HookArgs } from './hookArgs.js';
import type { HooksContext } from './hooksContext.js';
import type { UseSuspense } from './useSuspense.js';

/**
 * `useSuspense` that keeps the data fresh: while the component is mounted, the call is polled with
 * `ctrl.poll`, every `endpoint.pollFrequency` ms (identical polls share one timer and each
 * request). Polling stops when the component unmounts or the arguments change; without
 * `pollFrequency` nothing polls. A failed poll is stored like any failure: a soft error keeps the
 * data on screen.
 *
 * @see docs/guide/react.md
 */
export interface UseLive {
  /**
   * @param endpoint what to read, with `pollFrequency` set
   * @param args the endpoint's arguments
   * @returns the data, as `useSuspense` does
   * @example
   * ```tsx
   * const getTicker = new RestEndpoint({ path: '/ticker/:coin', schema: Ticker, pollFrequency: 2000 });
   * function Price({ coin }: { coin: string }) {
   *   const ticker = useLive(getTicker, { coin });
   *   return <span>{ticker.price}</span>;
   * }
   * ```
   */
  <E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): ResultOf<E>;
  /**
   * @param endpoint what to read
   * @param args the endpoint's arguments, or `null` to skip (no read, no polling)
   * @returns the data, or `undefined` when skipped
   */
  <E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): ResultOf<E> | undefined;
}

/** Builds `useLive` for one mount point, on its `useSuspense`. */
export function buildUseLive(ctx: HooksContext, useSuspense: UseSuspense): UseLive {
  function useLive<E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): ResultOf<E> | undefined {
    const data = useSuspense(endpoint, ...args);
    const store = ctx.useStore();
    const key = callKey(endpoint, args);
    // the arguments of this key, kept while the key is the same so the effect does not restart
    const live = useMemo(() => ({ endpoint, args: args as EndpointArgs<E> }), [endpoint, key]);
    // polling is the Controller's (`ctrl.poll`): the effect only starts it, and stops it on unmount
    useEffect(
      () => (key === undefined ? undefined : ctx.controllerFor(store).poll(live.endpoint, ...live.args)),
      [ctx, store, key, live],
    );
    return data;
  }
  return useLive as UseLive;
}
