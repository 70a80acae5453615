import type { UnknownAction } from '@reduxjs/toolkit';
import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import type { Denormalize } from '../schema/types.js';
import type { MountPoint } from './mountPoint.js';
import { connectToMiddleware, findMiddleware } from './connection.js';
import { startRequest } from './fetchEndpoint.js';
import type { AbortablePromise, EndpointArgs } from './fetchEndpoint.js';
import { decide, NO_REQUESTS } from './fetchPolicy.js';
import type { CallAnswer, DataApi } from './middleware/types.js';
import { readCall } from './select/readCall.js';
import { deserializeError } from './slice/serializeError.js';
import { missingMiddlewareMessage, unreadMiddlewareMessage } from './mountHints.js';
import { errorOnce } from '../utils/devWarning.js';
import type { ResponseState, CountingSelector } from './select/selectResponse.js';
import type { SerializedError } from './slice/state.js';

const noop = (): void => {};

/**
 * Reports once that a reader retains data in a store without the data middleware: where a hook that
 * only reads (`useCache`, `useQuery`) would stay empty in silence. Called in development only, behind
 * inline guards that bundlers drop from production builds (only a store without the middleware reads `process`).
 */
function reportUnreadMiddleware(mount: MountPoint): void {
  errorOnce(`middleware:${mount.reducerPath}`, unreadMiddlewareMessage(mount.reducerPath));
}

/**
 * The store a Controller drives: anything with `dispatch` and `getState`.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface ControllerStore {
  dispatch(action: unknown): unknown;
  getState(): unknown;
}

/** An endpoint's arguments followed by one more value; the arguments may be left out when all are optional. */
export type ArgsThen<E extends EndpointInterface, T> =
  Partial<EndpointArgs<E>> extends EndpointArgs<E> ? [...Required<EndpointArgs<E>>, T] | [T] : [...EndpointArgs<E>, T];

/**
 * What `ctrl.set` writes: the value as a response would hold it (plain fields, nested entities
 * inline), or a function of the stored value (denormalized, `undefined` when nothing is stored)
 * that returns it.
 *
 * @see docs/guide/pushes.md
 */
export type SetValue<S> = object | ((stored: Denormalize<S> | undefined) => object);

/**
 * Selects the endpoint keys an `invalidateAll` or `expireAll` applies to.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface KeyFilter {
  testKey(key: string): boolean;
}

/** The read side a Controller uses (the mount point's selectors). */
export interface ControllerSelectors {
  selectResponse<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly unknown[]
  ): CountingSelector<ResponseState<ResultOf<E>>>;
  selectQuery<S>(queryable: S, ...args: readonly unknown[]): CountingSelector<Denormalize<S> | undefined>;
}

