import type { ResponseMeta } from './slice/state.js';

// The fetch policy: the one place that decides, from what the store holds for an endpoint call,
// whether that call is stale, in flight, or should be requested (TanStack Query keeps these
// decisions in its core, `queryObserver.ts`). The Controller and the hooks ask; neither decides.
// Every answer is a pure function of the call's stored meta and the time on the middleware's clock.

/** What a reader remembers of its own earlier requests for a call (see `shouldRequest`). */
export interface RequestHistory {
  /** The endpoint is a mutation: it never joins a request someone else started. */
  readonly sideEffect?: boolean;
  /** The call's `meta.date` when this reader last requested it; `undefined` if it never did. */
  readonly requestedFrom?: number;
}

/**
 * Whether a request for the call is in flight: the store counts them in `meta.pending`, for
 * requests started by any reader.
 *
 * @param meta the call's stored meta
 */
export function isInFlight(meta: ResponseMeta | undefined): boolean {
  return (meta?.pending ?? 0) > 0;
}

/**
 * Whether the stored data (or error) of the call should be fetched again: it is missing,
 * invalidated, or expired on `now`.
 *
 * @param meta the call's stored meta
 * @param now the time on the middleware's clock
 */
export function isStale(meta: ResponseMeta | undefined, now: number): boolean {
  return meta === undefined || meta.invalidated === true || meta.expiresAt <= now;
}

/**
 * Whether the call is stale whatever the clock says: never fetched, invalidated, or expired
 * through the Controller (`expireAll`). Unlike `isStale`, it changes only when the store does, so
 * readers can subscribe to it and ask again when it turns true.
 *
 * @param meta the call's stored meta
 */
export function isMarkedStale(meta: ResponseMeta | undefined): boolean {
  return meta === undefined || meta.invalidated === true || meta.expiresAt === 0;
}

/**
 * Whether `fetchIfStale` may answer from the store instead of requesting: the data is fresh and the
 * last request did not fail.
 *
 * @param meta the call's stored meta
 * @param now the time on the middleware's clock
 */
export function isFreshData(meta: ResponseMeta | undefined, now: number): boolean {
  return !isStale(meta, now) && meta?.error === undefined;
}

/**
 * Whether a reader showing the call (a hook) should ask for a request now. A read in flight is
 * joined (the middleware shares it), a mutation in flight is not; otherwise only stale calls are
 * requested, with one exception: a response that was stale on arrival (`dataExpiryLength` or
 * `errorExpiryLength` of 0) answers the request the reader made for it, or every render would
 * request again. Such a call is requested again once it is marked stale (`isMarkedStale`).
 *
 * @param meta the call's stored meta
 * @param now the time on the middleware's clock
 * @param history what the reader asked for before
 */
export function shouldRequest(meta: ResponseMeta | undefined, now: number, history: RequestHistory = {}): boolean {
  if (isInFlight(meta)) return history.sideEffect !== true;
  if (!isStale(meta, now)) return false;
  if (meta === undefined || isMarkedStale(meta)) return true;
  const staleOnArrival = meta.expiresAt <= meta.date;
  const answered = history.requestedFrom !== undefined && history.requestedFrom !== meta.date;
  return !(staleOnArrival && answered);
}
