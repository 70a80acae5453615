/**
 * The `live views` group (DESIGN §11.3, §11.4): a store of N members takes one write of one member,
 * and a sorted view reflects it: the whole of it, or its first 50. Every write gives a member a score
 * below all others, so it enters the top of both views. Ours: `schema.Query(new schema.All(Member),
 * { orderBy, limit })` kept by `rtk-entities/views`, read with `selectQuery`. TanStack DB 0.15: a
 * local-only collection (`autoIndex: 'eager'`, `BTreeIndex`) and a live query with `orderBy` (and
 * `limit(50)`), whose `subscribeChanges` hears the write before `update` returns. RTK: the adapter's
 * `upsertOne` and a `createSelector` sort of its `selectAll`. Also the first read of a view, the full
 * view read as an array (what a component renders), a live feed (each write adds the trade with the
 * next numeric id, which enters the 50 newest), and the heap per entity with two views kept.
 */
import { configureStore, createEntityAdapter, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { BTreeIndex, createCollection, createLiveQueryCollection, localOnlyCollectionOptions } from '@tanstack/db';
import { Entity, schema, selectQuery } from '../../src/index.js';
import { views } from '../../src/views/index.js';
import type { MemberRow, Sizes } from '../fixtures.js';
import { Member, getMembers, makeMembers } from '../fixtures.js';
import { assert, benchCase, type BenchCase } from '../model.js';
import { retainedByLibrary, type ScaleMemoryRow } from './memory.js';
import { makeOurStore, makeRtkStore, membersSlice, rtkMemberSelectors } from '../stores.js';

/** The top of a view. */
const TOP = 50;

/** By score, ties by id: the order all three libraries give. */
const byScore = (a: MemberRow, b: MemberRow) => a.score - b.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What the libraries are compared on: ids and scores, in order. */
const shown = (rows: readonly MemberRow[]) => rows.map((row) => `${row.id}:${row.score}`);

/** A TanStack DB collection of `rows` and a live query over it, sorted by score (its first `limit`). */
async function tanstackView(rows: MemberRow[], limit: number | undefined) {
  const members = createCollection(
    localOnlyCollectionOptions({
      id: `members-${rows.length}-${limit ?? 'all'}-${Math.random()}`,
      getKey: (member: MemberRow) => member.id,
      initialData: rows,
      autoIndex: 'eager',
      defaultIndexType: BTreeIndex,
    }),
  );
  const live = createLiveQueryCollection({
    query: (q) => {
      const sorted = q.from({ member: members }).orderBy(({ member }) => member.score, 'asc');
      return limit === undefined ? sorted : sorted.limit(limit);
    },
    startSync: true,
  });
  await live.preload();
  let heard = 0;
  live.subscribeChanges(() => heard++);
  return {
    members,
    live,
    /** Applies `row`'s score, and checks the view heard it before `update` returned. */
    write(row: MemberRow) {
      const before = heard;
      members.update(row.id, (draft) => {
        draft.score = row.score;
      });
      if (heard === before) throw new Error('TanStack DB: the live query did not hear the write');
    },
  };
}

/** Stores of `count` members for each library, a view of each over them, and the rows their writes take, in turn. */
async function filled(count: number, limit: number | undefined) {
  const rows = makeMembers(count);
  const ours = makeOurStore(undefined, { views });
  ours.ctrl.setResponse(getMembers, {}, rows);
  const view = new schema.Query(new schema.All(Member), {
    orderBy: (member) => member.score,
    ...(limit === undefined ? {} : { limit }),
  });
  const rtk = makeRtkStore();
  rtk.dispatch(membersSlice.actions.upsertMany(makeMembers(count)));
  const rtkView = createSelector([rtkMemberSelectors.selectAll], (all) => {
    const sorted = [...all].sort(byScore);
    return limit === undefined ? sorted : sorted.slice(0, limit);
  });
  const tanstack = await tanstackView(makeMembers(count), limit);
  const writes = { ours: 0, rtk: 0, tanstack: 0 };
  /** The `n`th write: a member spread over the store, with a score below every other. */
  const row = (n: number): MemberRow => ({ ...(rows[(n * 7919) % count] as MemberRow), score: -1 - n });
  // one selector, as a component's useQuery keeps
  const select = selectQuery(view);
  const readOurs = () => select(ours.store.getState()) as Member[];
  return {
    ours: () => {
      ours.ctrl.set(Member, row(writes.ours++));
      return readOurs();
    },
    readOurs: () => shown(readOurs()),
    rtk: () => {
      rtk.dispatch(membersSlice.actions.upsertOne(row(writes.rtk++)));
      return rtkView(rtk.getState());
    },
    readRtk: () => shown(rtkView(rtk.getState())),
    tanstack: () => tanstack.write(row(writes.tanstack++)),
    tanstackArray: () => {
      tanstack.write(row(writes.tanstack++));
      return tanstack.live.toArray;
    },
    readTanstack: () => shown(tanstack.live.toArray),
    ourState: () => ours.store.getState(),
    rtkState: () => rtk.getState(),
  };
}

/** A trade of a live feed: numeric ids that only grow. */
interface FeedRow {
  id: number;
  coin: string;
  price: number;
  time: number;
}

class FeedTrade extends Entity {
  id = 0;
  coin = '';
  price = 0;
  time = 0;
  pk() {
    return this.id;
  }
  static override key = 'FeedTrade';
}

/** Trade `id` of the feed: one a second. */
const feedRow = (id: number): FeedRow => ({
  id,
  coin: ['BTC', 'ETH', 'SOL'][id % 3] as string,
  price: 100 + (id % 97),
  time: id * 1_000,
});

const feedAdapter = createEntityAdapter<FeedRow>();
const feedSlice = createSlice({
  name: 'feed',
  initialState: feedAdapter.getInitialState(),
  reducers: {
    added: (state, action: PayloadAction<readonly FeedRow[]>) => void feedAdapter.addMany(state, action.payload),
  },
});

/**
 * Stores of `count` feed trades for each library, and a view of each of the 50 newest; each write adds
 * the next trade, which enters the top of the view.
 */
async function feed(count: number) {
  const rows = Array.from({ length: count }, (_, id) => feedRow(id));
  const ours = makeOurStore(undefined, { views });
  ours.ctrl.set([FeedTrade], rows);
  const newest = selectQuery(
    new schema.Query(new schema.All(FeedTrade), { orderBy: (trade) => trade.time, order: 'desc', limit: TOP }),
  );
  const rtk = configureStore({
    reducer: { feed: feedSlice.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }),
  });
  rtk.dispatch(feedSlice.actions.added(rows));
  const { selectAll } = feedAdapter.getSelectors((state: ReturnType<typeof rtk.getState>) => state.feed);
  const rtkNewest = createSelector([selectAll], (all) => [...all].sort((a, b) => b.time - a.time).slice(0, TOP));
  const trades = createCollection(
    localOnlyCollectionOptions({
      id: `feed-${count}-${Math.random()}`,
      getKey: (trade: FeedRow) => trade.id,
      initialData: rows.map((row) => ({ ...row })),
      autoIndex: 'eager',
      defaultIndexType: BTreeIndex,
    }),
  );
  const live = createLiveQueryCollection({
    query: (q) =>
      q
        .from({ trade: trades })
        .orderBy(({ trade }) => trade.time, 'desc')
        .limit(TOP),
    startSync: true,
  });
  await live.preload();
  let heard = 0;
  live.subscribeChanges(() => heard++);
  const next = { ours: count, rtk: count, tanstack: count };
  const ids = (list: readonly { id: number }[]) => list.map((trade) => trade.id);
  return {
    ours: () => {
      ours.ctrl.set(FeedTrade, feedRow(next.ours++));
      return newest(ours.store.getState()) as FeedTrade[];
    },
    readOurs: () => ids(newest(ours.store.getState()) as FeedTrade[]),
    rtk: () => {
      rtk.dispatch(feedSlice.actions.added([feedRow(next.rtk++)]));
      return rtkNewest(rtk.getState());
    },
    readRtk: () => ids(rtkNewest(rtk.getState())),
    tanstack: () => {
      const before = heard;
      trades.insert(feedRow(next.tanstack++));
      if (heard === before) throw new Error('TanStack DB: the live query did not hear the insert');
    },
    readTanstack: () => ids(live.toArray),
  };
}

