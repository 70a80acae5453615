import type { UnknownAction } from '@reduxjs/toolkit';
import type { EndpointInterface, RequestContext } from '../../endpoint/interface.js';
import type { NormalizeOptions } from '../../normalizr/normalize.js';
import type { RequestStart } from '../../schema/interface.js';
import type { MountPoint } from '../mountPoint.js';
import type { SnapshotFactory } from '../select/snapshot.js';
import type { EntitiesState } from '../slice/state.js';
import type { Collector } from './collect.js';
import type { Dedupe } from './dedupe.js';
import type { OptimisticDisplay } from './optimistic.js';
import type { RequestLog } from './requests.js';

/**
 * Options of `createDataMiddleware`.
 *
 * @see README.md#long-running-apps-memory-unused-data-order
 */
export interface DataMiddlewareOptions {
  /** The transport, `(input, init) => Promise<Response>`: for tests or SSR. @default globalThis.fetch */
  readonly fetch?: RequestContext['fetch'];
  /** The clock. @default Date.now */
  readonly now?: () => number;
  /**
   * Seconds to keep unused data (DESIGN §5.11): a call whose hooks all unmounted is removed this
   * long after, and an entity nothing reads goes once it was written this long ago. An endpoint's
   * own `keepUnusedDataFor` wins for its calls. `Infinity` keeps everything.
   * @default 60
   */
  readonly keepUnusedDataFor?: number;
}

/** What the middleware does for thunks and the Controller (reached through the mount point's connect action, `connection.ts`). */
export interface DataApi {
  /**
   * Makes the request (identical reads in flight share one) and resolves after the commit.
   * `signal` aborts this caller; a shared read is aborted when all its callers have aborted.
   */
  fetch(endpoint: EndpointInterface, args: readonly unknown[], signal?: AbortSignal): Promise<unknown>;
  /**
   * Stores a response as if it had been fetched, synchronously.
   * @param how `start`: when the request behind it started (from `track`), @default now, as a new
   *   request; `visitEntity` and `keepStoredMeta`: `normalize`'s options
   */
  receive(endpoint: EndpointInterface, args: readonly unknown[], response: unknown, how?: ReceiveOptions): unknown;
  /**
   * Writes `value`, normalized with `schema` for `args`, as a write that starts now and has no
   * request (`ctrl.set`). A value the schema cannot normalize throws and writes nothing.
   */
  set(schema: unknown, args: readonly unknown[], value: unknown): void;
  /** Stores an error as if the request had failed. */
  fail(endpoint: EndpointInterface, args: readonly unknown[], error: unknown): void;
  /** The middleware's clock (its `now` option), so expiry is judged on one clock. */
  now(): number;
  /**
   * A reader shows this call: its data is kept until the returned function is called, then
   * `keepUnusedDataFor` more.
   */
  retain(endpoint: EndpointInterface, args: readonly unknown[]): () => void;
  /** A reader shows this query: what it reads is kept until the returned function is called. */
  retainQuery(queryable: unknown, args: readonly unknown[]): () => void;
  /** Removes unused data now (see `Controller.gc`). */
  gc(): void;
  /**
   * A request made outside this middleware (RTK Query's) started at `fetchedAt`: takes the next
   * number of this store's request order (DESIGN §5.9), so its response and ours compare by start
   * whichever library made them, and counts as in flight (a deletion it could undo is remembered)
   * until `settle()`.
   */
  track(fetchedAt: number): TrackedRequest;
  /**
   * Removes these results now, in one sweep, because the library that fetched them dropped them;
   * the entities only they read then go by the usual rules (DESIGN §5.11).
   */
  drop(keys: readonly string[]): void;
}

/** How `DataApi.receive` stores a response given to it. */
export interface ReceiveOptions extends Pick<NormalizeOptions, 'visitEntity' | 'keepStoredMeta'> {
  /** When the request behind it started (from `track`). @default now, as a new request */
  readonly start?: RequestStart;
}

/** A request of another library, numbered in this store's request order (`DataApi.track`). */
export interface TrackedRequest {
  readonly start: RequestStart;
  /** The request ended (answered, failed or dropped): it no longer counts as in flight. */
  settle(): void;
}

/**
 * What every handler of one store's middleware is built with (RTK Query's `BuildMiddlewareInput`):
 * the store, the options, and the records the concerns share, each kept by its own module.
 */
export interface MiddlewareContext {
  /** The mount point: its actions, memo, slice selector and connect action. */
  readonly mount: MountPoint;
  /** The store's root state. */
  readonly getState: () => unknown;
  /** The slice in the store's state. */
  readonly slice: () => EntitiesState;
  /** Dispatches the middleware's own actions; a throwing subscriber does not fail the request (`commitAction.ts`). */
  readonly dispatch: (action: UnknownAction) => void;
  /** The transport (the `fetch` option). */
  readonly fetch: RequestContext['fetch'];
  /** The clock (the `now` option). */
  readonly now: () => number;
  /** What `getOptimisticResponse` reads. */
  readonly snapshot: SnapshotFactory;
  /** Every request of the store in flight, in the store's request order (`requests.ts`). */
  readonly requests: RequestLog;
  /** The reads in flight that identical reads share (`dedupe.ts`). */
  readonly dedupe: Dedupe;
  /** The optimistic responses shown (`optimistic.ts`). */
  readonly optimistic: OptimisticDisplay;
  /** What readers retain, and the sweeps of what nothing reads (`collect.ts`). */
  readonly collector: Collector;
}

/**
 * One concern of the data middleware, as its handler builder made it: the `DataApi` methods it
 * answers, and what it does with the actions passing the middleware.
 */
export interface DataHandler {
  /** The `DataApi` methods this concern answers; together the handlers answer every one. */
  readonly api?: Partial<DataApi>;
  /** Sees every action on its way to the reducer (the connect action excepted). */
  readonly onAction?: (action: unknown) => void;
}

/**
 * The one signature of every concern (RTK Query's `InternalHandlerBuilder`): built once per store
 * from the shared context. The composer (`buildDataMiddleware.ts`) only lists them.
 */
export type HandlerBuilder = (context: MiddlewareContext) => DataHandler;
