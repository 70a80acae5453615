import type { ErrorPolicy } from './interface.js';

/**
 * The error policy endpoints use unless told otherwise: server errors (status 5xx) are `soft`,
 * so cached data stays readable while the server recovers; anything else is `hard`.
 *
 * @param error what the request threw, e.g. a `NetworkError`
 */
export function defaultErrorPolicy(error: unknown): ErrorPolicy {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 500 && status < 600 ? 'soft' : 'hard';
}