/** The three libraries' contenders of a case whose stores `filled` or `feed` made. */
const threeWay = (
  stores: Record<'ours' | 'readOurs' | 'tanstack' | 'readTanstack' | 'rtk' | 'readRtk', () => unknown>,
) => [
  { library: 'ours' as const, run: stores.ours, read: stores.readOurs },
  { library: 'tanstack' as const, run: stores.tanstack, read: stores.readTanstack },
  { library: 'rtk' as const, run: stores.rtk, read: stores.readRtk },
];

/** The sizes of the group: the smallest and the largest of the scale group. */
const viewSizes = (sizes: Sizes) => [...new Set([sizes.scale[0], sizes.scale[sizes.scale.length - 1]])] as number[];

export async function viewCases(sizes: Sizes): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  for (const count of viewSizes(sizes)) {
    const n = count.toLocaleString('en-US');
    const sorted = await filled(count, undefined);
    const top = await filled(count, TOP);
    const fed = await feed(count);
    cases.push(
      benchCase({
        id: `view-sorted-${count}`,
        title: `one write into ${n} members, reflected in the whole view sorted by score`,
        contenders: threeWay(sorted),
        rounds: 12,
      }),
      benchCase({
        id: `view-top50-${count}`,
        title: `one write into ${n} members, reflected in the top ${TOP} by score`,
        contenders: threeWay(top),
        rounds: 12,
        check: () => assert(top.readOurs().length === TOP, `view-top50-${count}: ours must show ${TOP}`),
      }),
      benchCase({
        id: `view-feed-${count}`,
        title: `a live feed: one new trade (the next numeric id) into ${n}, reflected in the ${TOP} newest`,
        contenders: threeWay(fed),
        rounds: 12,
      }),
      benchCase({
        id: `view-array-${count}`,
        title: `one write into ${n} members, then the whole sorted view read as an array (what a component renders)`,
        contenders: [
          { library: 'ours', run: sorted.ours, read: sorted.readOurs },
          { library: 'tanstack', run: sorted.tanstackArray, read: sorted.readTanstack },
        ],
        rounds: 4,
      }),
      benchCase({
        id: `view-first-${count}`,
        title: `the first read of a new view of ${n} members: the active ones, sorted by score`,
        contenders: [
          {
            library: 'ours',
            run: () =>
              shown(
                selectQuery(
                  new schema.Query(new schema.All(Member), {
                    where: (member) => member.active,
                    orderBy: (member) => member.score,
                  }),
                )(top.ourState()) as Member[],
              ),
          },
          {
            library: 'rtk',
            run: () =>
              shown(
                createSelector([rtkMemberSelectors.selectAll], (all) =>
                  all.filter((member) => member.active).sort(byScore),
                )(top.rtkState()),
              ),
          },
        ],
        rounds: 12,
      }),
    );
  }
  return cases;
}

