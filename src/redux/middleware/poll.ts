import type { EndpointInterface } from '../../endpoint/interface.js';
import type { Collector, DataApi } from './types.js';
import { entryOf } from '../../utils/entryOf.js';

/** One call's polling: the readers polling it share one timer, at the shortest frequency any of them asked for. */
interface Poll {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  /** The frequencies of the readers polling it (ms). @internal */
  readonly frequencies: number[];
  /** @internal */
  timer: ReturnType<typeof setInterval> | undefined;
  /** @internal */
  frequency: number;
}

const ignore = (): void => {};

/**
 * Polling, in the core, so a store with no React polls too: `poll(endpoint, args)` asks the fetch
 * policy at once (a stale call is fetched now), then fetches the call every `endpoint.pollFrequency`
 * ms as the policy's `fetch` reader (joining an identical read in flight), until the returned stop
 * is called. Identical polls share one timer, at the shortest frequency among them. A poll counts
 * as a retain: the call's data is not collected while it is polled. A failed poll is stored like
 * any failure (a soft error keeps the data shown); the poll itself has no one to tell, and goes on.
 *
 * @param parts the policy's readers (`ask`, `fetch`) and the collector's `retain`
 */
export function buildPoller(parts: Pick<DataApi, 'ask' | 'fetch'> & Pick<Collector, 'retain'>): Pick<DataApi, 'poll'> {
  const polls = new Map<string, Poll>();

  /** (Re)starts the timer of `poll` at the shortest of its frequencies; stops it when none is left. */
  const schedule = (key: string, poll: Poll): void => {
    const frequency = Math.min(...poll.frequencies);
    if (poll.timer !== undefined && frequency === poll.frequency) return;
    clearInterval(poll.timer);
    poll.timer = undefined;
    poll.frequency = frequency;
    if (poll.frequencies.length === 0) {
      polls.delete(key);
      return;
    }
    poll.timer = setInterval(() => void parts.fetch(poll.endpoint, poll.args).catch(ignore), frequency);
  };

  return {
    poll(endpoint, args) {
      const key = endpoint.key(...args);
      parts.ask('ifStale', endpoint, args);
      const release = parts.retain(endpoint, args);
      const frequency = endpoint.pollFrequency;
      const polled = frequency !== undefined && frequency > 0 && frequency < Infinity;
      if (polled) {
        const poll = entryOf(polls, key, () => ({
          endpoint,
          args,
          frequencies: [],
          timer: undefined,
          frequency: Infinity,
        }));
        poll.frequencies.push(frequency);
        schedule(key, poll);
      }
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        release();
        const poll = polls.get(key);
        if (!polled || poll === undefined) return;
        poll.frequencies.splice(poll.frequencies.indexOf(frequency), 1);
        schedule(key, poll);
      };
    },
  };
}
