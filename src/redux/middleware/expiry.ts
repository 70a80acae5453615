import type { RequestStart, WriteMeta } from '../../schema/interface.js';

/** How long data stays fresh when the endpoint does not say. @default 60 s */
export const DEFAULT_DATA_EXPIRY = 60_000;
/** How long an error stays before a read retries, when the endpoint does not say. @default 1 s */
export const DEFAULT_ERROR_EXPIRY = 1_000;

/**
 * When a response to the request that started at `start` was written (`date`), and until when it is fresh: `length`
 * ms after `date` (the endpoint's `dataExpiryLength`; `DEFAULT_DATA_EXPIRY` when it has none), as a time JSON keeps
 * (an `Infinity` length, never stale, expires at `Number.MAX_SAFE_INTEGER`; a length that is not a number from 0 up,
 * `NaN` from an endpoint built by hand, counts as 0: stale on arrival, which the fetch policy requests once, not on
 * every read).
 *
 * An object literal of one of two shapes: a spread of `start` (`{ ...start, date, expiresAt }`), once V8 had
 * optimized it, gave every meta a hidden class of its own, about 260 bytes kept for as long as the meta is stored
 * (each record of a feed written one `ctrl.set` at a time).
 */
export function responseMeta(
  { fetchedAt, seq = 0, tab }: RequestStart,
  date: number,
  length?: number | null,
): WriteMeta {
  const ms = length ?? DEFAULT_DATA_EXPIRY;
  const expiresAt = ms >= 0 ? Math.min(date + ms, Number.MAX_SAFE_INTEGER) : date;
  return tab === undefined ? { fetchedAt, seq, date, expiresAt } : { fetchedAt, seq, tab, date, expiresAt };
}
