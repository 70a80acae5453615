import { isInFlight, shouldRequest } from '../redux/fetchPolicy.js';
import { ResetError } from '../redux/middleware/ResetError.js';
import type { ResponseMeta } from '../redux/slice/state.js';

/** A request hooks asked for during a render: started in a microtask, once per call key. */
export interface ScheduledFetch {
  /** Resolves with the fetched value, rejects with the failure (already marked handled). */
  readonly promise: Promise<unknown>;
  /** Settles with the request and never rejects: what suspending hooks throw. */
  readonly settled: Promise<void>;
  /** False until the microtask has handed the request to the Controller. */
  readonly started: boolean;
}

/** Starts the requests of one store's hooks. See `buildFetchScheduler`. */
export interface FetchScheduler {
  /**
   * Called during render: the request for `key` in flight, or a new one running `run` after the
   * render when the fetch policy says so (`shouldRequest`); `undefined` when the store holds what
   * the call needs.
   * @param sideEffect whether the endpoint is a mutation (it never joins a request someone else started)
   */
  request(key: string, sideEffect: boolean, run: () => Promise<unknown>): ScheduledFetch | undefined;
  /** A failure the store has no record of (e.g. no middleware): reads throw it instead of retrying. */
  failure(key: string): { readonly error: unknown } | undefined;
  /** Forgets the failure of `key`, so the next read tries again. */
  clearFailure(key: string): void;
}

/** What the scheduler reads from the store about one call. */
export interface CallRecord {
  /** The call's stored meta. */
  readonly meta: ResponseMeta | undefined;
  /** When the slice was last reset. */
  readonly lastReset: number;
}

interface Failure {
  readonly error: unknown;
  /** The call's meta when it failed: the failure stands while the store has nothing newer. */
  readonly meta: ResponseMeta | undefined;
}

const noop = (): void => {};

/**
 * Creates the request scheduler of one store. Whether a call needs a request is the fetch policy's
 * decision (`redux/fetchPolicy.ts`); the scheduler only times it for React: hooks ask during render,
 * but dispatching inside a render would update other components mid-render, so the Controller is
 * called in a microtask, after the render. Concurrent renders of the same call share one request.
 *
 * What the scheduler remembers is what the store cannot know: when hooks last requested each call
 * (the policy's `requestedFrom`, so a response stale on arrival answers the request made for it),
 * and failures the store never recorded (no middleware), kept and thrown rather than retried.
 *
 * @param read what the store holds for a call key
 * @param now the clock that expiry is measured on
 */
export function buildFetchScheduler(read: (key: string) => CallRecord, now: () => number = Date.now): FetchScheduler {
  const readMeta = (key: string) => read(key).meta;
  // A second record of requests in flight, besides the store's `meta.pending`: a request asked for
  // during a render reaches the store only in the microtask after it, and the renders in between
  // (other components, React's double render) must share it rather than schedule their own.
  const scheduled = new Map<string, ScheduledFetch>();
  // the meta date hooks saw when they last requested a key
  const requestedFrom = new Map<string, number>();
  const failures = new Map<string, Failure>();

  const failure = (key: string): Failure | undefined => {
    const found = failures.get(key);
    if (found !== undefined && found.meta !== readMeta(key)) failures.delete(key);
    return failures.get(key);
  };

  const start = (key: string, run: () => Promise<unknown>): ScheduledFetch => {
    requestedFrom.set(key, readMeta(key)?.date ?? 0);
    const state = { started: false };
    const promise = Promise.resolve().then(async () => {
      state.started = true;
      const { lastReset } = read(key);
      try {
        return await run();
      } catch (error) {
        // no reset since this request started, yet it was dropped by one: it joined a request
        // from before the last reset, which the middleware was still settling. Ask again.
        if (error instanceof ResetError && read(key).lastReset === lastReset) return run();
        throw error;
      }
    });
    promise.catch((error: unknown) => {
      // the middleware records every failure it sees and drops requests on reset; anything
      // else never reached the store, and asking again would fail the same way
      const meta = readMeta(key);
      const unrecorded = meta === undefined || (meta.date === 0 && meta.error === undefined);
      if (unrecorded && !(error instanceof ResetError)) failures.set(key, { error, meta });
    });
    const finish = () => {
      if (scheduled.get(key) === entry) scheduled.delete(key);
    };
    const entry: ScheduledFetch = {
      promise,
      settled: promise.then(noop, noop).then(finish),
      get started() {
        return state.started;
      },
    };
    scheduled.set(key, entry);
    return entry;
  };

  return {
    request(key, sideEffect, run) {
      const meta = readMeta(key);
      const running = scheduled.get(key);
      // a started request the store no longer counts has ended (committed, failed or dropped by
      // a reset): its promise is about to settle, so the policy alone decides
      if (running !== undefined && (!running.started || isInFlight(meta))) return running;
      if (failure(key) !== undefined) return undefined;
      // joining a read someone else started: the Controller hands back its promise
      const history = { sideEffect, requestedFrom: requestedFrom.get(key) };
      return shouldRequest(meta, now(), history) ? start(key, run) : undefined;
    },
    failure,
    clearFailure: (key) => void failures.delete(key),
  };
}
