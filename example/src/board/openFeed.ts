// The live board's feed: server-sent events from example/server.mjs, applied to a store once per
// animation frame, and the time each frame's update took (dispatch, selectors, React's render and
// commit), which the board shows.
import { flushSync } from 'react-dom';
import type { TradeChange, TradeRow } from './boardModel';

/** How a store takes the feed: every trade at first, then the changes of each frame. */
export interface FeedTarget {
  all(trades: TradeRow[]): void;
  some(changes: TradeChange[]): void;
}

/** What the board shows of its feed. */
export interface FeedStats {
  /** The last event applied (events are numbered from 1). */
  seq: number;
  trades: number;
  /** Frames that applied events, and the median and 95th percentile of their work, in ms. */
  frames: number;
  median: number;
  p95: number;
  /** Events applied per second. */
  rate: number;
}

/** Frames kept for the median. */
const KEPT = 240;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * Opens the feed at `hz` events a second into `target`, reporting to `report` twice a second and once
 * more when closed. Returns what closes it: no event is applied after that.
 */
export function openFeed(target: FeedTarget, report: (stats: FeedStats) => void, hz = 25): () => void {
  const source = new EventSource(`/board/stream?hz=${hz}`);
  let pending: { seq: number; trades: TradeChange[] }[] = [];
  let frame = 0;
  const work: number[] = [];
  const stats: FeedStats = { seq: 0, trades: 0, frames: 0, median: 0, p95: 0, rate: 0 };
  let firstEvent = 0;

  source.addEventListener('trades', (event) => {
    const trades = JSON.parse((event as MessageEvent<string>).data) as TradeRow[];
    // the feed starts again (a reconnection starts it over): what the last one left pending is not part of it
    pending = [];
    flushSync(() => target.all(trades));
    stats.trades = trades.length;
    stats.seq = 0;
  });
  source.addEventListener('message', (event) => {
    pending.push(JSON.parse(event.data as string) as { seq: number; trades: TradeChange[] });
    frame ||= requestAnimationFrame(applyPending);
  });

  function applyPending() {
    frame = 0;
    const events = pending;
    pending = [];
    const start = performance.now();
    flushSync(() => target.some(events.flatMap((each) => each.trades)));
    work.push(performance.now() - start);
    if (work.length > KEPT) work.shift();
    firstEvent ||= start;
    stats.frames++;
    stats.seq = events[events.length - 1]?.seq ?? stats.seq;
    stats.trades += events.length;
  }

  const send = () => {
    if (stats.trades === 0) return; // still loading
    const sorted = [...work].sort((a, b) => a - b);
    const seconds = (performance.now() - firstEvent) / 1000;
    report({
      ...stats,
      median: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      rate: firstEvent && seconds > 0 ? stats.seq / seconds : 0,
    });
  };
  const timer = setInterval(send, 500);
  return () => {
    source.close();
    cancelAnimationFrame(frame);
    clearInterval(timer);
    send();
  };
}
