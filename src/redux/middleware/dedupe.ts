/** One request in flight and the callers sharing it. */
interface SharedRequest {
  readonly promise: Promise<unknown>;
  /** Aborts the request itself (when every caller has aborted). */
  readonly controller: AbortController;
  callers: number;
  aborted: number;
}

/**
 * One caller's view of a shared request: rejects with the abort reason as soon as `signal` aborts,
 * and aborts the request itself once every caller has aborted.
 */
function abortable(request: SharedRequest, signal: AbortSignal, forget: () => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      request.aborted++;
      if (request.aborted === request.callers) {
        forget();
        request.controller.abort(signal.reason);
      }
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    request.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Identical reads in flight share one request, found by endpoint key; mutations are never shared.
 * Every caller may give up its share with its own signal: it is rejected at once with the abort
 * reason, and once every caller has, the request itself is aborted and no longer shared. This map
 * is a record of its own: the store's `meta.pending` counts a key's requests but cannot hold the
 * promise and controller the callers share, and the request log (`requests.ts`) is not by key.
 */
export function buildDedupe() {
  const reads = new Map<string, SharedRequest>();
  const forget = (key: string, request: SharedRequest): void => {
    if (reads.get(key) === request) reads.delete(key);
  };

  return {
    /**
     * This caller's promise of the request for `key`: the read in flight, or a new request that
     * `start` makes with the controller that aborts it.
     *
     * @param shareable whether identical calls may share the request (reads; never mutations)
     * @param signal aborts this caller; the request is aborted once all its callers have
     * @param start makes the request
     */
    request(
      key: string,
      shareable: boolean,
      signal: AbortSignal | undefined,
      start: (controller: AbortController) => Promise<unknown>,
    ): Promise<unknown> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      let request = shareable ? reads.get(key) : undefined;
      if (request === undefined) {
        const controller = new AbortController();
        const made: SharedRequest = { promise: start(controller), controller, callers: 0, aborted: 0 };
        if (shareable) {
          reads.set(key, made);
          const settled = () => forget(key, made);
          made.promise.then(settled, settled);
        }
        request = made;
      }
      request.callers++;
      const shared = request;
      return signal === undefined ? shared.promise : abortable(shared, signal, () => forget(key, shared));
    },

    /** Forgets every shared read: after a reset, new reads must not join one that was dropped. */
    clear(): void {
      reads.clear();
    },
  };
}

/** The shared reads of one store. */
export type Dedupe = ReturnType<typeof buildDedupe>;
