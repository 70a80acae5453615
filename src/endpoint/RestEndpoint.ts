import { describeValue } from '../utils/describeValue.js';
import { anySignal } from './anySignal.js';
import { bodyStart } from './bodyStart.js';
import { compilePath, type PathTemplate } from './compilePath.js';
import { defaultErrorPolicy } from './defaultErrorPolicy.js';
import { assertSendable, encodeBody } from './encodeBody.js';
import { hasHeader, headerRecord } from './headerRecord.js';
import type { EndpointInterface, ErrorPolicy, RequestContext } from './interface.js';
import { NetworkError } from './NetworkError.js';
import { FetchError } from './FetchError.js';
import { NO_BODY_STATUS, parseResponse, readResponse } from './parseResponse.js';
import { Invalidate } from '../schema/Invalidate.js';
import { toSchemaClass } from '../normalizr/shorthand.js';
import { schemaName } from '../normalizr/schemaName.js';
import type { BodyMethod, DefaultBody, HttpMethod, RestArgs } from './RestArgs.js';
import type { RestEndpointExtendOptions, RestEndpointOptions } from './RestEndpointOptions.js';
import { searchString, type SearchParams } from './searchString.js';
import { assertExpiryOptions } from './expiryOption.js';
import { isArray } from '../utils/isArray.js';

const BODY_METHODS: ReadonlySet<string> = new Set<BodyMethod>(['POST', 'PUT', 'PATCH']);

type AnyOptions = RestEndpointOptions<string, unknown, HttpMethod, unknown, unknown, unknown>;

/** True when `A` and `B` are the same method, so an extend that keeps the method keeps the body type. */
type SameMethod<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * An HTTP endpoint: a path template, a method and a schema. Its arguments are typed from the path
 * (`'/trade/:id'` needs `{ id }`); it builds URLs and cache keys, sends JSON bodies, parses
 * responses and throws `NetworkError` for non-2xx statuses.
 *
 * @example
 * ```ts
 * const getTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id', schema: Trade });
 * getTrade.url({ id: 5, page: 2 });  // `${API}/trade/5?page=2`
 * const updateTrade = getTrade.extend({ method: 'PATCH' }); // (params, body)
 * ```
 * @see docs/guide/getting-started.md#your-first-store
 */
export class RestEndpoint<
  P extends string = string,
  S = undefined,
  M extends HttpMethod = 'GET',
  B = DefaultBody<M>,
  Q = SearchParams,
  R = unknown,
