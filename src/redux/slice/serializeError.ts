import type { SerializedError } from './state.js';
import { field } from '../../utils/field.js';
import { jsonOf } from '../../utils/describeValue.js';

/** An Error from any realm: `instanceof Error` fails for errors made by another global (an iframe, a vm context, Node's own fetch under jest). */
interface ErrorLike {
  readonly name?: unknown;
  readonly message: string;
  readonly status?: unknown;
}

function isErrorLike(error: unknown): error is ErrorLike {
  return error instanceof Error || typeof field(error, 'message') === 'string';
}

/** The plain-data form of any thrown value, for state: name, message and HTTP status if any. */
export function serializeError(error: unknown): SerializedError {
  if (isErrorLike(error)) {
    const name = typeof error.name === 'string' && error.name !== '' ? error.name : 'Error';
    const { message, status } = error;
    return typeof status === 'number' ? { name, message, status } : { name, message };
  }
  return { name: 'Error', message: typeof error === 'string' ? error : jsonOf(error) };
}

/**
 * An `Error` from a stored error: its name, message and HTTP status, as a reader throws it (a hook
 * to its error boundary) or rejects with it (`fetchIfStale`).
 *
 * @see docs/guide/errors-and-guarantees.md
 */
export function deserializeError(stored: SerializedError): Error & { readonly status?: number } {
  const error = Object.assign(new Error(stored.message), { name: stored.name });
  return stored.status === undefined ? error : Object.assign(error, { status: stored.status });
}
