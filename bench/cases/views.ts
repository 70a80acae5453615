/**
 * The `live views` group (DESIGN §11.3, §11.4): a store of N members takes one write of one member,
 * and a sorted view reflects it: the whole of it, or its first 50. Every write gives a member a score
 * below all others, so it enters the top of both views. Ours: `schema.Query(new schema.All(Member),
 * { orderBy, limit })` kept by `rtk-entities/views`, read with `selectQuery`. TanStack DB 0.15: a
 * local-only collection (`autoIndex: 'eager'`, `BTreeIndex`) and a live query with `orderBy` (and
 * `limit(50)`), whose `subscribeChanges` hears the write before `update` returns. RTK: the adapter's
 * `upsertOne` and a `createSelector` sort of its `selectAll`. Also the first read of a view, and the
 * full view read as an array, which is what a component renders.
 */
import { createSelector } from '@reduxjs/toolkit';
import { BTreeIndex, createCollection, createLiveQueryCollection, localOnlyCollectionOptions } from '@tanstack/db';
import { schema, selectQuery } from '../../src/index.js';
import { views } from '../../src/views/index.js';
import type { MemberRow, Sizes } from '../fixtures.js';
import { Member, getMembers, makeMembers } from '../fixtures.js';
import { assert, benchCase, type BenchCase } from '../model.js';
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

/** The sizes of the group: the smallest and the largest of the scale group. */
const viewSizes = (sizes: Sizes) => [...new Set([sizes.scale[0], sizes.scale[sizes.scale.length - 1]])] as number[];

export async function viewCases(sizes: Sizes): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  for (const count of viewSizes(sizes)) {
    const n = count.toLocaleString('en-US');
    const sorted = await filled(count, undefined);
    const top = await filled(count, TOP);
    cases.push(
      benchCase({
        id: `view-sorted-${count}`,
        title: `one write into ${n} members, reflected in the whole view sorted by score`,
        contenders: [
          { library: 'ours', run: sorted.ours, read: sorted.readOurs },
          { library: 'tanstack', run: sorted.tanstack, read: sorted.readTanstack },
          { library: 'rtk', run: sorted.rtk, read: sorted.readRtk },
        ],
        rounds: 12,
      }),
      benchCase({
        id: `view-top50-${count}`,
        title: `one write into ${n} members, reflected in the top ${TOP} by score`,
        contenders: [
          { library: 'ours', run: top.ours, read: top.readOurs },
          { library: 'tanstack', run: top.tanstack, read: top.readTanstack },
          { library: 'rtk', run: top.rtk, read: top.readRtk },
        ],
        rounds: 12,
        check: () => assert(top.readOurs().length === TOP, `view-top50-${count}: ours must show ${TOP}`),
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
