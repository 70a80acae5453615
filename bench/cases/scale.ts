/**
 * The `scale` group (DESIGN §11): a store holding N members takes one write of one record
 * (`ctrl.set`), and `selectAll` reads every member after it, at N = 1,000 / 10,000 / 100,000;
 * RTK's `createEntityAdapter` (`upsertOne`, `selectAll`) beside it. Each write changes the record
 * it writes (a score that counts up), so every call makes a new state. Also the heap per entity of
 * a store that took that write and the All read after it, against RTK's adapter.
 */
import type { MemberRow, Sizes } from '../fixtures.js';
import { Member, getMembers, makeMembers } from '../fixtures.js';
import { assert, benchCase, type BenchCase } from '../model.js';
import { retainedByLibrary, type ScaleMemoryRow } from './memory.js';
import { makeOurStore, makeRtkStore, memberSelectors, membersSlice, rtkMemberSelectors } from '../stores.js';

/** A store of each library holding `count` members, and the rows its writes take, in turn. */
export function filled(count: number) {
  const rows = makeMembers(count);
  const ours = makeOurStore();
  ours.ctrl.setResponse(getMembers, {}, rows);
  const rtk = makeRtkStore();
  rtk.dispatch(membersSlice.actions.upsertMany(makeMembers(count)));
  let oursWrites = 0;
  let rtkWrites = 0;
  /** The `n`th write: a member spread over the store, with a score no write gave it before. */
  const row = (n: number): MemberRow => ({ ...(rows[(n * 7919) % count] as MemberRow), score: 1_000 + n });
  return {
    writeOurs: () => ours.ctrl.set(Member, row(oursWrites++)),
    readOurs: () => memberSelectors.selectAll(ours.store.getState()),
    writeRtk: () => rtk.dispatch(membersSlice.actions.upsertOne(row(rtkWrites++))),
    readRtk: () => rtkMemberSelectors.selectAll(rtk.getState()),
  };
}

export function scaleCases(sizes: Sizes): BenchCase[] {
  return sizes.scale.flatMap((count) => {
    const stores = filled(count);
    const n = count.toLocaleString('en-US');
    const check = () => {
      assert(stores.readOurs().length === count, `scale ${n}: ours must list ${count} members`);
    };
    return [
      benchCase({
        id: `scale-write-${count}`,
        title: `one write (ctrl.set of one member) into a store holding ${n}`,
        ...(count === 100_000 ? { target: { anchor: 'rtk' as const, ratio: 50 } } : {}),
        contenders: [
          { library: 'ours', run: stores.writeOurs, read: stores.readOurs },
          { library: 'rtk', run: stores.writeRtk, read: stores.readRtk },
        ],
        check,
      }),
      benchCase({
        id: `scale-read-${count}`,
        title: `selectAll of ${n} members after one write`,
        contenders: [
          { library: 'ours', before: stores.writeOurs, run: stores.readOurs },
          { library: 'rtk', before: stores.writeRtk, run: stores.readRtk },
        ],
        check,
      }),
      benchCase({
        id: `scale-write-read-${count}`,
        title: `one write into ${n} members, then selectAll`,
        contenders: [
          {
            library: 'ours',
            run: () => {
              stores.writeOurs();
              return stores.readOurs();
            },
          },
          {
            library: 'rtk',
            run: () => {
              stores.writeRtk();
              return stores.readRtk();
            },
          },
        ],
        check,
      }),
    ];
  });
}

/** Median over `runs` loads of the heap each library's store and its All read retain, per entity. */
export function measureScaleMemory(sizes: Sizes, runs = 3): ScaleMemoryRow[] {
  return retainedByLibrary(sizes.scale, runs, 'scale memory', {
    ours(count) {
      const { store, ctrl } = makeOurStore();
      ctrl.setResponse(getMembers, {}, makeMembers(count));
      ctrl.set(Member, { ...(makeMembers(1)[0] as MemberRow), score: -1 });
      const all = memberSelectors.selectAll(store.getState());
      return { kept: [store, all], listed: all.length, expected: count };
    },
    rtk(count) {
      const store = makeRtkStore();
      store.dispatch(membersSlice.actions.upsertMany(makeMembers(count)));
      store.dispatch(membersSlice.actions.upsertOne({ ...(makeMembers(1)[0] as MemberRow), score: -1 }));
      const all = rtkMemberSelectors.selectAll(store.getState());
      return { kept: [store, all], listed: all.length, expected: count };
    },
  });
}
