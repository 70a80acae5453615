/** One read in flight and the callers sharing it. */
export interface SharedRequest {
  readonly promise: Promise<unknown>;
  /** Aborts the request itself (when every caller has aborted). */
  readonly controller: AbortController;
  callers: number;
  aborted: number;
}

/**
 * Reads in flight by endpoint key, so identical reads share one request. Mutations are never
 * shared: the composer does not look them up.
 */
export function createInFlight() {
  const requests = new Map<string, SharedRequest>();
  return {
    /** The read for `key` in flight, if any. */
    get(key: string): SharedRequest | undefined {
      return requests.get(key);
    },
    /** Remembers `request` under `key` until it settles or is forgotten. */
    track(key: string, request: SharedRequest): SharedRequest {
      requests.set(key, request);
      const forget = () => this.forget(key, request);
      request.promise.then(forget, forget);
      return request;
    },
    /** Stops sharing `request`: the next identical read makes a new one. */
    forget(key: string, request: SharedRequest): void {
      if (requests.get(key) === request) requests.delete(key);
    },
    /** Forgets every request: after a reset, new reads must not share one that was dropped. */
    clear(): void {
      requests.clear();
    },
  };
}
