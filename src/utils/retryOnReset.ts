import { isRecord } from './isRecord.js';

/**
 * What a thrown error retries when the error boundary that caught it is reset: one registry for
 * every hook that throws to a boundary (`useSuspense`, RTK Query's `useSuspenseQuery`), read by the
 * boundary's reset (`ErrorBoundary`, `AsyncBoundary`). Keyed by the error object, held weakly.
 */
const retries = new WeakMap<object, () => void>();

/** Makes `error` one a reset retries: `retry` runs when an `ErrorBoundary` that caught it resets. Returns `error`. */
export function retryOnReset<E extends object>(error: E, retry: () => void): E {
  retries.set(error, retry);
  return error;
}

/**
 * Prepares the next render to fetch again what failed with `error`, if one of our hooks threw it.
 * The boundaries of `rtk-entities/react` call it on reset; call it yourself from the reset of
 * another library's boundary, which otherwise gets the same error back.
 *
 * @param error the error the boundary caught
 * @example
 * ```tsx
 * <ReactErrorBoundary fallbackRender={({ error, resetErrorBoundary }) => (
 *   <button onClick={() => { retryError(error); resetErrorBoundary(); }}>Retry</button>
 * )}>
 * ```
 * @see docs/guide/react.md
 */
export function retryError(error: unknown): void {
  if (isRecord(error)) retries.get(error)?.();
}
