import type { CommonEndpointOptions } from './interface.js';
import type { HttpMethod, RestArgs } from './RestArgs.js';

/**
 * What a `RestEndpoint` is built from. `P` is the path, `S` the schema, `M` the method, `B` the
 * body type, `Q` the search params type and `R` what `process` returns. Defaults: `sideEffect` is
 * `method !== 'GET'`, `name` is `${method} ${path}` (e.g. `GET /users`).
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface RestEndpointOptions<
  P extends string,
  S,
  M extends HttpMethod,
  B,
  Q,
  R,
> extends CommonEndpointOptions<S> {
  /**
   * The path template: `:name` a required parameter, `{/:name}` an optional segment, `*name` a
   * wildcard (`string[]`, joined with `/`); `\` escapes a literal `:`, `*`, `{` or `}`.
   * Parameters the path does not use go to the query string.
   * @example '/trade/:id', '/users{/:id}', '/files/*path'
   */
  readonly path: P;
  /** Prepended to the path, e.g. `https://api.example.com`. @default '' */
  readonly urlPrefix?: string | undefined;
  /**
   * The HTTP method. Write it for a typed body: with no `method`, the types take the arguments of a GET.
   * @default 'POST' when `sideEffect` is true, else 'GET'
   */
  readonly method?: M | undefined;
  /**
   * Types the search parameters; its value is never sent: `searchParams: {} as { page?: number }`.
   * @default Record<string, string | number | boolean | undefined>
   */
  readonly searchParams?: Q;
  /**
   * Types the request body; its value is never sent: `body: {} as { name: string }`. Set it to
   * `undefined` for a POST/PUT/PATCH that sends no body (then the only argument is the params).
   * @default Record<string, unknown> for POST, PUT and PATCH; no body otherwise
   */
  readonly body?: B;
  /** True for mutations: never deduplicated, never served from cache; with no `method`, `true` also means POST. @default method !== 'GET' */
  readonly sideEffect?: boolean | undefined;
  /** Names the endpoint in errors and DevTools. @default `${method} ${path}`, e.g. `GET /users` */
  readonly name?: string | undefined;
  /**
   * Transforms the parsed response before it is normalized.
   * @param value what `parseResponse` returned
   * @param args the call's arguments
   */
  process?(value: unknown, ...args: RestArgs<NoInfer<P>, NoInfer<B>, NoInfer<Q>>): R;
  /**
   * Reads a 2xx response. The default gives `null` for 204 or an empty body, parsed JSON for a JSON
   * content type, and text otherwise (a TypeError when the endpoint has a schema).
   */
  parseResponse?(response: Response): Promise<unknown>;
  /**
   * The headers to send, from the ones already set (`Content-Type`, `requestInit.headers`); may be async.
   * @example getHeaders: async (headers) => ({ ...headers, Authorization: `Bearer ${await token()}` })
   */
  getHeaders?(headers: Record<string, string>): HeadersInit | Promise<HeadersInit>;
  /** More fetch options (credentials, mode, cache, headers …); method, body and signal come from the endpoint. */
  readonly requestInit?: RequestInit | undefined;
  /** Aborts the request after this many ms, rejecting with a `TimeoutError` DOMException that names the endpoint. */
  readonly timeout?: number | undefined;
  /**
   * The response to show before the server answers (optimistic updates).
   * @param snapshot the store view the Redux layer passes
   * @param args the call's arguments
   */
  getOptimisticResponse?(snapshot: unknown, ...args: RestArgs<NoInfer<P>, NoInfer<B>, NoInfer<Q>>): unknown;
}

/**
 * Options for `RestEndpoint.extend`: any option, each optional; the rest come from the original.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type RestEndpointExtendOptions<P extends string, S, M extends HttpMethod, B, Q, R> = Partial<
  RestEndpointOptions<P, S, M, B, Q, R>
>;
