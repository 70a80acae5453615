/**
 * Shared by the reliability scenarios: a nock reply the test releases (and knows when the server
 * got), a ticking clock for the middleware, and a store built from preloaded state. Every store is
 * RTK's `configureStore` with its default (serializable + immutable checking) middleware and no
 * ignore list.
 */
import { configureStore } from '@reduxjs/toolkit';
import nock from 'nock';
import { createController, createDataMiddleware, entitiesSlice } from '../../src/index';
import type { DataMiddlewareOptions, EntitiesState } from '../../src/index';
import { API, deferred } from '../fixtures/store';

export { API };

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A mocked request whose answer waits for `release()`; `arrived` resolves once the server has it. */
export interface HeldReply {
  readonly scope: nock.Scope;
  /** Resolves when the request reached the (mock) server. */
  readonly arrived: Promise<void>;
  /** Sends the answer. */
  release(): void;
}

/**
 * Mocks one request answered with `status` and `body` only when the test calls `release()`.
 * A string body is sent as is (with `headers`); anything else as JSON.
 */
export function held(method: Method, path: string | RegExp, status: number, body: unknown, headers?: Record<string, string>, query?: Record<string, string>): HeldReply {
  const arrived = deferred();
  const gate = deferred();
  let interceptor = nock(API)[method](path);
  if (query !== undefined) interceptor = interceptor.query(query);
  const scope = interceptor.reply(async () => {
    arrived.resolve();
    await gate.promise;
    return [status, body as nock.Body, headers ?? {}];
  });
  return { scope, arrived: arrived.promise, release: gate.resolve };
}

/** A clock that ticks on every read, so each request starts at a distinct, increasing time. */
export function tickingClock(start = 1_000, step = 10) {
  let now = start;
  return { now: () => (now += step), peek: () => now };
}

/** The root state of the stores below. */
export interface RootState {
  todos: string[];
  entities: EntitiesState;
}

/** A store as a user builds one, optionally rehydrated from `preloadedState`. */
export function buildStore(options?: DataMiddlewareOptions, preloadedState?: RootState) {
  const store = configureStore({
    reducer: { todos: (state: string[] = []) => state, [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    middleware: (getDefault) => getDefault().concat(createDataMiddleware(options)),
    ...(preloadedState === undefined ? {} : { preloadedState }),
  });
  return { store, ctrl: createController(store), slice: () => store.getState().entities };
}

/** Every own property name (string and symbol) of the built-in prototypes, to compare before/after. */
export function prototypeSnapshot(...extra: object[]) {
  const targets = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, ...extra];
  return targets.map((target) => Reflect.ownKeys(target).map(String).sort());
}

/**
 * Resolves once no request for `key` is in flight any more (checked after every store update): a
 * caller's abort rejects its promise at once, and the request settles in the store right after.
 */
export function untilSettled(store: { getState(): RootState; subscribe(listener: () => void): () => void }, key: string): Promise<void> {
  const settled = () => (store.getState().entities.meta[key]?.pending ?? 0) === 0;
  return new Promise((resolve) => {
    if (settled()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Awaits a promise expected to reject and returns the reason (fails if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}