/**
 * Imperative access to the data of one store, with Data Client's method names. `fetch` always
 * requests; `fetchIfStale` only when the call is stale, as the fetch policy (`fetchPolicy.ts`) says.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export class Controller {
  /** The store's dispatch, one function for the Controller's life: the store's middleware is found by it once (`connection.ts`). */
  readonly #send = (action: UnknownAction): unknown => this.#store.dispatch(action);

  readonly #store: ControllerStore;
  readonly #mount: MountPoint;
  readonly #selectors: ControllerSelectors;

  constructor(store: ControllerStore, mount: MountPoint, selectors: ControllerSelectors) {
    this.#store = store;
    this.#mount = mount;
    this.#selectors = selectors;
  }

  /**
   * Makes the request and resolves after the commit with the denormalized value (`ResultOf<E>`:
   * without a schema, what the endpoint's `request` resolves to); the promise has `abort()`.
   */
  fetch<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): AbortablePromise<ResultOf<E>> {
    let api: DataApi;
    try {
      api = this.#api();
    } catch (error) {
      return Object.assign(Promise.reject(error) as Promise<ResultOf<E>>, { abort: () => {} });
    }
    return startRequest(api, endpoint, args);
  }

  /**
   * Fetches only when the call is stale (the one rule of `docs/guide/fetching.md`, the hooks'
   * too): nothing stored, invalidated, or expired, its records included. Otherwise resolves with the
   * stored data, or rejects with the stored error when that is all there is (an error is fresh for
   * `errorExpiryLength`, as data is for `dataExpiryLength`). An identical read in flight is joined.
   */
  fetchIfStale<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): Promise<ResultOf<E>> {
    let answer: CallAnswer;
    try {
      const api = findMiddleware(this.#mount, this.#send);
      answer = api === undefined ? this.#askWithoutMiddleware(endpoint, args) : api.ask('ifStale', endpoint, args);
    } catch (error) {
      return Promise.reject(error);
    }
    if (answer.request !== undefined) return answer.request.promise as Promise<ResultOf<E>>;
    const { data, error } = this.getResponse(endpoint, ...args);
    if (answer.decision.error === 'thrown' && error !== undefined) return Promise.reject(deserializeError(error));
    return Promise.resolve(data as ResultOf<E>);
  }

  /**
   * What a reader showing this call does now, by the one fetch policy (`docs/guide/fetching.md`):
   * whether the call is stale, whether to show the stored data or wait, whether its stored error is
   * thrown. A stale call's request is joined, or started after the current task (a render must not
   * dispatch). The hooks call it on every render; a binding for another view library would too.
   *
   * @returns the policy's decision, and the request to wait for (`undefined` when none is needed)
   * @throws what fails before any request: no data middleware or slice, arguments the endpoint refuses
   */
  ask<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): CallAnswer {
    return this.#api().ask('hook', endpoint, args);
  }

  /** Hides the data of this call; the next read fetches it. */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): void {
    this.#send(this.#mount.actions.invalidate({ keys: [endpoint.key(...args)] }));
  }

  /** Invalidates every stored call whose key passes `testKey`. */
  invalidateAll({ testKey }: KeyFilter): void {
    this.#send(this.#mount.actions.invalidate({ keys: this.#keys().filter((key) => testKey(key)) }));
  }

  /** Marks every stored call whose key passes `testKey` stale; the data stays readable. */
  expireAll({ testKey }: KeyFilter): void {
    this.#send(this.#mount.actions.expire({ keys: this.#keys().filter((key) => testKey(key)) }));
  }

  /** Empties the slice; responses of requests in flight are dropped and their promises reject. */
  resetEntireStore(): void {
    this.#send(this.#mount.actions.reset({ date: this.#api().now() }));
  }

  /** Stores `response` for this call exactly as if it had been fetched, synchronously. The response is the last argument. */
  setResponse<E extends EndpointInterface>(endpoint: E, ...argsAndResponse: ArgsThen<E, unknown>): ResultOf<E> {
    const args = argsAndResponse.slice(0, -1);
    return this.#api().receive(endpoint, args, argsAndResponse.at(-1)) as ResultOf<E>;
  }

  /**
   * Writes a value with no request (a websocket or server-sent message), normalized with `schema`
   * as a write that starts now: every view of its entities updates, and a response to a request
   * started earlier never overwrites it. The value is the last argument; the ones before are the
   * schema's arguments (a Collection's list, a `schema.Query`'s). A value the schema cannot
   * normalize throws, naming the schema and the field, and writes nothing.
   * @example
   * ```ts
   * ctrl.set(Todo, { id: 1, title: 'from the server' });
   * ctrl.set(todos, { userId: 1 }, (stored) => [...(stored ?? []), { id: 9, title: 'new' }]); // a Collection's list
   * ```
   */
  set<S>(schema: S, ...argsAndValue: readonly [...args: readonly unknown[], value: SetValue<S>]): void {
    const args = argsAndValue.slice(0, -1);
    const given = argsAndValue.at(-1);
    const value = typeof given === 'function' ? given(this.get(schema, ...args)) : given;
    this.#api().set(schema, args, value);
  }

  /** Stores `error` for this call as if its request had failed. The error is the last argument. */
  setError<E extends EndpointInterface>(endpoint: E, ...argsAndError: ArgsThen<E, unknown>): void {
    this.#api().fail(endpoint, argsAndError.slice(0, -1), argsAndError.at(-1));
  }

  /** Data and status of this call, as `selectResponse` gives them. */
  getResponse<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): ResponseState<ResultOf<E>> {
    return this.#selectors.selectResponse(endpoint, ...args)(this.#store.getState());
  }

  /** The stored error of this call, if its last request failed. */
  getError<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): SerializedError | undefined {
    return this.getResponse(endpoint, ...args).error;
  }

  /** Reads a queryable (All, Entity by id, Query) from the store alone. */
  get<S>(queryable: S, ...args: readonly unknown[]): Denormalize<S> | undefined {
    return this.#selectors.selectQuery(queryable, ...args)(this.#store.getState());
  }

  /**
   * Marks this call as shown, as a mounted hook does (the hooks call it for you): its data is not
   * collected while retained, and goes `keepUnusedDataFor` seconds after the last release. In a
   * store without the data middleware nothing is collected, so there is nothing to retain.
   * @returns the release; calling it more than once releases once
   */
  retain<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): () => void {
    const api = findMiddleware(this.#mount, this.#send);
    if (api === undefined && process.env.NODE_ENV !== 'production') reportUnreadMiddleware(this.#mount);
    return api?.retain(endpoint, args) ?? noop;
  }

  /**
   * Marks a query (`schema.All`, an Entity by id, a `schema.Query`) as shown, as a mounted
   * `useQuery` does: what it reads is not collected while retained (in a store without the data
   * middleware, nothing is collected).
   * @returns the release
   */
  retainQuery<S>(queryable: S, ...args: readonly unknown[]): () => void {
    const api = findMiddleware(this.#mount, this.#send);
    if (api === undefined && process.env.NODE_ENV !== 'production') reportUnreadMiddleware(this.#mount);
    return api?.retainQuery(queryable, args) ?? noop;
  }

  /**
   * Keeps this call fresh, with or without React: fetches it now when it is stale, then every
   * `endpoint.pollFrequency` ms (a poll's request joins an identical read in flight, and identical
   * polls share one timer), until the returned function is called. While polled, the call is
   * retained, as a mounted hook retains it. A failed poll is stored like any failure and polling
   * goes on. `useLive` is this, while its component is mounted.
   * @example
   * ```ts
   * const stop = ctrl.poll(getTicker, { coin: 'btc' }); // getTicker has pollFrequency: 2000
   * // ... later
   * stop();
   * ```
   * @returns the stop; calling it more than once stops once
   */
  poll<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): () => void {
    return this.#api().poll(endpoint, args);
  }

  /**
   * Removes unused data now (`docs/guide/long-running.md`), in one `sweep` action: calls whose hooks all let go
   * more than `keepUnusedDataFor` ago, results no hook ever read that are older than
   * `keepUnusedDataFor` (nothing else removes those), and the entities nothing reads any more.
   * A long-running app that reads with selectors rather than hooks calls it from time to time.
   */
  gc(): void {
    this.#api().gc();
  }

  /**
   * The time on the middleware's clock (its `now` option), by which data expires; in a store without
   * the data middleware (whose requests fail, saying how to add it), the wall clock.
   */
  now(): number {
    return findMiddleware(this.#mount, this.#send)?.now() ?? Date.now();
  }

  #api() {
    return connectToMiddleware(this.#mount, this.#send);
  }

  /** The policy's answer in a store without the data middleware: fresh data is answered from the store; a request cannot be made. */
  #askWithoutMiddleware(endpoint: EndpointInterface, args: readonly unknown[]): CallAnswer {
    const call = { endpoint, args, key: endpoint.key(...args) };
    const decision = decide(
      'ifStale',
      readCall(this.#mount, this.#selectors, this.#store.getState(), call, NO_REQUESTS),
      this.now(),
    );
    if (decision.fetch !== 'no') throw new Error(missingMiddlewareMessage(this.#mount.reducerPath));
    return { decision, request: undefined };
  }

  #keys(): string[] {
    return Object.keys(this.#mount.selectSlice(this.#store.getState()).meta);
  }
}
