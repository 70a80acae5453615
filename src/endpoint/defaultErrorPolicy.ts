import type { EndpointInterface, ErrorPolicy } from './interface.js';
import { field } from '../utils/field.js';

/** What `fetch` says when no response came, in Node, Chrome, Firefox, Safari and fetch polyfills. */
const FETCH_FAILED =
  /^(fetch failed|Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/;

/** Codes of Node's errors for a connection that failed or broke before any response. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Whether a failure came with no HTTP response at all (offline, refused, DNS, timeout): a
 * `FetchError` or `TimeoutError`, `fetch`'s own TypeError, or an error whose (cause's) code is a
 * connection error's.
 */
export function isTransportFailure(error: unknown): boolean {
  const name = field(error, 'name');
  if (name === 'FetchError' || name === 'TimeoutError') return true;
  const message = field(error, 'message');
  if (name === 'TypeError' && typeof message === 'string' && FETCH_FAILED.test(message)) return true;
  const code = field(error, 'code') ?? field(field(error, 'cause'), 'code');
  return typeof code === 'string' && CONNECTION_CODES.has(code);
}

/**
 * The error policy endpoints use unless told otherwise, and the only place that rule is written
 * (docs/guide/errors-and-guarantees.md): server errors (status 500-599) and failures with no HTTP response at all
 * (offline, refused, DNS, timeout) are `soft`, so cached data stays readable until the server or
 * the network is back; anything else (4xx, a status outside HTTP's classes, a response that does
 * not fit its schema, a bug) is `hard`.
 *
 * @param error what the request threw, e.g. a `NetworkError`
 */
export function defaultErrorPolicy(error: unknown): ErrorPolicy {
  const status = field(error, 'status');
  if (typeof status === 'number') return status >= 500 && status < 600 ? 'soft' : 'hard';
  return isTransportFailure(error) ? 'soft' : 'hard';
}

/**
 * The policy a failure of `endpoint` is stored with: the endpoint's own, or, when it has none or
 * its answer is `undefined`, the default one (`defaultErrorPolicy`).
 *
 * @param endpoint the endpoint whose request failed
 * @param error what the request threw
 */
export function errorPolicyOf(endpoint: Pick<EndpointInterface, 'errorPolicy'>, error: unknown): ErrorPolicy {
  return endpoint.errorPolicy?.(error) ?? defaultErrorPolicy(error);
}
