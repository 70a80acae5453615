import type { UnknownAction } from '@reduxjs/toolkit';
import type { EndpointInterface, RequestContext } from '../../endpoint/interface.js';
import type { NormalizeOptions } from '../../normalizr/normalize.js';
import type { ViewEngine } from '../../normalizr/memo/MemoCache.js';
import type { RequestStart } from '../../schema/interface.js';
import type { CallDecision, CallRequests } from '../fetchPolicy.js';
import type { MountPoint } from '../mountPoint.js';
import type { SnapshotFactory, SnapshotSelectors } from '../select/snapshot.js';
import type { SweepPayload } from '../slice/actions.js';
import type { OptimisticLayer, EntitiesState } from '../slice/state.js';
import type { Tables } from '../slice/optimisticLayers.js';
import type { buildBroadcast } from './broadcast.js';

// The interfaces the data middleware's parts share, declared here and implemented by each part, so
// every part imports this file and this file imports none of them (but the type of the tabs' part,
// which `rtk-entities/tabs` hands in).

/**
 * Options of `createDataMiddleware`.
 *
 * @see docs/guide/long-running.md
 */
export interface DataMiddlewareOptions {
  /** The transport, `(input, init) => Promise<Response>`: for tests or SSR. @default globalThis.fetch */
  readonly fetch?: RequestContext['fetch'];
  /** The clock. @default Date.now */
  readonly now?: () => number;
  /**
   * Seconds to keep unused data: a call whose hooks all unmounted is removed this long after, and
   * an entity nothing reads goes once it was written this long ago. An endpoint's own
   * `keepUnusedDataFor` wins for its calls. `Infinity` keeps everything.
   * @default 60
   */
  readonly keepUnusedDataFor?: number;
  /**
   * Shares this store's committed writes with every other store on a `BroadcastChannel` of this
   * name (the app's other tabs) and applies theirs, in the order the writes started across tabs:
   * responses, mutations, `setResponse`, `ctrl.set`, deletions and invalidations; never requests
   * in flight or optimistic responses. A tab never repeats another's request. Leave it out on a
   * server: there every store in the process would share one channel. Given as `tabs(name)` of
   * `rtk-entities/tabs`, so an app that shares no tabs carries none of their code.
   * @default undefined (nothing is shared)
   * @see docs/guide/tabs.md
   */
  readonly broadcastChannel?: TabsChannel;
  /**
   * Checks every slice state that arrives from elsewhere (`preloadedState` from a server render,
   * redux-persist's rehydration) before the slice takes it: a part this store cannot keep is dropped
   * alone with a development warning naming it, and a value that is not a slice state of this
   * version leaves the slice empty and working. Given as `rehydrate` of `rtk-entities/rehydrate`, so
   * an app with no state from elsewhere carries none of the checks; without it such a state is taken
   * as it is, and development reports it, naming this option. It applies to the slice: every store
   * of this mount point, from the first middleware given it on. A stored result its endpoint's
   * schema could not have produced (an older version's) reads as invalidated, and is fetched again.
   * @default undefined (a state from elsewhere is taken unchecked)
   * @see docs/guide/persistence.md
   */
  readonly rehydrate?: Rehydrate;
  /**
   * Keeps the live views, `schema.Query` with options (`where`, `orderBy`, `order`, `limit`), of
   * every store of this mount point, from what each write changed. Given as `views` of
   * `rtk-entities/views`, so an app with no live views carries none of their code; without it,
   * reading such a Query throws, naming this option.
   * @default undefined (no live views)
   * @see docs/guide/live-views.md
   */
  readonly views?: ViewEngine;
  /** Stops what the middleware keeps open: aborting it closes the broadcast channel. */
  readonly signal?: AbortSignal;
}

/**
 * A channel the app's tabs share their writes on (`tabs(name)` of `rtk-entities/tabs`): its name,
 * and the part of the data middleware that posts and applies the writes (`broadcast.ts`).
 *
 * @see docs/guide/tabs.md
 */
