import type { SerializedError } from './state.js';

/** The plain-data form of any thrown value, for state: name, message and HTTP status if any. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' ? { name: error.name, message: error.message, status } : { name: error.name, message: error.message };
  }
  return { name: 'Error', message: typeof error === 'string' ? error : JSON.stringify(error) ?? String(error) };
}
