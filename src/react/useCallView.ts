import { shallowEqual } from 'react-redux';
import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import type { SerializedError } from '../redux/slice/state.js';
import type { HooksContext } from './hooksContext.js';
import { useResponseSelector } from './useResponseSelector.js';

/** The part of one call's state that hooks render from; compared field by field. */
export interface CallView<T> {
  /** The data, hidden after `invalidate` or a hard error. */
  readonly data: T | undefined;
  /** The stored error, soft ones included. */
  readonly error: SerializedError | undefined;
  /** A request the store counts is in flight and there is no data yet. */
  readonly isLoading: boolean;
  /** The call's `expiresAt` is 0: never fetched, invalidated or expired through the Controller. */
  readonly expired: boolean;
}

const SKIPPED: CallView<never> = { data: undefined, error: undefined, isLoading: false, expired: false };

/**
 * Subscribes to one endpoint call. The component re-renders only when a field of the view changes
 * (then the hook asks the fetch policy again: a request ended, a reset, an invalidation):
 * writes to other calls or to entities the call does not read leave it alone, and so does a
 * background refetch that brings back the same data.
 */
export function useCallView<E extends EndpointInterface>(
  ctx: HooksContext,
  endpoint: E,
  args: readonly unknown[],
): { readonly key: string | undefined; readonly view: CallView<ResultOf<E>> } {
  const { key, select } = useResponseSelector(ctx, endpoint, args);
  const view = ctx.useSelector((state: unknown): CallView<ResultOf<E>> => {
    if (select === undefined) return SKIPPED;
    const { data, error, isLoading, expiresAt } = select(state);
    return { data: data as ResultOf<E> | undefined, error, isLoading, expired: expiresAt === 0 };
  }, shallowEqual);
  return { key, view };
}