export interface TabsChannel {
  readonly name: string;
  /** The part of a data middleware that posts and applies the writes. @internal */
  readonly relay: typeof buildBroadcast;
  /** Makes the id one store gives its writes on the channel (`RequestStart.tab`). */
  readonly newTabId: () => string;
  /** The check of a result another tab posted, as `Rehydrate.resultFits`. */
  readonly resultFits: Rehydrate['resultFits'];
}

/**
 * The checks of what a store is handed from elsewhere (`rehydrate` of `rtk-entities/rehydrate`),
 * given to `createDataMiddleware({ rehydrate })`.
 *
 * @see docs/guide/persistence.md
 */
export interface Rehydrate {
  /**
   * A slice state that arrived from elsewhere (`preloadedState`, a rehydration), as this store can
   * keep it: without the parts it cannot keep; empty when it is not a slice state of this version.
   * @param reducerPath names the slice in messages
   */
  readonly adopt: (state: unknown, reducerPath: string) => EntitiesState;
  /**
   * Whether a stored result is one `normalize(schema, …)` could have returned: one that is not came
   * from elsewhere (another version of the app) and reads as invalidated.
   */
  readonly resultFits: (schema: unknown, result: unknown) => boolean;
}

/**
 * A request a reader waits for: the one it joined or started.
 *
 * @see docs/guide/fetching.md
 */
export interface PendingRequest {
  /** Resolves with the committed value, rejects with the failure (marked handled: a reader may leave it). */
  readonly promise: Promise<unknown>;
  /** Settles with the request and never rejects: what a suspended reader waits for. */
  readonly settled: Promise<void>;
}

/**
 * What a reader that asked the fetch policy (`ctrl.ask`) is told, and the request it acts on.
 *
 * @see docs/guide/fetching.md
 */
export interface CallAnswer {
  /** The policy's answer (`fetchPolicy.ts`). */
  readonly decision: CallDecision;
  /** The request joined or started for the reader; `undefined` when the policy says `fetch: 'no'`. */
  readonly request: PendingRequest | undefined;
}

/**
 * What the data middleware does for the Controller, thunks and the RTK Query bridge: one object per
 * store, reached with the mount point's connect action (`connection.ts`). `buildDataMiddleware.ts`
 * writes it as one literal that names the part answering each method.
 */
