/** HTTP for endpoint tests: only nock answers, and every mocked request must be made. */
import nock from 'nock';
import type { RequestContext } from '../../src/index';

export const API = 'http://api.endpoint.test';

/** The context the middleware passes: the platform's fetch (intercepted by nock). */
export const context: RequestContext = { fetch };

/** Registers beforeEach/afterEach hooks: no real network, no mocked request left unused. */
export function useNock(): void {
  beforeEach(() => {
    nock.disableNetConnect();
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    expect(pending).toEqual([]);
  });
}

/** What a nock reply function saw of the request. */
export interface SeenRequest {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A nock reply that records the request's headers and raw body, then answers `status` with `reply`.
 */
export function recordRequest(seen: SeenRequest[], status = 200, reply: unknown = { ok: true }) {
  return function (this: { req: { headers: SeenRequest['headers'] } }, _uri: string, body: unknown): [number, unknown] {
    seen.push({ headers: { ...this.req.headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return [status, reply];
  };
}
