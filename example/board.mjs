// The live board's feed (example/server.mjs serves it): 100,000 trades, then events that each add a
// trade and change the amounts of a few others. Every connection replays the same feed from the
// start, so what a page shows after event N is known: `boardViews` sorts the replayed trades afresh,
// which is what the browser test checks the page's views against.

/** Trades in the first message of a connection. */
export const BOARD_SIZE = 100_000;
/** Trades whose amount each event changes, besides the one it adds. */
const UPDATES = 4;
/** The coins, with a price each trades around. */
const PRICES = { BTC: 61_000, ETH: 3_100, SOL: 150, ADA: 0.5, DOGE: 0.12, XRP: 0.6 };
export const COINS = Object.keys(PRICES);
const START = Date.UTC(2026, 0, 1);

/** A small deterministic random source (mulberry32): the same seed gives the same numbers. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An amount with a long tail: most trades are small, a few are a hundred times larger. */
const amountOf = (next) => Math.round(Math.exp(next() * 9)) / 100;

/** Trade `id`, drawn from `next`: one a second from the start of 2026. */
function trade(id, next) {
  const coin = COINS[Math.floor(next() * COINS.length)];
  const price = Math.round(PRICES[coin] * (0.95 + next() * 0.1) * 10_000) / 10_000;
  return { id, coin, price, amount: amountOf(next), time: START + id * 1_000 };
}

/** The first message: `count` trades, ids 0 to count - 1. */
export function initialTrades(count = BOARD_SIZE) {
  const next = random(1);
  return Array.from({ length: count }, (_, id) => trade(id, next));
}

/**
 * Event `seq` (from 1) of a feed that started with `count` trades: a new trade, and new amounts for
 * `UPDATES` trades already sent (`{ id, amount }`).
 */
export function boardEvent(seq, count = BOARD_SIZE) {
  const next = random(1_000_003 * seq);
  const id = count + seq - 1;
  const added = trade(id, next);
  const changed = Array.from({ length: UPDATES }, () => ({ id: Math.floor(next() * id), amount: amountOf(next) }));
  return { seq, trades: [added, ...changed] };
}

/**
 * What the board shows after event `seq`, sorted afresh from the replayed feed: the 50 largest trades
 * by value (price × amount), ties by id, and the 20 newest of `coin`. Ids only.
 */
export function boardViews(seq, coin, count = BOARD_SIZE) {
  const trades = new Map(initialTrades(count).map((each) => [each.id, each]));
  for (let n = 1; n <= seq; n++)
    for (const each of boardEvent(n, count).trades) trades.set(each.id, { ...trades.get(each.id), ...each });
  const all = [...trades.values()];
  const value = (each) => each.price * each.amount;
  const largest = [...all].sort((a, b) => value(b) - value(a) || b.id - a.id).slice(0, 50);
  const newest = all
    .filter((each) => each.coin === coin)
    .sort((a, b) => b.time - a.time || b.id - a.id)
    .slice(0, 20);
  return { largest: largest.map((each) => each.id), newest: newest.map((each) => each.id) };
}
