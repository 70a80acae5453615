import type { EndpointInterface } from '../../endpoint/interface.js';
import { field } from '../../utils/field.js';

/**
 * Whether a failed request was given up by its callers (`docs/guide/errors-and-guarantees.md`), whatever the reason they
 * gave: every caller aborted (`promise.abort(reason)`, a caller's signal), the endpoint's own
 * `requestInit.signal` aborted, or the request threw an `AbortError`. Such a request did not
 * happen, so no error is stored. A timeout is no caller abort: it stays an error.
 *
 * @param error what the request threw
 * @param request the controller the middleware aborts once every caller has aborted
 */
export function isCallerAbort(error: unknown, endpoint: EndpointInterface, request: AbortController): boolean {
  const name = field(error, 'name');
  if (name === 'TimeoutError') return false;
  if (request.signal.aborted) return true;
  // the endpoint's own abort signal (`requestInit.signal` of a RestEndpoint), if it has one
  const own = (endpoint as { requestInit?: { signal?: AbortSignal | null } }).requestInit?.signal;
  if (own?.aborted === true && error === own.reason) return true;
  return name === 'AbortError';
}
