import type { EndpointInterface } from '../../endpoint/interface.js';
import type { RequestStart, WriteMeta } from '../../schema/interface.js';

/** How long data stays fresh when the endpoint does not say. @default 60 s */
export const DEFAULT_DATA_EXPIRY = 60_000;
/** How long an error stays before a read retries, when the endpoint does not say. @default 1 s */
export const DEFAULT_ERROR_EXPIRY = 1_000;

/** Timing of a successful response to the request that started at `start`. */
export function dataMeta(endpoint: EndpointInterface, start: RequestStart, date: number): WriteMeta {
  return { ...start, date, expiresAt: date + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY) };
}

/** Timing of a failed request that started at `start`. */
export function errorMeta(endpoint: EndpointInterface, start: RequestStart, date: number): WriteMeta {
  return { ...start, date, expiresAt: date + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY) };
}
