/**
 * Requests in flight by endpoint key, so identical reads share one request. Mutations are never
 * shared: the composer does not look them up.
 */
export function createInFlight() {
  const requests = new Map<string, Promise<unknown>>();
  return {
    /** The request for `key` in flight, if any. */
    get(key: string): Promise<unknown> | undefined {
      return requests.get(key);
    },
    /** Forgets every request: after a reset, new reads must not share one that was dropped. */
    clear(): void {
      requests.clear();
    },
    /** Remembers `request` under `key` until it settles. */
    track<T>(key: string, request: Promise<T>): Promise<T> {
      requests.set(key, request);
      const forget = () => {
        if (requests.get(key) === request) requests.delete(key);
      };
      request.then(forget, forget);
      return request;
    },
  };
}
