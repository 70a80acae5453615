import type { HasPathParams, HasRequiredPathParams, HasWildcard, PathParams } from './pathTypes.js';

/**
 * The HTTP methods a `RestEndpoint` sends.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Methods that take a request body unless the `body` option says otherwise.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type BodyMethod = 'POST' | 'PUT' | 'PATCH';

/**
 * The body type of an endpoint without a `body` option: a JSON object for POST/PUT/PATCH, none otherwise.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type DefaultBody<M extends HttpMethod> = M extends BodyMethod ? Record<string, unknown> : undefined;

type IsAny<T> = 0 extends 1 & T ? true : false;

/** False when the body type is `undefined`: the endpoint sends no body. */
export type TakesBody<B> = IsAny<B> extends true ? true : [B] extends [undefined] ? false : true;

/**
 * The params argument: the path's parameters plus search parameters `Q`. With a `*wildcard` in
 * the path, an open-ended `Q` also admits its `string[]`.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type RestParams<P extends string, Q> = PathParams<P> &
  (HasWildcard<P> extends true
    ? string extends keyof Q
      ? { readonly [name: string]: Q[keyof Q] | readonly string[] }
      : Q
    : Q);

/**
 * The arguments of a `RestEndpoint` call, from its path `P`, body `B` and search params `Q`:
 * - no body: `(params)`, optional when the path requires nothing;
 * - a body and path parameters: `(params, body)`;
 * - a body and no path parameters: `(body)` or `(searchParams, body)`.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type RestArgs<P extends string, B, Q> =
  TakesBody<B> extends false
    ? HasRequiredPathParams<P> extends true
      ? [params: RestParams<P, Q>]
      : [params?: RestParams<P, Q>]
    : HasPathParams<P> extends true
      ? [params: RestParams<P, Q>, body: B]
      : [body: B] | [params: Q, body: B];
