import { useEffect, useMemo } from 'react';
import type { EndpointInterface } from '../endpoint/interface.js';
import type { Controller } from '../redux/Controller.js';
import type { EndpointArgs } from '../redux/fetchEndpoint.js';
import { callKey, type HookArgs } from './hookArgs.js';

/**
 * Keeps a call fresh while the component is mounted, without reading it: it is polled with
 * `ctrl.poll`, fetched now when stale, then every `endpoint.pollFrequency` ms (identical polls share
 * one timer and each request). Never suspends and returns nothing: read the data with `useSuspense`,
 * `useCache` or `useQuery`. Polling stops when the component unmounts or the arguments change;
 * `null` arguments subscribe to nothing.
 *
 * @see docs/guide/react.md#more-hooks
 */
export interface UseSubscription {
  /**
   * @param endpoint what to keep fresh, with `pollFrequency` set
   * @param args the endpoint's arguments, or `null` to subscribe to nothing
   * @throws outside react-redux's `<Provider store>`, naming the hook and the endpoint
   * @example
   * ```tsx
   * function Ticker({ coin }: { coin: string }) {
   *   useSubscription(getTicker, { coin }); // getTicker has pollFrequency: 2000
   *   const ticker = useCache(getTicker, { coin });
   *   return <span>{ticker?.price ?? '…'}</span>;
   * }
   * ```
   */
  <E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): void;
}

/** Builds `useSubscription` on a mount point's `useController`. */
export function buildUseSubscription(useController: () => Controller): UseSubscription {
  return function useSubscription<E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): void {
    let controller: Controller;
    try {
      controller = useController();
    } catch (error) {
      throw new Error(
        `useSubscription(${endpoint.name}) needs the store` +
          (process.env.NODE_ENV !== 'production'
            ? `: render it inside react-redux's <Provider store={store}>. (${error instanceof Error ? error.message : String(error)})`
            : '.'),
        { cause: error },
      );
    }
    const key = callKey(endpoint, args);
    // the arguments of this key, kept while the key is the same so the effect does not restart
    const call = useMemo(() => ({ endpoint, args: args as EndpointArgs<E> }), [endpoint, key]);
    useEffect(
      () => (key === undefined ? undefined : controller.poll(call.endpoint, ...call.args)),
      [controller, key, call],
    );
  };
}
