import type { EndpointInterface } from '../endpoint/interface.js';
import type { EndpointArgs } from '../redux/fetchEndpoint.js';

/**
 * The arguments of a hook call: the endpoint's own, or a single `null` to skip the call (the hook
 * reads and fetches nothing), for data that depends on something not known yet.
 *
 * @example
 * ```ts
 * const user = useSuspense(getUser, id === undefined ? null : { id });
 * ```
 * @see docs/guide/react.md
 */
export type HookArgs<E extends EndpointInterface> = EndpointArgs<E> | readonly [null];

/** The cache key of a hook call, or `undefined` when `null` skips it. */
export function callKey(endpoint: EndpointInterface, args: readonly unknown[]): string | undefined {
  return args[0] === null ? undefined : endpoint.key(...args);
}
