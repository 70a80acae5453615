import { field } from '../utils/field.js';

/**
 * A request that got no HTTP response at all: offline, connection refused or reset, DNS failure,
 * a CORS refusal. `RestEndpoint` throws it in place of the bare `TypeError: fetch failed` that
 * `fetch` gives, naming the endpoint and the URL; the original error is its `cause`. Such
 * failures are `soft` by default (docs/guide/errors-and-guarantees.md): cached data stays shown beside the error.
 *
 * @example
 * ```ts
 * try { await ctrl.fetch(getUsers); }
 * catch (error) { if (error instanceof FetchError) showOfflineBanner(error.url); }
 * ```
 * @see docs/guide/errors-and-guarantees.md
 */
export class FetchError extends TypeError {
  override readonly name = 'FetchError';
  /** The URL that was not reached. */
  declare readonly url: string;

  /**
   * @param endpointName names the endpoint, e.g. `GET /users/:id`
   * @param url the URL requested
   * @param cause what `fetch` threw
   */
  constructor(endpointName: string, url: string, cause: unknown) {
    super(`${endpointName} got no response from ${url}: ${reasonOf(cause)}.`, { cause });
    this.url = url;
  }
}

/** `fetch failed (connect ECONNREFUSED 10.0.0.1:443)`: the error's message and its cause's. */
function reasonOf(error: unknown): string {
  const message = messageOf(error) ?? String(error);
  const inner = messageOf(field(error, 'cause'));
  return inner === undefined || inner === message ? message : `${message} (${inner})`;
}

function messageOf(error: unknown): string | undefined {
  const message = field(error, 'message');
  return typeof message === 'string' && message !== '' ? message : undefined;
}
