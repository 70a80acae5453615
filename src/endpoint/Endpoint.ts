import { stableStringify } from '../utils/stableStringify.js';
import { defaultErrorPolicy } from './defaultErrorPolicy.js';
import type { CommonEndpointOptions, EndpointInterface, ErrorPolicy, RequestContext } from './interface.js';
import { assertExpiryOptions } from './expiryOption.js';

/**
 * Options of `Endpoint(fetchFn, options)`. `A` are the function's arguments, `S` the schema.
 * Defaults: `sideEffect` false, `name` the function's name.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface EndpointOptions<A extends unknown[], S> extends CommonEndpointOptions<S> {
  /**
   * The cache key of one call.
   * @default `${name} ${stableStringify(args)}`: equal arguments give one key, different ones
   *   (Maps, Sets and Dates by their contents) different keys; functions, symbols and circular
   *   arguments are refused with a TypeError naming the endpoint
   */
  key?(...args: NoInfer<A>): string;
  /** The response to show before the server answers (optimistic updates). */
  getOptimisticResponse?(snapshot: unknown, ...args: NoInfer<A>): unknown;
}

/**
 * An async function made fetchable: it resolves to `T`, normalized with schema `S`.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface Endpoint<A extends unknown[] = unknown[], T = unknown, S = undefined> extends EndpointInterface<A, S> {
  /** The wrapped function. */
  readonly fetch: (...args: A) => Promise<T>;
  /** Calls the wrapped function with the arguments; the context is not used. */
  request(context: RequestContext, ...args: A): Promise<T>;
  /** Classifies a failure. */
  errorPolicy(error: unknown): ErrorPolicy | undefined;
  /** A new endpoint with these options merged over this one's; this endpoint is unchanged. */
  extend<S2 = S>(options: EndpointOptions<A, S2>): Endpoint<A, T, S2>;
}

/**
 * `Endpoint` can be called with or without `new`.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface EndpointFactory {
  /**
   * Wraps any async function as an endpoint.
   *
   * @param fetchFn does the work; its arguments are the endpoint's arguments
   * @param options schema, key, expiry and the rest; see `EndpointOptions`
   * @example
   * ```ts
   * const getUser = Endpoint((id: string) => api.user(id), { schema: User });
   * await store.dispatch(fetchEndpoint(getUser, '5'));
   * ```
   */
  <A extends unknown[], T, S = undefined>(
    fetchFn: (...args: A) => Promise<T>,
    options?: EndpointOptions<A, S>,
  ): Endpoint<A, T, S>;
  new <A extends unknown[], T, S = undefined>(
    fetchFn: (...args: A) => Promise<T>,
    options?: EndpointOptions<A, S>,
  ): Endpoint<A, T, S>;
}

let anonymous = 0;

class FunctionEndpoint<A extends unknown[], T, S> implements Endpoint<A, T, S> {
  readonly fetch: (...args: A) => Promise<T>;
  readonly schema: S;
  readonly sideEffect: boolean;
  readonly name: string;
  readonly dataExpiryLength: number | undefined;
  readonly errorExpiryLength: number | undefined;
  readonly pollFrequency: number | undefined;
  readonly keepUnusedDataFor: number | undefined;
  declare readonly getOptimisticResponse?: (snapshot: unknown, ...args: A) => unknown;
  readonly #options: EndpointOptions<A, S>;

  constructor(fetchFn: (...args: A) => Promise<T>, options: EndpointOptions<A, S>) {
    if (process.env.NODE_ENV !== 'production' && typeof fetchFn !== 'function') {
      throw new TypeError(`Endpoint(fetchFn) needs an async function; received ${typeof fetchFn}.`);
    }
    this.fetch = fetchFn;
    this.#options = options;
    this.schema = options.schema as S;
    this.sideEffect = options.sideEffect ?? false;
    // an unnamed function gets a unique name, so two of them never share cache keys
    this.name = options.name ?? (fetchFn.name || `anonymous endpoint ${++anonymous}`);
    // own fields even when undefined, as the options give them
    for (const option of ['dataExpiryLength', 'errorExpiryLength', 'pollFrequency', 'keepUnusedDataFor'] as const)
      (this as Record<string, unknown>)[option] = options[option];
    if (process.env.NODE_ENV !== 'production') {
      assertExpiryOptions(this);
    }
    // the methods given as options replace the defaults (and only present ones: see getOptimisticResponse)
    for (const member of ['key', 'errorPolicy', 'getOptimisticResponse'] as const)
      if (options[member]) (this as Record<string, unknown>)[member] = options[member];
  }

  key(...args: A): string {
    let text: string;
    try {
      text = stableStringify(args, 'args');
    } catch (error) {
      throw new TypeError(
        `${this.name}: cannot make a cache key of its arguments: ${(error as Error).message}` +
          (process.env.NODE_ENV !== 'production'
            ? ' Pass plain data (Maps, Sets and Dates are keyed by their contents), or give the endpoint a key(...args) option.'
            : ''),
      );
    }
    return `${this.name} ${text}`;
  }

  request(_context: RequestContext, ...args: A): Promise<T> {
    return this.fetch(...args);
  }

  errorPolicy(error: unknown): ErrorPolicy | undefined {
    return defaultErrorPolicy(error);
  }

  extend<S2 = S>(options: EndpointOptions<A, S2>): Endpoint<A, T, S2> {
    const merged = { ...this.#options, name: this.name, ...options } as EndpointOptions<A, S2>;
    return new FunctionEndpoint(this.fetch, merged);
  }
}

/**
 * Gives `factory` the prototype of `made`, so that `value instanceof factory` holds for every value
 * it makes. A call rather than a module-scope assignment, so that bundlers can drop it when unused.
 */
function sharePrototype<F extends (...args: never[]) => unknown>(
  factory: F,
  made: abstract new (...args: never[]) => unknown,
): F {
  factory.prototype = made.prototype;
  return factory;
}

/** Wraps any async function as an endpoint; see `EndpointFactory`. Works with and without `new`. */
export const Endpoint = /* @__PURE__ */ sharePrototype(function Endpoint<A extends unknown[], T, S>(
  fetchFn: (...args: A) => Promise<T>,
  options?: EndpointOptions<A, S>,
) {
  return new FunctionEndpoint(fetchFn, options ?? {});
}, FunctionEndpoint) as unknown as EndpointFactory;
