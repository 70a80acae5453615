import { deserializeError } from '../redux/slice/serializeError.js';
import { retryOnReset } from '../utils/retryOnReset.js';
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

/**
 * The Error to throw for a stored error: one object per stored error, so repeated renders throw
 * the same one. `retry` runs when an `AsyncBoundary` is reset (see `retryError`).
 */
export function toHookError(stored: SerializedError, retry: () => void): HookError {
  let error = thrown.get(stored);
  if (error === undefined) {
    error = retryOnReset(deserializeError(stored), retry);
    thrown.set(stored, error);
  }
  return error;
}
