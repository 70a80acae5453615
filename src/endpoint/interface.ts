/**
 * What the Redux layer needs from an endpoint. `RestEndpoint`, `Endpoint` and resource members
 * implement it; anything else that does can be fetched too.
 */

/**
 * The transport a request runs on: the middleware passes its `fetch` option and an abort signal.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface RequestContext {
  /** Standard fetch: `(input, init) => Promise<Response>`. */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Aborts the request (reset, timeout, caller abort). */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Whether an error hides cached data (`hard`) or leaves it readable (`soft`).
 *
 * @see docs/guide/errors-and-guarantees.md
 */
export type ErrorPolicy = 'soft' | 'hard';

/**
 * An endpoint: something that fetches with arguments `A`, whose response has schema `S`.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface EndpointInterface<A extends readonly unknown[] = readonly any[], S = unknown> {
  /** Names the endpoint in errors and DevTools, e.g. `GET /users` or `Trade.getList.push`. */
  readonly name: string;
  /** How the response is normalized; `undefined` stores it as it is. */
  readonly schema: S;
  /** True for mutations: never deduplicated, never served from cache. */
  readonly sideEffect: boolean;
  /** How long a response stays fresh (ms). */
  readonly dataExpiryLength: number | undefined;
  /** How long an error stays before a read retries (ms). */
  readonly errorExpiryLength: number | undefined;
  /** Polling interval for live reads (ms). */
  readonly pollFrequency: number | undefined;
  /** Seconds a call's data is kept once no hook reads it (the middleware's option when absent). */
  readonly keepUnusedDataFor?: number | undefined;
  /** The cache key of one call: equal for calls that fetch the same thing. */
  key(...args: A): string;
  /** Performs the request and returns the parsed, processed (not normalized) response. */
  request(context: RequestContext, ...args: A): Promise<unknown>;
  /** Classifies a failure of this endpoint. */
  errorPolicy?(error: unknown): ErrorPolicy | undefined;
  /** The response to show before the server answers (optimistic updates). */
  getOptimisticResponse?(snapshot: unknown, ...args: A): unknown;
}

/**
 * The options every kind of endpoint takes (`RestEndpoint` and `Endpoint` add their own).
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface CommonEndpointOptions<S> {
  /** How the response is normalized; leave it out to store the response as it is. */
  readonly schema?: S;
  /** True for mutations: never deduplicated, never served from cache. */
  readonly sideEffect?: boolean | undefined;
  /** Names the endpoint in errors and DevTools. */
  readonly name?: string | undefined;
  /** How long a response stays fresh (ms). */
  readonly dataExpiryLength?: number | undefined;
  /** How long an error stays before a read retries (ms). */
  readonly errorExpiryLength?: number | undefined;
  /** Polling interval for live reads (ms). */
  readonly pollFrequency?: number | undefined;
  /**
   * Seconds this endpoint's data is kept once no hook reads it (`Infinity`: kept).
   * @default the middleware's `keepUnusedDataFor` (60)
   */
  readonly keepUnusedDataFor?: number | undefined;
  /**
   * Classifies a failure: `soft` keeps cached data readable, `hard` hides it.
   * @default 5xx and failures with no HTTP response (offline, refused, DNS, timeout) → 'soft', anything else → 'hard'; an `undefined` answer falls back to this default
   */
  errorPolicy?(error: unknown): ErrorPolicy | undefined;
}