export interface DataApi {
  /**
   * Requests the call now, as the policy's `fetch` reader (identical reads in flight share one)
   * and resolves after the commit. `signal` aborts this caller; a shared read is aborted when all
   * its callers have aborted.
   */
  fetch(endpoint: EndpointInterface, args: readonly unknown[], signal?: AbortSignal): Promise<unknown>;
  /**
   * Asks the fetch policy for a reader that skips fresh data, and does what it says: joins the
   * identical read in flight, or starts a request (a `hook`'s after the current task, so a render
   * never dispatches). Throws, rather than rejects, what fails before any request (no slice, bad
   * arguments), so a rendering reader throws it at once instead of asking again.
   */
  ask(reader: 'ifStale' | 'hook', endpoint: EndpointInterface, args: readonly unknown[]): CallAnswer;
  /**
   * Stores a response as if it had been fetched, synchronously, and returns its denormalized value.
   * @param how `start`: when the request behind it started (from `hold`), @default now, as a new
   *   request; `visitEntity` and `keepStoredMeta`: `normalize`'s options
   */
  receive(endpoint: EndpointInterface, args: readonly unknown[], response: unknown, how?: ReceiveOptions): unknown;
  /**
   * Stores a response as `receive` does and reads nothing back: for a writer whose readers select
   * the value themselves (the RTK Query bridge's entries), to which `receive`'s read is wasted.
   */
  write(endpoint: EndpointInterface, args: readonly unknown[], response: unknown, how?: ReceiveOptions): void;
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
   * The start of a write with no request of its own, made outside this middleware (a raw write of
   * RTK Query's cache): the clock and the next number of this store's request order.
   * @internal
   */
  begin(): RequestStart;
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
   * Polls the call (see `Controller.poll`): fetches it now when stale, then every
   * `endpoint.pollFrequency` ms, retained, until the returned function is called.
   */
  poll(endpoint: EndpointInterface, args: readonly unknown[]): () => void;
  /**
   * A request made outside this middleware (RTK Query's) started at `fetchedAt`: takes the next
   * number of this store's request order, so its response and ours compare by start whichever
   * library made them, and counts as in flight (a deletion it could undo is remembered) until
   * `release(start)`.
   */
  hold(fetchedAt: number): RequestStart;
  /** The request of another library that `hold` gave `start` ended (answered, failed or dropped): it no longer counts as in flight. */
  release(start: RequestStart): void;
  /**
   * Removes these results now, in one sweep, because the library that fetched them dropped them.
   * With `entities` (something they read has been stored `keepUnusedDataFor` and may go now: the
   * dropping library tells, `mayFreeEntities`), the sweep also removes everything nothing reads any
   * more, walking every remaining read; without, only the results go, and what they read goes at
   * the next sweep.
   */
  drop(keys: readonly string[], entities: boolean): void;
  /**
   * Whether what was written with `meta` (an entity; none: unknown) has been stored the middleware's
   * `keepUnusedDataFor` by now, so that it may go once nothing reads it: the collector's rule.
   * @internal
   */
  unusedLongEnough(meta: { readonly date: number } | undefined): boolean;
}

/** How `DataApi.receive` and `DataApi.write` store a response given to them. */
export interface ReceiveOptions extends Pick<NormalizeOptions, 'visitEntity' | 'keepStoredMeta'> {
  /** When the request behind it started (from `hold`). @default now, as a new request */
  readonly start?: RequestStart;
}

/**
 * One request of this middleware, from the moment a reader asks for it until it has ended, as the
 * request registry records it: the only record of a request in flight.
 */
export interface InFlightRequest {
  /** The endpoint call (`endpoint.key(...args)`). */
  readonly key: string;
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  /** When it started, numbered in the store's request order; `undefined` while it is scheduled. */
  readonly start: RequestStart | undefined;
  /** Aborts it: when every caller has aborted, or on a reset. */
  readonly controller: AbortController;
  /** Identical reads may join it: a read that not all its callers gave up, and no reset dropped. @internal */
  readonly shared: boolean;
  /** How many callers share it, and how many of them aborted. @internal */
  readonly callers: number;
  readonly aborted: number;
  /** A reset came since it was asked for: its outcome is dropped and its callers get a `ResetError`. @internal */
  readonly dropped: boolean;
  /** The optimistic response shown while it is in flight (`getOptimisticResponse`), if any. */
  optimistic: { readonly response: unknown } | undefined;
  /** Settles with it; marked handled. */
  readonly promise: Promise<unknown>;
  /** Settles with it and never rejects. */
  readonly settled: Promise<void>;
}

/** A request as it starts: what `run` is given (its promise is the one `run` makes). */
export type StartingRequest = Omit<InFlightRequest, 'promise' | 'settled'>;

/**
 * Every request of one store in flight (`requestRegistry.ts`): indexed by key, for identical reads
 * to share one, and by start, for the store's request order and for collection.
 */
export interface RequestRegistry {
  /** The start of a write with no request of its own (`receive`, `set`, `fail`): the clock and the next number. @internal */
  begin(): RequestStart;
  /** What the fetch policy reads of the requests for `key`. */
  of(key: string): CallRequests;
  /** The identical read in flight for `key` that a new read may join. @internal */
  shared(key: string): InFlightRequest | undefined;
  /**
   * Records a new request and starts it with `run`: now, or after the current task when
   * `deferred` (a render asked for it).
   * @param from the call's `meta.date` as the request is asked for
   */
  open(
    call: { readonly key: string; readonly endpoint: EndpointInterface; readonly args: readonly unknown[] },
    options: { readonly shared: boolean; readonly deferred: boolean; readonly from: number },
    run: (request: StartingRequest, start: RequestStart) => Promise<unknown>,
  ): InFlightRequest;
  /** One caller's share of `request`: rejects at once when `signal` aborts; the request is aborted once all its callers have. */
  join(request: InFlightRequest, signal?: AbortSignal): Promise<unknown>;
  /** The request ended (its outcome is stored, or dropped): it is no longer in flight. */
  end(request: StartingRequest): void;
  /** A request of another library, started at `fetchedAt`: numbered, and in flight until released (`DataApi.hold`). */
  hold(fetchedAt: number): RequestStart;
  /** The request of another library that `hold` gave `start` ended (`DataApi.release`). */
  release(start: RequestStart): void;
  /** Whether any request for `key` is in flight. @internal */
  inFlight(key: string): boolean;
  /** The starts of every request in flight, other libraries' included. */
  starts(): RequestStart[];
  /** The key of each of this middleware's requests that started and has not ended (a key per request). @internal */
  startedKeys(): string[];
  /** The requests in flight that show an optimistic response, with their starts and responses, in start order. @internal */
  layered(): Array<{ readonly request: StartingRequest; readonly start: RequestStart; readonly response: unknown }>;
  /** A reset: every request is aborted and dropped, and no new read joins one. */
  clear(): void;
}

/** The layers an ending request's action carries, when optimistic responses are shown. */
export type SettledLayers = { layers?: OptimisticLayer[] };

/** The optimistic responses shown over the committed tables (`optimistic.ts`). */
export interface OptimisticDisplay {
  /** Shows the endpoint's optimistic response for `request`, which just started, if it has one. */
  show(request: StartingRequest): void;
  /**
   * `request` ends (or a write with no request, `undefined`): takes its response away and, while
   * optimistic responses are shown, gives the layers left over `committed()`, for the ending action.
   * @internal
   */
  settle(request: StartingRequest | undefined, committed: () => Tables): SettledLayers;
}

/** What readers retain, and the sweeps of what nothing reads (`collect.ts`). */
export interface Collector {
  /** A response (or error) for `key` (a call of `endpoint` with `args`) is about to be stored: remember what its result reads. */
  stored(key: string, endpoint: EndpointInterface, args: readonly unknown[]): void;
  /** A reader shows this call until the returned function is called. */
  retain(endpoint: EndpointInterface, args: readonly unknown[]): () => void;
  /** A reader shows this query until the returned function is called. */
  retainQuery(queryable: unknown, args: readonly unknown[]): () => void;
  /** Sweeps now (see `Controller.gc`). */
  gc(): void;
  /** Removes these results now, in one sweep; with `entities`, also what nothing reads any more (`DataApi.drop`). */
  drop(keys: readonly string[], entities: boolean): void;
  /** Whether what was written with `meta` (an entity) has been stored `keepUnusedDataFor` by now (`DataApi.unusedLongEnough`). @internal */
  unusedLongEnough(meta: { readonly date: number } | undefined): boolean;
  /** The slice was emptied (a reset): nothing stored is left to remember. */
  clear(): void;
}

/** What the collector needs from the middleware. */
export interface CollectorContext {
  /** The middleware's `keepUnusedDataFor` (seconds). */
  readonly keepUnusedDataFor: number;
  readonly now: () => number;
  readonly slice: () => EntitiesState;
  readonly sweep: (payload: SweepPayload) => void;
  /** The requests in flight: a call in flight is not collected, nor a deletion an older request could undo. @internal */
  readonly requests: Pick<RequestRegistry, 'inFlight' | 'starts'>;
}

/**
 * What the parts of one store's middleware are built with (RTK Query's `BuildMiddlewareInput`):
 * the store, the options, and the request registry.
 */
export interface MiddlewareContext {
  /** The mount point: its actions, memo, slice selector and connect action. */
  readonly mount: MountPoint;
  /** The mount point's selectors: what the policy and `getOptimisticResponse` read. */
  readonly selectors: SnapshotSelectors;
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
  /** Every request of the store in flight (`requestRegistry.ts`). */
  readonly registry: RequestRegistry;
}
