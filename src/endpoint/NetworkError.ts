/**
 * A response whose status is not 2xx. `RestEndpoint` throws it; custom `Endpoint` functions may
 * throw it too, so that error policies and stores see one shape.
 *
 * @example
 * ```ts
 * try { await store.dispatch(fetchEndpoint(getUser, { id: 1 })); }
 * catch (error) { if (error instanceof NetworkError && error.status === 404) showNotFound(); }
 * ```
 * @see docs/guide/errors-and-guarantees.md
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** The HTTP status, e.g. `404`. */
  declare readonly status: number;
  /** The response itself; its body is still unread. */
  declare readonly response: Response;

  /**
   * @param response the failed response
   * @param message what failed; defaults to the status and status text
   */
  constructor(response: Response, message = `${response.status} ${response.statusText}`.trim()) {
    super(message);
    this.status = response.status;
    this.response = response;
  }
}
