import { useRef } from 'react';
import { anySignal } from '../endpoint/anySignal.js';
import type { EndpointInterface, RequestContext } from '../endpoint/interface.js';
import { callKey, type HookArgs } from './hookArgs.js';

/**
 * The endpoint, made to cancel what it fetched for earlier arguments: the same endpoint while the
 * arguments are equal (by `endpoint.key`); new arguments give a new one and abort the request of the
 * previous arguments if it is still in flight. An aborted request stores no error, and its answer,
 * however late, never reaches the store. Pass the result to a read hook with the same arguments.
 * "Previous" is what this component rendered with: one whose first render suspended never showed
 * other arguments, so it aborts nothing. Needs no store.
 *
 * @param endpoint the endpoint to read
 * @param args its arguments (`null` skips, as in the read hooks)
 * @returns an endpoint with the same members whose requests the next arguments abort
 * @example
 * ```tsx
 * function PostCount({ userId }: { userId: string }) {
 *   const posts = useSuspense(useCancelling(getPosts, { userId }), { userId }); // another user aborts the last request
 *   return <p>{posts.length} posts</p>;
 * }
 * ```
 * @see docs/guide/react.md#more-hooks
 */
export function useCancelling<E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): E {
  const key = callKey(endpoint, args);
  // kept in the ref object itself, which every render of a mounted component shares, also those React
  // discards (a suspended update): a render with the same arguments gets the same endpoint, and never
  // aborts the request of its own arguments
  const current = useRef<Cancellable<E> | undefined>(undefined);
  const last = current.current;
  if (last !== undefined && last.endpoint === endpoint && last.key === key) return last.cancellable;
  last?.controller.abort(new DOMException(`useCancelling(${endpoint.name}): the arguments changed`, 'AbortError'));
  const controller = new AbortController();
  current.current = { endpoint, key, controller, cancellable: cancelledBy(endpoint, controller.signal) };
  return current.current.cancellable;
}

/** The endpoint `useCancelling` gave for one call, with what aborts its requests. */
interface Cancellable<E> {
  readonly endpoint: E;
  readonly key: string | undefined;
  readonly controller: AbortController;
  /** @internal */
  readonly cancellable: E;
}

/**
 * `endpoint` whose requests `signal` aborts: an answer that comes after the abort (an endpoint that
 * ignores its signal) is dropped too. Every other member is the endpoint's own, called on it.
 */
function cancelledBy<E extends EndpointInterface>(endpoint: E, signal: AbortSignal): E {
  const request = async (context: RequestContext, ...args: unknown[]): Promise<unknown> => {
    const value = await endpoint.request({ ...context, signal: anySignal([context.signal, signal]) }, ...args);
    if (signal.aborted) throw signal.reason;
    return value;
  };
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(endpoint, {
    get(target, name) {
      if (name === 'request') return request;
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      // methods run on the endpoint itself: its private fields are not on the proxy
      if (!bound.has(name)) bound.set(name, value.bind(target));
      return bound.get(name);
    },
  });
}
