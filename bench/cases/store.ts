/**
 * Case 4: apply a response of members to a store, empty or already holding many. Ours through
 * `ctrl.setResponse` (normalization, the reducer and the returned read included); RTK through
 * `upsertMany` of rows that need no normalization. Every call gets freshly parsed rows.
 */
import type { MemberRow, Sizes } from '../fixtures.js';
import { copyRows, getMembers, makeMembers } from '../fixtures.js';
import { assert, benchCase, type BenchCase } from '../model.js';
import { makeOurStore, makeRtkStore, memberSelectors, membersSlice, rtkMemberSelectors } from '../stores.js';

/**
 * The limit: a copied table with the copied rows merged in, and the list of ids. The copy loops
 * over the keys, the fastest way we found to copy an object of thousands of keys (about 1.7× as
 * fast as `Object.assign` or spread at 10,000).
 */
export function plainApply<T extends { readonly id: string }>(table: Readonly<Record<string, T>>, rows: readonly T[]) {
  const next: Record<string, T> = {};
  const stored = Object.keys(table);
  for (let i = 0; i < stored.length; i++) {
    const id = stored[i] as string;
    next[id] = table[id] as T;
  }
  const ids = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as T;
    const id = row.id;
    const existing = next[id];
    next[id] = existing === undefined ? { ...row } : { ...existing, ...row };
    ids[i] = id;
  }
  return { table: next, ids };
}

export function storeCases(sizes: Sizes): BenchCase[] {
  /** A store of each library already holding `count` members, and the response of new members written into it. */
  const prefilled = (count: number) => {
    const stored = makeMembers(count);
    const ours = makeOurStore();
    ours.ctrl.setResponse(getMembers, { page: 0 }, stored);
    const rtk = makeRtkStore();
    rtk.dispatch(membersSlice.actions.upsertMany(stored));
    return {
      count,
      response: makeMembers(sizes.response, count),
      ours: ours.store.getState(),
      rtk: rtk.getState(),
      plain: plainApply({}, stored).table,
    };
  };

  const into = (
    label: string,
    id: string,
    target: number | undefined,
    ourState: unknown,
    rtkState: unknown,
    plainTable: Readonly<Record<string, MemberRow>>,
    response: MemberRow[],
    storedBefore: number,
  ) => {
    let ours = makeOurStore(ourState);
    let rtk = makeRtkStore(rtkState);
    let rows: MemberRow[] = response;
    let plain = plainApply(plainTable, []);
    const fresh = () => void (rows = copyRows(response));
    return benchCase({
      id,
      title: `apply a ${sizes.response}-member response ${label}`,
      ...(target === undefined ? {} : { target: { anchor: 'rtk' as const, ratio: target } }),
      contenders: [
        {
          library: 'ours',
          before: () => {
            fresh();
            ours = makeOurStore(ourState);
          },
          run: () => ours.ctrl.setResponse(getMembers, { page: 1 }, rows),
          read: () => memberSelectors.selectAll(ours.store.getState()),
        },
        {
          library: 'rtk',
          before: () => {
            fresh();
            rtk = makeRtkStore(rtkState);
          },
          run: () => rtk.dispatch(membersSlice.actions.upsertMany(rows)),
          read: () => rtkMemberSelectors.selectAll(rtk.getState()),
        },
        {
          library: 'plain',
          before: fresh,
          run: () => (plain = plainApply(plainTable, rows)),
          read: () => Object.values(plain.table),
        },
      ],
      check() {
        const { ctrl } = makeOurStore(ourState);
        const read = ctrl.setResponse(getMembers, { page: 1 }, copyRows(response)) as unknown[];
        assert(
          read.length === response.length,
          `${id}: setResponse must return the ${response.length} members it stored`,
        );
        assert(
          memberSelectors.selectTotal(ours.store.getState()) === sizes.response + storedBefore,
          `${id}: wrong member count`,
        );
      },
    });
  };

  const holding = (filled: ReturnType<typeof prefilled>, id: string, target: number | undefined) =>
    into(
      `into a store holding ${filled.count.toLocaleString('en-US')}`,
      id,
      target,
      filled.ours,
      filled.rtk,
      filled.plain,
      filled.response,
      filled.count,
    );
  return [
    into(
      'into an empty store',
      'store-empty',
      20,
      undefined,
      undefined,
      {},
      makeMembers(sizes.response, sizes.storedBefore),
      0,
    ),
    holding(prefilled(1_000), 'store-filled-1k', undefined),
    holding(prefilled(sizes.storedBefore), 'store-filled', 4),
    holding(prefilled(sizes.storedLarge), 'store-filled-large', 2),
  ];
}
