// The live board's data, twice: as rtk-entities live views, and as plain RTK (createEntityAdapter and
// createSelector), so the page can show the same board on either and a visitor sees the difference.
import { configureStore, createEntityAdapter, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Entity, createDataMiddleware, entitiesSlice, schema } from 'rtk-entities';
import { views } from 'rtk-entities/views';

/** A trade as the feed sends it (example/board.mjs): in full when new, `{ id, amount }` when its amount changed. */
export interface TradeRow {
  id: number;
  coin: string;
  price: number;
  amount: number;
  time: number;
}

/** What one message of the feed changes. */
export type TradeChange = Pick<TradeRow, 'id'> & Partial<TradeRow>;

/** The coins of the feed. */
export const BOARD_COINS = ['BTC', 'ETH', 'SOL', 'ADA', 'DOGE', 'XRP'] as const;
/** How many trades each view shows. */
export const LARGEST = 50;
export const NEWEST = 20;

export class LiveTrade extends Entity {
  id = 0;
  coin = '';
  price = 0;
  amount = 0;
  time = 0;
  /** What the trade is worth. */
  get value() {
    return this.price * this.amount;
  }
  pk() {
    return this.id;
  }
  static override key = 'LiveTrade';
}

/** The trades worth most, largest first: a live view, kept from what each write changed. */
export const largestTrades = new schema.Query(new schema.All(LiveTrade), {
  orderBy: (trade) => trade.value,
  order: 'desc',
  limit: LARGEST,
});

/** The newest trades of one coin. */
export const newestOfCoin = new schema.Query(new schema.All(LiveTrade), {
  where: (trade, coin: string) => trade.coin === coin,
  orderBy: (trade) => trade.time,
  order: 'desc',
  limit: NEWEST,
});

/**
 * A store for the board on rtk-entities. RTK's development checks walk the whole state on every
 * action (100,000 trades: tens of milliseconds each), so both boards leave them out.
 */
export function makeEntitiesBoard() {
  return configureStore({
    reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(createDataMiddleware({ views })),
  });
}

const adapter = createEntityAdapter<TradeRow>();

/** The same trades in RTK's entity adapter. */
const tradesSlice = createSlice({
  name: 'trades',
  initialState: adapter.getInitialState(),
  reducers: {
    /** Every trade, replacing what was there. */
    loaded: (state, action: PayloadAction<TradeRow[]>) => adapter.setAll(state, action),
    /** Trades added, or changed (a change is merged into the trade, as `upsertMany` does). */
    changed: (state, action: PayloadAction<TradeChange[]>) => adapter.upsertMany(state, action.payload as TradeRow[]),
  },
});
export const { loaded, changed } = tradesSlice.actions;

/** A store for the board on plain RTK. */
export function makeRtkBoard() {
  return configureStore({
    reducer: { trades: tradesSlice.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }),
  });
}
type RtkBoardState = ReturnType<ReturnType<typeof makeRtkBoard>['getState']>;

const { selectAll } = adapter.getSelectors((state: RtkBoardState) => state.trades);
const valueOf = (trade: TradeRow) => trade.price * trade.amount;

/** As a Redux user writes it today: sort the whole table again on every change. */
export const selectLargest = createSelector([selectAll], (all) =>
  [...all].sort((a, b) => valueOf(b) - valueOf(a) || b.id - a.id).slice(0, LARGEST),
);

/** The newest trades of `coin`, filtered and sorted from the whole table on every change. */
export const selectNewestOfCoin = createSelector([selectAll, (_: RtkBoardState, coin: string) => coin], (all, coin) =>
  all
    .filter((trade) => trade.coin === coin)
    .sort((a, b) => b.time - a.time || b.id - a.id)
    .slice(0, NEWEST),
);
