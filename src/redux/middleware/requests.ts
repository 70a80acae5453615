import type { RequestStart } from '../../schema/interface.js';
import type { HandlerBuilder, TrackedRequest } from './types.js';

/** A request of this middleware from its start (`RequestLog.open`). */
export interface OpenRequest {
  /** When it started, numbered in the store's request order. */
  readonly start: RequestStart;
  /** Whether a reset came since it started: its response must be dropped. */
  dropped(): boolean;
  /** It ended (answered, failed or dropped): it no longer counts as in flight. */
  end(): void;
}

/**
 * Every request of one store in flight, this middleware's and other libraries' (`track`), each
 * numbered in the store's request order (DESIGN §5.9: the clock ties, the number does not). The
 * collector asks it which requests are in flight (a deletion one of them could undo is kept), and
 * a reset aborts this middleware's requests through it. This is a record of its own beside the
 * other two: dedupe's map indexes only the reads that may be shared, by key, and the state's
 * `meta.pending` counts requests per key for readers, but neither knows other libraries' requests
 * or when each started.
 *
 * @param now the middleware's clock
 */
export function buildRequestLog(now: () => number) {
  const started = new Set<RequestStart>();
  const controllers = new Set<AbortController>();
  let sequence = 0;
  let generation = 0;
  /** The start of a new request: the clock, and this store's next request number (ties of the clock). */
  const begin = (): RequestStart => ({ fetchedAt: now(), seq: ++sequence });

  return {
    begin,

    /** A request of this middleware starts; `controller` aborts it on a reset. */
    open(controller: AbortController): OpenRequest {
      const start = begin();
      const startedIn = generation;
      controllers.add(controller);
      started.add(start);
      return {
        start,
        dropped: () => startedIn !== generation,
        end() {
          controllers.delete(controller);
          started.delete(start);
        },
      };
    },

    /** A request of another library starts at `fetchedAt` (see `DataApi.track`). */
    track(fetchedAt: number): TrackedRequest {
      const start: RequestStart = { fetchedAt, seq: ++sequence };
      started.add(start);
      return { start, settle: () => void started.delete(start) };
    },

    /** The starts of the requests in flight. */
    inFlight(): RequestStart[] {
      return [...started];
    },

    /** A reset: this middleware's requests are aborted and their responses will be dropped. */
    clear(): void {
      generation++;
      for (const controller of controllers) controller.abort();
      controllers.clear();
    },
  };
}

/** The request log of one store. */
export type RequestLog = ReturnType<typeof buildRequestLog>;

/** Answers for the request log: the store's clock, and requests other libraries make (`track`). */
export const buildRequestsHandler: HandlerBuilder = ({ now, requests: { track } }) => ({ api: { now, track } });