> implements EndpointInterface<RestArgs<P, B, Q>, S> {
  /** The path template. */
  declare readonly path: P;
  /** Prepended to the path. */
  declare readonly urlPrefix: string;
  /** The HTTP method. */
  declare readonly method: M;
  /** How the response is normalized; `undefined` stores it as it is. */
  declare readonly schema: S;
  /** True for mutations. */
  declare readonly sideEffect: boolean;
  /** Names the endpoint in errors and DevTools, e.g. `GET /users`. */
  declare readonly name: string;
  /** How long a response stays fresh (ms). */
  declare readonly dataExpiryLength: number | undefined;
  /** How long an error stays before a read retries (ms). */
  declare readonly errorExpiryLength: number | undefined;
  /** Polling interval for live reads (ms). */
  declare readonly pollFrequency: number | undefined;
  /** Seconds this endpoint's data is kept once no hook reads it. */
  declare readonly keepUnusedDataFor: number | undefined;
  /** Aborts the request after this many ms. */
  declare readonly timeout: number | undefined;
  /** Extra fetch options. */
  declare readonly requestInit: RequestInit | undefined;
  /** The response to show before the server answers; present only when given as an option. */
  declare readonly getOptimisticResponse?: (snapshot: unknown, ...args: RestArgs<P, B, Q>) => unknown;

  readonly #options: AnyOptions;
  readonly #template: PathTemplate;
  readonly #takesBody: boolean;

  /** @param options the path, method, schema and the rest; see `RestEndpointOptions` */
  constructor(options: RestEndpointOptions<P, S, M, B, Q, R>) {
    // as in Data Client: a side effect with no method is a POST
    const method = (options.method ?? (options.sideEffect === true ? 'POST' : 'GET')) as M;
    this.#options = options as AnyOptions;
    this.path = options.path;
    this.urlPrefix = options.urlPrefix ?? '';
    this.method = method;
    this.schema = options.schema as S;
    this.sideEffect = options.sideEffect ?? method !== 'GET';
    this.name = options.name ?? `${method} ${options.path}`;
    // own fields even when undefined, as the options give them
    for (const option of [
      'dataExpiryLength',
      'errorExpiryLength',
      'pollFrequency',
      'keepUnusedDataFor',
      'timeout',
      'requestInit',
    ] as const)
      (this as Record<string, unknown>)[option] = options[option];
    if (process.env.NODE_ENV !== 'production') {
      assertExpiryOptions(this);
    }
    // an explicit `body: undefined` means "no body" even for POST; see RestEndpointOptions.body
    this.#takesBody = 'body' in options ? options.body !== undefined : BODY_METHODS.has(method);
    this.#template = compilePath(options.path, this.name);
    // the methods given as options replace the defaults (and only present ones: see getOptimisticResponse)
    for (const member of ['process', 'parseResponse', 'getHeaders', 'errorPolicy', 'getOptimisticResponse'] as const)
      if (options[member]) (this as Record<string, unknown>)[member] = options[member];
  }

  /**
   * The full URL of one call: prefix, path with encoded parameters, then the remaining params as
   * a query string sorted by name (`undefined` values left out).
   * @throws TypeError for a missing path parameter or a `.`/`..` value, before any request
   */
  url(...args: RestArgs<P, B, Q>): string {
    return this.#url(this.#split(args).params);
  }

  /**
   * The cache key of one call: method and URL, e.g. `GET https://api/users?page=2`.
   * @throws TypeError for params the URL cannot hold or a body JSON cannot send, so a bad call is
   *   refused before anything is stored for it
   */
  key(...args: RestArgs<P, B, Q>): string {
    const { params, body } = this.#split(args);
    if (this.#takesBody) assertSendable(body, this.name);
    return `${this.method} ${this.#url(params)}`;
  }

  /**
   * Sends the request through `context.fetch` and returns the parsed, processed response.
   * @throws NetworkError for a non-2xx status; FetchError when no response came (offline, refused,
   *   DNS); a `TimeoutError` DOMException after `timeout` ms; each names the endpoint and the URL
   */
  async request(context: RequestContext, ...args: RestArgs<P, B, Q>): Promise<R> {
    const { params, body } = this.#split(args);
    const url = this.#url(params);
    const encoded = this.#takesBody ? encodeBody(body, this.name) : undefined;
    const headers = headerRecord(this.requestInit?.headers);
    if (encoded?.contentType !== undefined && !hasHeader(headers, 'content-type'))
      headers['Content-Type'] = encoded.contentType;
    const finalHeaders = await this.getHeaders(headers);

    const timeout = this.timeout === undefined ? undefined : new AbortController();
    const timer =
      timeout &&
      setTimeout(
        () =>
          timeout.abort(
            new DOMException(`${this.name} timed out after ${this.timeout}ms waiting for ${url}`, 'TimeoutError'),
          ),
        this.timeout,
      );
    const signal = anySignal([context.signal, this.requestInit?.signal, timeout?.signal]);
    let value: unknown;
    /** How the server answered when it sent no body (`204 No Content`), else undefined. */
    let answer: string | undefined;
    try {
      let response: Response;
      try {
        // called detached: a browser's fetch rejects any `this` but the global one
        const { fetch } = context;
        response = await fetch(url, {
          ...this.requestInit,
          method: this.method,
          headers: finalHeaders,
          body: encoded?.body,
          signal: signal ?? null,
        });
      } catch (error) {
        // an abort (caller, reset, timeout: any of the signals) stays what it is; anything else got no response at all
        if (signal?.aborted) throw error;
        throw new FetchError(this.name, url, error);
      }
      if (!response.ok) throw await this.#networkError(url, response);
      // the default parser tells an empty body from a JSON null; a custom one only has the status
      const noBody = NO_BODY_STATUS[response.status];
      const read =
        this.parseResponse === RestEndpoint.prototype.parseResponse
          ? await readResponse(response, this)
          : { value: await this.parseResponse(response), empty: noBody !== undefined };
      value = read.value;
      if (read.empty) answer = `${response.status} ${noBody ?? 'with an empty body'}`;
    } catch (error) {
      if (timeout?.signal.aborted) throw timeout.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const processed = this.process(value, ...args);
    if (
      answer === undefined ||
      (processed !== null && processed !== undefined) ||
      toSchemaClass(this.schema) === undefined
    )
      return processed;
    // an empty answer: a delete names its entity through the params; any other schema has nothing to normalize
    if (this.schema instanceof Invalidate) return params as R;
    throw new TypeError(
      `${this.name}: the server answered ${answer} from ${url}, but the schema ${schemaName(this.schema)} needs a response to normalize.` +
        (process.env.NODE_ENV !== 'production'
          ? ' If this request sends no body back, give the endpoint a schema that allows none (leave schema out); ' +
            `for a delete, use schema.Invalidate(${entityOf(this.schema)}), which finds the entity through the params.`
          : ''),
    );
  }

  /** Reads a 2xx response; see `RestEndpointOptions.parseResponse`. */
  parseResponse(response: Response): Promise<unknown> {
    return parseResponse(response, this);
  }

  /** Transforms the parsed response; the default returns it unchanged. */
  process(value: unknown, ..._args: RestArgs<P, B, Q>): R {
    return value as R;
  }

  /** The headers to send; the default sends them unchanged. */
  getHeaders(headers: Record<string, string>): HeadersInit | Promise<HeadersInit> {
    return headers;
  }

  /** Classifies a failure: 5xx and no response at all (offline, refused, DNS, timeout) → `soft`, anything else → `hard`, unless the `errorPolicy` option says otherwise. */
  errorPolicy(error: unknown): ErrorPolicy | undefined {
    return defaultErrorPolicy(error);
  }

  /**
   * A new endpoint with these options merged over this one's; this endpoint is unchanged. Types
   * follow: a new path retypes the params, a new method without `body` gets that method's default body.
   *
   * @example
   * ```ts
   * const getTrades = getTrade.extend({ path: '/trade', schema: new schema.All(Trade) });
   * ```
   */
  extend<
    P2 extends string = P,
    S2 = S,
    M2 extends HttpMethod = M,
    B2 = SameMethod<M, M2> extends true ? B : DefaultBody<M2>,
    Q2 = Q,
    R2 = R,
  >(options: RestEndpointExtendOptions<P2, S2, M2, B2, Q2, R2>): RestEndpoint<P2, S2, M2, B2, Q2, R2> {
    const merged: Record<string, unknown> = { ...this.#options, ...options };
    // the body declaration belongs to the method: a new method without `body` gets its default
    const method: HttpMethod | undefined = options.method;
    if (method !== undefined && method !== this.method && !('body' in options)) delete merged.body;
    const Constructor = this.constructor as new (options: unknown) => RestEndpoint<P2, S2, M2, B2, Q2, R2>;
    return new Constructor(merged);
  }

  /** Splits call arguments into params and body; a lone argument is the body when the path has no parameters. */
  #split(args: readonly unknown[]): { params: Readonly<Record<string, unknown>>; body: unknown } {
    if (!this.#takesBody) return { params: this.#params(args[0]), body: undefined };
    if (this.#template.names.size === 0 && args.length < 2) return { params: {}, body: args[0] };
    return { params: this.#params(args[0]), body: args[1] };
  }

  #url(params: Readonly<Record<string, unknown>>): string {
    const path = this.urlPrefix + this.#template.build(params);
    const query = searchString(params, this.#template.names, this.name);
    // a path template may carry a fixed query of its own (`/search?v=2`)
    return query !== '' && path.includes('?') ? `${path}&${query.slice(1)}` : path + query;
  }

  #params(value: unknown): Readonly<Record<string, unknown>> {
    if (value === undefined || value === null) return {};
    const notObject = typeof value !== 'object' || isArray(value);
    // a Map's (a Set's, …) entries are no fields: every path parameter would read as missing
    if (notObject || value instanceof Map || value instanceof Set || value instanceof Date || value instanceof RegExp) {
      const what = notObject && typeof value !== 'function' ? 'an object' : 'a plain object';
      throw new TypeError(
        `${this.name}: params must be ${what}${process.env.NODE_ENV !== 'production' ? ' such as { id: 1 }' : ''}; received ${describeValue(value)}.`,
      );
    }
    return value as Readonly<Record<string, unknown>>;
  }

  async #networkError(url: string, response: Response): Promise<NetworkError> {
    // read a copy, so `error.response` can still be read by whoever catches the error
    const text = await response
      .clone()
      .text()
      .catch(() => '');
    const status = `${response.status} ${response.statusText}`.trim();
    return new NetworkError(
      response,
      `${this.name} failed with ${status} from ${url}${text === '' ? '' : `. Body starts with ${bodyStart(text)}`}.`,
    );
  }
}

/** The Entity a message can suggest for `schema.Invalidate(…)`: the schema itself, or `Entity`. */
function entityOf(schema: unknown): string {
  const key = typeof schema === 'function' ? (schema as { key?: unknown }).key : undefined;
  return typeof key === 'string' ? key : 'YourEntity';
}
