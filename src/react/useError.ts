import type { EndpointInterface } from '../endpoint/interface.js';
import type { SerializedError } from '../redux/slice/state.js';
import type { HookArgs } from './hookArgs.js';
import type { HooksContext } from './hooksContext.js';
import { useResponseSelector } from './useResponseSelector.js';

/**
 * Reads the stored error of an endpoint call, soft errors included (those leave the data readable,
 * so `useSuspense` does not throw them). Never fetches.
 *
 * @see docs/guide/react.md
 */
export interface UseError {
  /**
   * @param endpoint what was fetched
   * @param args the endpoint's arguments, or `null` to skip the call
   * @returns the serialized error (`name`, `message`, `status`) of the last request, if it failed
   * @example
   * ```tsx
   * function Users() {
   *   const users = useSuspense(getUsers);
   *   const error = useError(getUsers); // e.g. a 503 on a refresh: the list stays visible
   *   return <>{error && <p role="status">Could not refresh: {error.message}</p>}<List users={users} /></>;
   * }
   * ```
   */
  <E extends EndpointInterface>(endpoint: E, ...args: HookArgs<E>): SerializedError | undefined;
}

/** Builds `useError` for one mount point. */
export function buildUseError(ctx: HooksContext): UseError {
  return function useError<E extends EndpointInterface>(
    endpoint: E,
    ...args: HookArgs<E>
  ): SerializedError | undefined {
    const { select } = useResponseSelector(ctx, endpoint, args);
    return ctx.useSelector((state: unknown) => select?.(state).error);
  };
}