/** By active, then by score: the second view of the memory rows, the active members sorted by score. */
const activeByScore = (all: readonly MemberRow[]) => all.filter((member) => member.active).sort(byScore);

/**
 * Median over `runs` loads of the heap a store of `count` members retains with two live views read and
 * kept (the top 50 by score, and the active members sorted by score), per entity; RTK's adapter with
 * the same two views as `createSelector`s of `selectAll` beside it. Both keep their views alive (our
 * queries, RTK's selectors): until 2026-12-01 ours let its queries go, so its views were collected
 * and only their outputs counted (445 against 481 B an entity at 100,000, at 6f1ce76).
 */
export function measureViewMemory(sizes: Sizes, runs = 3): ScaleMemoryRow[] {
  const expected = (count: number) => Math.min(TOP, count) + activeByScore(makeMembers(count)).length;
  return retainedByLibrary(viewSizes(sizes), runs, 'view memory', {
    ours(count) {
      const { store, ctrl } = makeOurStore(undefined, { views });
      ctrl.setResponse(getMembers, {}, makeMembers(count));
      const topView = new schema.Query(new schema.All(Member), { orderBy: (member) => member.score, limit: TOP });
      const activeView = new schema.Query(new schema.All(Member), {
        where: (member) => member.active,
        orderBy: (member) => member.score,
      });
      const top = selectQuery(topView)(store.getState()) as Member[];
      const active = selectQuery(activeView)(store.getState()) as Member[];
      // the views kept too, as an app keeps them (a module's constants): a view whose query is let go is collected
      return {
        kept: [store, topView, activeView, top, active],
        listed: top.length + active.length,
        expected: expected(count),
      };
    },
    rtk(count) {
      const store = makeRtkStore();
      store.dispatch(membersSlice.actions.upsertMany(makeMembers(count)));
      const top = createSelector([rtkMemberSelectors.selectAll], (all) => [...all].sort(byScore).slice(0, TOP));
      const active = createSelector([rtkMemberSelectors.selectAll], activeByScore);
      const [first, second] = [top(store.getState()), active(store.getState())];
      return {
        kept: [store, top, active, first, second],
        listed: first.length + second.length,
        expected: expected(count),
      };
    },
  });
}
