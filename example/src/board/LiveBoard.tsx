import { memo, useEffect, useState } from 'react';
import { Provider, useSelector } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import { createController } from 'rtk-entities';
import { useQuery } from 'rtk-entities/react';
import {
  BOARD_COINS,
  LiveTrade,
  changed,
  largestTrades,
  loaded,
  makeEntitiesBoard,
  makeRtkBoard,
  newestOfCoin,
  selectLargest,
  selectNewestOfCoin,
  type TradeRow,
} from './boardModel';
import { openFeed, type FeedStats, type FeedTarget } from './openFeed';

type Mode = 'entities' | 'rtk';

/** One run of the board: a fresh store of the mode chosen, and how the feed writes into it. */
interface Run {
  /** Each run renders its views afresh. */
  id: number;
  mode: Mode;
  store: Store;
  target: FeedTarget;
}

let runs = 0;

function startRun(mode: Mode): Run {
  const id = ++runs;
  if (mode === 'entities') {
    const store = makeEntitiesBoard();
    const ctrl = createController(store);
    return {
      id,
      mode,
      store,
      target: { all: (trades) => ctrl.set([LiveTrade], trades), some: (changes) => ctrl.set([LiveTrade], changes) },
    };
  }
  const store = makeRtkBoard();
  return {
    id,
    mode,
    store,
    target: { all: (trades) => store.dispatch(loaded(trades)), some: (changes) => store.dispatch(changed(changes)) },
  };
}

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const money = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** One trade; under `memo`, a row whose trade is the same object does not render again. */
const BoardRow = memo(function BoardRow({ trade, testId }: { trade: TradeRow; testId: string }) {
  return (
    <tr data-testid={`${testId}-row`} data-id={trade.id}>
      <td>{trade.id}</td>
      <td>{trade.coin}</td>
      <td className="num">{money.format(trade.price * trade.amount)}</td>
      <td>{clock.format(trade.time)}</td>
    </tr>
  );
});

function BoardTable({ title, trades, testId }: { title: string; trades: readonly TradeRow[]; testId: string }) {
  return (
    <div className="board-scroll">
      <table className="trades board-table" data-testid={testId}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th>#</th>
            <th>Coin</th>
            <th className="num">Value</th>
            <th>Time</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <BoardRow key={trade.id} trade={trade} testId={testId} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The two views on rtk-entities: live views, each kept from what a write changed. */
function EntitiesViews({ coin }: { coin: string }) {
  const largest = useQuery(largestTrades) ?? [];
  const newest = useQuery(newestOfCoin, coin) ?? [];
  return <Views largest={largest} newest={newest} coin={coin} />;
}

/** The same two views on plain RTK: createSelector filters and sorts the whole table on every change. */
function RtkViews({ coin }: { coin: string }) {
  const largest = useSelector(selectLargest);
  const newest = useSelector((state: Parameters<typeof selectNewestOfCoin>[0]) => selectNewestOfCoin(state, coin));
  return <Views largest={largest} newest={newest} coin={coin} />;
}

function Views({ largest, newest, coin }: { largest: readonly TradeRow[]; newest: readonly TradeRow[]; coin: string }) {
  return (
    <div className="board-views">
      <BoardTable title={`The ${largest.length} largest trades`} trades={largest} testId="board-largest" />
      <BoardTable title={`The newest ${coin} trades`} trades={newest} testId="board-newest" />
    </div>
  );
}

const ms = (value: number) => value.toFixed(1);

/**
 * The live board: 100,000 trades, then 25 updates a second pushed by the server (server-sent
 * events), shown as the 50 largest trades and the newest trades of one coin. The same board runs
 * on rtk-entities' live views or on plain RTK selectors, with the time each frame's update took.
 */
export function LiveBoard() {
  const [mode, setMode] = useState<Mode>('entities');
  const [coin, setCoin] = useState<string>(BOARD_COINS[0]);
  const [run, setRun] = useState<Run>();
  const [running, setRunning] = useState(false);
  // what the feed of one run reported last: a run's closing report never shows under the next one
  const [reported, setReported] = useState<{ run: Run; stats: FeedStats }>();
  const stats = reported?.run === run ? reported?.stats : undefined;

  useEffect(
    () =>
      running && run !== undefined ? openFeed(run.target, (each) => setReported({ run, stats: each })) : undefined,
    [running, run],
  );

  const start = (next: Mode) => {
    setRun(startRun(next));
    setRunning(true);
  };
  const choose = (next: Mode) => {
    setMode(next);
    if (running) start(next);
  };

  return (
    <div className="board" data-testid="board">
      <div className="board-controls">
        <div role="radiogroup" aria-label="Store" className="board-modes">
          {(['entities', 'rtk'] as const).map((each) => (
            <label key={each}>
              <input
                type="radio"
                name="board-mode"
                data-testid={`board-mode-${each}`}
                checked={mode === each}
                onChange={() => choose(each)}
              />
              {each === 'entities' ? 'rtk-entities live views' : 'plain RTK selectors'}
            </label>
          ))}
        </div>
        <label>
          Coin{' '}
          <select data-testid="board-coin" value={coin} onChange={(event) => setCoin(event.target.value)}>
            {BOARD_COINS.map((each) => (
              <option key={each}>{each}</option>
            ))}
          </select>
        </label>
        {running ? (
          <button type="button" data-testid="board-stop" onClick={() => setRunning(false)}>
            Stop
          </button>
        ) : (
          <button type="button" data-testid="board-start" onClick={() => start(mode)}>
            Start the feed
          </button>
        )}
      </div>
      <p className="board-readout" data-testid="board-readout" aria-live="off">
        {stats === undefined ? (
          running ? (
            'Loading 100,000 trades…'
          ) : (
            'Not running.'
          )
        ) : (
          <>
            {run?.mode === 'rtk' ? 'Plain RTK' : 'rtk-entities'}: event <span data-testid="board-seq">{stats.seq}</span>
            , <span data-testid="board-trades">{stats.trades.toLocaleString('en-US')}</span> trades,{' '}
            {stats.rate.toFixed(0)} events/s. Update per frame: median{' '}
            <span data-testid="board-median">{ms(stats.median)}</span> ms, 95th percentile {ms(stats.p95)} ms over{' '}
            <span data-testid="board-frames">{stats.frames}</span> frames.
          </>
        )}
      </p>
      {run === undefined ? null : (
        <Provider key={run.id} store={run.store}>
          {run.mode === 'entities' ? <EntitiesViews coin={coin} /> : <RtkViews coin={coin} />}
        </Provider>
      )}
    </div>
  );
}
