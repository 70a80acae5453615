import type { RequestStart } from '../../schema/interface.js';
import { startedBefore } from '../../schema/startedBefore.js';
import type { CallRequests } from '../fetchPolicy.js';
import { ResetError } from './ResetError.js';
import type { InFlightRequest, RequestRegistry, StartingRequest } from './types.js';

/** A request as the registry keeps it (the fields only the registry changes are writable), before its promise exists. */
interface Held extends StartingRequest {
  start: RequestStart | undefined;
  /** @internal */
  shared: boolean;
  /** @internal */
  callers: number;
  aborted: number;
  /** @internal */
  dropped: boolean;
}

/** A request as the registry keeps it, with its promise. */
type Entry = Held & Pick<InFlightRequest, 'promise' | 'settled'>;

const noop = (): void => {};

/**
 * The one record of the requests of one store in flight: what answers "what is in flight?". Each
 * request is kept from the moment a reader asks for it (a hook's starts after the render that
 * asked) until its outcome is stored, with its key, start, abort controller, promise, callers and
 * optimistic response. Indexed by key, so that identical reads share one request and the fetch
 * policy sees what is in flight for a call; and by start, for the store's request order (the
 * clock ties, the number does not), the optimistic layers and collection, other libraries'
 * requests (`hold`) included. A reset aborts and drops every request of this middleware at once
 * (other libraries' requests are theirs to end).
 *
 * @param now the middleware's clock
 * @param tab this store's id, when it shares writes between tabs: every start carries it (`RequestStart.tab`)
 */
export function buildRequestRegistry(now: () => number, tab?: string): RequestRegistry {
  /** This middleware's requests by key, in the order they were asked for. */
  const byKey = new Map<string, Entry[]>();
  /** Every request that started and has not ended, with its start, in the order they started (another library's by its start). */
  const byStart = new Map<Held | RequestStart, RequestStart>();
  /** Each key's `meta.date` when its last request was asked for (the policy's `requestedFrom`). */
  const requestedFrom = new Map<string, number>();
  let sequence = 0;

  const numbered = (fetchedAt: number): RequestStart =>
    tab === undefined ? { fetchedAt, seq: ++sequence } : { fetchedAt, seq: ++sequence, tab };
  const begin = (): RequestStart => numbered(now());

  const shared = (key: string): Entry | undefined => byKey.get(key)?.find((entry) => entry.shared);

  /** `held` starts: it takes the next number, and `run` makes the request (unless a reset dropped it first). */
  const start = (held: Held, run: (request: StartingRequest, start: RequestStart) => Promise<unknown>) => {
    if (held.dropped) return Promise.reject(new ResetError(held.endpoint.name));
    const started = begin();
    held.start = started;
    byStart.set(held, started);
    return run(held, started);
  };

  /** The caller's share of `entry`: rejects at once on `signal`, and aborts `entry` once every caller has. */
  const share = (entry: Entry, signal: AbortSignal): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const onAbort = () => {
        entry.aborted++;
        if (entry.aborted === entry.callers) {
          entry.shared = false;
          entry.controller.abort(signal.reason);
        }
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });

  return {
    begin,

    of(key: string): CallRequests {
      return { shared: shared(key) !== undefined, inFlight: byKey.has(key), requestedFrom: requestedFrom.get(key) };
    },

    shared,

    open(call, options, run) {
      const held: Held = {
        ...call,
        start: undefined,
        controller: new AbortController(),
        shared: options.shared,
        callers: 0,
        aborted: 0,
        dropped: false,
        optimistic: undefined,
      };
      // a render's request starts after the current task; any other at once
      const promise = options.deferred ? Promise.resolve().then(() => start(held, run)) : start(held, run);
      const entry: Entry = Object.assign(held, { promise, settled: promise.then(noop, noop) });
      byKey.set(call.key, [...(byKey.get(call.key) ?? []), entry]);
      requestedFrom.set(call.key, options.from);
      return entry;
    },

    join(request, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const entry: Entry = request;
      entry.callers++;
      return signal === undefined ? entry.promise : share(entry, signal);
    },

    end(request) {
      byStart.delete(request);
      // a request a reset dropped is no longer listed under its key
      const others = byKey.get(request.key)?.filter((other) => other !== request);
      if (others === undefined) return;
      if (others.length === 0) byKey.delete(request.key);
      else byKey.set(request.key, others);
    },

    hold(fetchedAt) {
      const started = numbered(fetchedAt);
      byStart.set(started, started);
      return started;
    },

    release(start) {
      byStart.delete(start);
    },

    inFlight: (key) => byKey.has(key),

    startedKeys() {
      const keys: string[] = [];
      for (const request of byStart.keys()) if ('key' in request) keys.push(request.key);
      return keys;
    },

    starts: () => [...byStart.values()],

    layered() {
      const layered: Array<{ request: Held; start: RequestStart; response: unknown }> = [];
      for (const [request, start] of byStart)
        if (isEntry(request) && request.optimistic !== undefined)
          layered.push({ request, start, response: request.optimistic.response });
      return layered.sort((a, b) => (startedBefore(a.start, b.start) ? -1 : 1));
    },

    clear() {
      for (const entries of byKey.values()) {
        for (const entry of entries) {
          entry.dropped = true;
          entry.shared = false;
          entry.optimistic = undefined;
          entry.controller.abort();
        }
      }
      byKey.clear();
      requestedFrom.clear();
    },
  };
}

/** Whether a request in flight is this middleware's (not another library's, `hold`). */
function isEntry(request: Held | RequestStart): request is Held {
  return 'controller' in request;
}
