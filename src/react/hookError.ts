import { deserializeError } from '../redux/slice/serializeError.js';
import type { SerializedError } from '../redux/slice/state.js';

/**
 * What hooks throw to error boundaries: an `Error` with the stored name, message and HTTP status.
 *
 * @see docs/guide/react.md
 */
export interface HookError extends Error {
  /** The HTTP status, for network errors. */
  readonly status?: number;
}

const thrown = new WeakMap<SerializedError, HookError>();
const retries = new WeakMap<object, () => void>();

/**
 * The Error to throw for a stored error: one object per stored error, so repeated renders throw
 * the same one. `retry` runs when an `AsyncBoundary` is reset (see `retryError`).
 */
export function toHookError(stored: SerializedError, retry: () => void): HookError {
  let error = thrown.get(stored);
  if (error === undefined) {
    error = deserializeError(stored);
    thrown.set(stored, error);
    retries.set(error, retry);
  }
  return error;
}

/** Prepares the next render to fetch again what failed with `error`, if a hook threw it. */
export function retryError(error: unknown): void {
  if (typeof error === 'object' && error !== null) retries.get(error)?.();
}
