import type { EndpointInterface } from '../../endpoint/interface.js';
import type { RequestStart, WriteMeta } from '../../schema/interface.js';

/** How long data stays fresh when the endpoint does not say. @default 60 s */
export const DEFAULT_DATA_EXPIRY = 60_000;
/** How long an error stays before a read retries, when the endpoint does not say. @default 1 s */
export const DEFAULT_ERROR_EXPIRY = 1_000;

/** Timing of a successful response to the request that started at `start`. */
export function dataMeta(endpoint: EndpointInterface, start: RequestStart, date: number): WriteMeta {
  return { ...start, date, expiresAt: expiresAt(date, endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY) };
}

/** Timing of a failed request that started at `start`. */
export function errorMeta(endpoint: EndpointInterface, start: RequestStart, date: number): WriteMeta {
  return { ...start, date, expiresAt: expiresAt(date, endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY) };
}

/**
 * `length` ms after `date`, as a time JSON keeps: an `Infinity` length (never stale) expires at
 * `Number.MAX_SAFE_INTEGER`, and a length that is not a number from 0 up (`NaN`, from an endpoint
 * built by hand) counts as 0, stale on arrival, which the fetch policy requests once, not on every read.
 */
function expiresAt(date: number, length: number): number {
  return length >= 0 ? Math.min(date + length, Number.MAX_SAFE_INTEGER) : date;
}
