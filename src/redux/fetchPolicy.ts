import type { ResponseMeta } from './slice/state.js';

// The fetch policy: the one place that decides, for one endpoint call, whether it is stale, whether
// a reader fetches it (joins the request in flight, starts one, or neither), and what the reader
// shows meanwhile (the data or a wait, the error beside it or thrown). TanStack Query keeps these
// decisions in its core (`queryObserver.ts`); here the Controller, every hook, polling and the
// collector ask, and none of them adds a condition of its own. Every answer is a pure function of
// what the store holds for the call, the time on the middleware's clock, and the request registry.

/**
 * Who asks, which decides when a call is fetched:
 * - `fetch`: `ctrl.fetch`, `fetchEndpoint` and a poll's tick always request (joining an identical
 *   read in flight);
 * - `ifStale`: `ctrl.fetchIfStale` and a poll's start request only a stale call;
 * - `hook`: a hook rendering the call, as `ifStale` (its request starts after the render).
 *
 * @see docs/guide/fetching.md
 */
export type Reader = 'fetch' | 'ifStale' | 'hook';

/**
 * The policy's answer for one call and one reader.
 *
 * @see docs/guide/fetching.md
 */
export interface CallDecision {
  /** The call needs a request: nothing stored, invalidated, or expired (its data's records included). */
  readonly stale: boolean;
  /** A request for the call is in flight, or about to start. @internal */
  readonly inFlight: boolean;
  /** `join` the identical read in flight, `start` a request, or `no` request at all. */
  readonly fetch: 'no' | 'join' | 'start';
  /**
   * `shown`: the reader shows what the store holds now (stale data is refreshed behind it);
   * `hidden`: it has nothing to show and waits for the request (a hook suspends, or is loading).
   */
  readonly data: 'shown' | 'hidden';
  /**
   * `thrown`: the stored error is the call's outcome (nothing to show, no request to wait for): a
   * hook throws it to the error boundary, `fetchIfStale` rejects with it. `shown`: an error is
   * stored, and shown beside the data or while the request retries. `none`: no error is stored.
   */
  readonly error: 'none' | 'shown' | 'thrown';
}

/** What the request registry holds for one call. */
export interface CallRequests {
  /** An identical read is in flight (or about to start) that a new read may join. @internal */
  readonly shared: boolean;
  /** Any request for the call is in flight (or about to start), mutations included. @internal */
  readonly inFlight: boolean;
  /** The call's `meta.date` when its last request started; `undefined` if none did since the last reset. @internal */
  readonly requestedFrom: number | undefined;
}

/** A store without the data middleware has no requests. */
export const NO_REQUESTS: CallRequests = { shared: false, inFlight: false, requestedFrom: undefined };

/** What the policy reads of one call. */
export interface Call {
  /** The call's stored meta (`state.meta[key]`). */
  readonly meta: ResponseMeta | undefined;
  /**
   * When the call's data expires: its `meta.expiresAt`, or earlier when a record it holds goes
   * stale first by its Entity's `dataExpiryLength` (what `selectResponse` gives); asked only when needed.
   */
  readonly expiresAt: () => number;
  /** Whether the store has data to show for the call (as `selectResponse` gives it); asked only when needed. @internal */
  readonly hasData: () => boolean;
  /** The endpoint is a mutation: it is never joined, nor started again while one is in flight for a reader that skips fresh data. */
  readonly sideEffect: boolean;
  /** The requests in flight for the call. @internal */
  readonly requests: CallRequests;
}

/**
 * Whether the call's data is hidden whatever the clock says: after `invalidate`, or a hard error
 * (`errorPolicy` 'hard': a 404, a response that does not fit its schema).
 *
 * @param meta the call's stored meta
 */
export function isDataHidden(meta: ResponseMeta | undefined): boolean {
  return meta !== undefined && (meta.invalidated === true || (meta.error !== undefined && meta.errorPolicy === 'hard'));
}

/**
 * Whether the call needs a request. Stale: never fetched, invalidated, marked stale through the
 * Controller (`expireAll`: `expiresAt` 0), or past `expiresAt` on `now`, which a success sets
 * `dataExpiryLength` ahead, a failure `errorExpiryLength` ahead, and a record of the data past its
 * Entity's `dataExpiryLength` brings forward. One exception: a response stale on arrival (an expiry
 * length of 0) answers the request started for it, so it is not stale again until it is marked stale;
 * otherwise every render would request it again.
 */
function isStale(call: Call, now: number): boolean {
  const { meta, requests } = call;
  if (meta === undefined || meta.invalidated === true || meta.expiresAt === 0) return true;
  const expiresAt = call.expiresAt();
  if (expiresAt > now) return false;
  const staleOnArrival = expiresAt <= meta.date;
  const answered = requests.requestedFrom !== undefined && requests.requestedFrom !== meta.date;
  return !(staleOnArrival && answered);
}

/**
 * The one fetch decision: for `call`, asked by `reader` at `now` (the middleware's clock).
 *
 * A `fetch` reader always requests: it joins the identical read in flight, or starts one (a mutation
 * always starts its own); it waits for that request, not for what is stored. Every other reader
 * requests only a stale call: it joins the identical read in flight, or starts one unless a mutation
 * of the call is in flight. It shows the stored data when there is some, and waits for the request
 * when there is none; a stored error with nothing to show and no request to wait for is thrown.
 *
 * @param reader who asks
 * @param call what the store and the request registry hold for the call
 * @param now the time on the middleware's clock
 * @see docs/guide/fetching.md
 */
export function decide(reader: Reader, call: Call, now: number): CallDecision {
  const { meta, requests } = call;
  const stale = isStale(call, now);
  const hasError = meta?.error !== undefined;
  const joinable = requests.shared && !call.sideEffect;
  if (reader === 'fetch') {
    const fetch = joinable ? 'join' : 'start';
    return { stale, inFlight: requests.inFlight, fetch, data: 'hidden', error: hasError ? 'shown' : 'none' };
  }
  const fetch = !stale ? 'no' : joinable ? 'join' : call.sideEffect && requests.inFlight ? 'no' : 'start';
  const shows = call.hasData();
  const waits = fetch !== 'no' && !shows;
  return {
    stale,
    inFlight: requests.inFlight,
    fetch,
    data: waits ? 'hidden' : 'shown',
    error: !hasError ? 'none' : shows || waits ? 'shown' : 'thrown',
  };
}
