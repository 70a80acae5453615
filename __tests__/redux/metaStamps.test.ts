/** Per-record meta as the store keeps it: a list of writes per kind (`src/redux/slice/metaStamps.ts`). */
import { appendMeta, deletionOf, metaIndex, metaOf, removeMeta } from '../../src/redux/slice/metaStamps';
import type { EntityMeta, EntityMetaPages, EntityMetaStamps, MetaStamp } from '../../src/index';
import { isPaged, withWrites, type StoredTable } from '../../src/storage/table';

const at = (fetchedAt: number) => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });
const deleted = (fetchedAt: number) => ({ ...at(fetchedAt), deleted: true as const });
/** One response's stamps, as `normalize` writes them: one per distinct meta, listing its records in order. */
const writes = (entries: Record<string, EntityMeta>): EntityMetaStamps => {
  const stamps: Array<{ meta: EntityMeta; pks: string[] }> = [];
  for (const [pk, meta] of Object.entries(entries)) {
    const stamp = stamps.find((each) => each.meta === meta);
    if (stamp === undefined) stamps.push({ meta, pks: [pk] });
    else stamp.pks.push(pk);
  }
  return { User: stamps };
};
const pksOf = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `u${from + i}`);

describe('appendMeta and metaOf', () => {
  test('a write appends its stamps; each record reads the meta of the last write listing it', () => {
    const first = at(1);
    const second = at(2);
    const one = appendMeta({}, writes({ a: first, b: first }));
    const two = appendMeta(one, writes({ b: second, c: second }));
    expect(two.User?.flat()).toEqual([
      { meta: first, pks: ['a', 'b'] },
      { meta: second, pks: ['b', 'c'] },
    ]);
    expect(['a', 'b', 'c', 'd'].map((pk) => metaOf(two, 'User', pk))).toEqual([first, second, second, undefined]);
    expect(metaOf(one, 'User', 'b')).toBe(first); // the earlier log still reads as it was
  });

  test('a write that lists no record (every one kept a newer stored meta): the same log', () => {
    const log = appendMeta({}, writes({ a: at(5) }));
    expect(appendMeta(log, {})).toBe(log);
    expect(appendMeta(log, { User: [{ meta: at(1), pks: [] }] })).toBe(log);
  });

  test('appended stamps are new objects, so one write shown over two lists leaves each list its own', () => {
    const write: MetaStamp = { meta: at(2), pks: ['a'] };
    const one = appendMeta({}, { User: [write] });
    const two = appendMeta(one, { User: [write] });
    expect(one.User?.flat()[0]).not.toBe(write);
    expect(one.User?.flat()[0]).toEqual(write);
    expect(two.User?.flat()[1]).not.toBe(one.User?.flat()[0]);
  });

  test('a write into a big kind appends a small stamp: the stored list is not rewritten', () => {
    const first = at(1); // one response's meta, shared by every record it writes
    const second = at(2);
    const big = appendMeta({}, writes(Object.fromEntries(pksOf(10_000).map((pk) => [pk, first]))));
    const next = appendMeta(big, writes(Object.fromEntries(pksOf(500, 10_000).map((pk) => [pk, second]))));
    expect(next.User?.flat()).toHaveLength(2);
    expect(next.User?.flat()[0]).toBe(big.User?.flat()[0]);
    expect(next.User?.flat()[1]?.pks).toHaveLength(500);
  });

  test('stale listings are compacted away once they pile up, and every record keeps its meta', () => {
    let log: EntityMetaPages = {};
    for (let write = 1; write <= 400; write++) log = appendMeta(log, writes({ a: at(write), b: at(write) }));
    const listed = (log.User?.flat() ?? []).reduce((sum, stamp) => sum + stamp.pks.length, 0);
    expect(listed).toBeLessThanOrEqual(2 * 2 + 256 + 2);
    expect(metaOf(log, 'User', 'a')).toEqual(at(400));
    expect(metaOf(log, 'User', 'b')).toEqual(at(400));
  });

  test('two lists growing from one (committed and optimistic views) each read their own meta', () => {
    const base = appendMeta({}, writes({ a: at(1) }));
    const visible = appendMeta(base, writes({ a: at(3) })); // an optimistic layer over the committed list
    const committed = appendMeta(base, writes({ b: at(2) })); // a response committed meanwhile
    expect(metaOf(visible, 'User', 'a')).toEqual(at(3));
    expect(metaOf(committed, 'User', 'a')).toEqual(at(1));
    expect(metaOf(visible, 'User', 'b')).toBeUndefined();
    expect(metaOf(committed, 'User', 'b')).toEqual(at(2));
    expect(metaOf(base, 'User', 'a')).toEqual(at(1));
  });

  test('remembered deletions, hostile ids, and a log rehydrated from JSON read the same', () => {
    // JSON.parse makes "__proto__" an own field, as a response would
    const hostile = JSON.parse(
      JSON.stringify({ toString: deleted(2) }).replace('{', `{"__proto__":${JSON.stringify(at(1))},`),
    ) as Record<string, EntityMeta>;
    const log = appendMeta({}, writes(hostile));
    const rehydrated = JSON.parse(JSON.stringify(log)) as EntityMetaPages;
    // a flat list of stamps (as \`normalize\` returns them, or saved before pages) reads the same
    const flat = { User: log.User?.flat() };
    for (const view of [log, rehydrated, flat]) {
      expect(metaOf(view, 'User', '__proto__')).toEqual(at(1));
      expect(metaOf(view, 'User', 'toString')).toEqual(deleted(2));
      expect(metaOf(view, 'User', 'constructor')).toBeUndefined();
    }
  });
});

describe('removeMeta', () => {
  test('removes the meta of the given records only; untouched kinds keep their lists', () => {
    const log = appendMeta(
      appendMeta({ Other: [[{ meta: at(1), pks: ['x'] }]] }, writes({ a: at(1), b: at(1) })),
      writes({ c: at(2) }),
    );
    const next = removeMeta(log, { User: ['a', 'c'] });
    expect(next.User).toEqual([[{ meta: at(1), pks: ['b'] }]]);
    expect(next.Other).toBe(log.Other);
    expect(metaOf(next, 'User', 'a')).toBeUndefined();
    expect(removeMeta(next, { User: ['zzz'] })).toBe(next);
  });

  test('a record removed from a stamp in the middle of a list that was read before has no meta left', () => {
    const second = at(2);
    const log = appendMeta(
      appendMeta(appendMeta({}, writes({ a: at(1) })), writes({ b: second, d: second })),
      writes({ c: at(3) }),
    );
    expect(metaOf(log, 'User', 'b')).toEqual(at(2)); // the list is indexed
    const next = removeMeta(log, { User: ['b'] }); // same length, same first and last stamps
    expect(next.User?.flat().length).toBe(log.User?.flat().length);
    expect(['a', 'b', 'c'].map((pk) => metaOf(next, 'User', pk)?.fetchedAt)).toEqual([1, undefined, 3]);
  });
});

test('metaIndex is derived once per list and extended as the list grows', () => {
  const one = appendMeta({}, writes({ a: at(1) }));
  const two = appendMeta(one, writes({ b: at(2) }));
  expect(metaIndex(two.User)).toBe(metaIndex(two.User));
  expect([...metaIndex(two.User).keys()].sort()).toEqual(['a', 'b']);
  expect(metaIndex(undefined).size).toBe(0);
});

test('an index read before a write is extended in place for the list the write made; a sibling list builds its own', () => {
  const base = appendMeta({}, writes({ a: at(1), b: at(1) }));
  const index = metaIndex(base.User);
  const next = appendMeta(base, writes({ c: at(2) }));
  const sibling = appendMeta(base, writes({ a: at(3) })); // an optimistic layer over the same list
  expect(metaIndex(next.User)).toBe(index);
  expect(metaIndex(sibling.User)).not.toBe(index);
  // a list appended to a list never indexed extends the index its ancestor had
  const later = appendMeta(appendMeta(next, writes({ d: at(4) })), writes({ e: at(5) }));
  expect(metaIndex(later.User)).toBe(index);
  // every list still reads its own meta, the ones whose index moved on too
  expect(['a', 'c', 'e'].map((pk) => metaOf(later, 'User', pk)?.fetchedAt)).toEqual([1, 2, 5]);
  expect(['a', 'c'].map((pk) => metaOf(sibling, 'User', pk)?.fetchedAt)).toEqual([3, undefined]);
  expect(['a', 'c'].map((pk) => metaOf(base, 'User', pk)?.fetchedAt)).toEqual([1, undefined]);
  expect(metaOf(next, 'User', 'e')).toBeUndefined();
});

describe('pages', () => {
  /** \`count\` single-record writes after \`log\`, each of its own record and meta (a live feed). */
  const feed = (log: EntityMetaPages, count: number, from = 0) => {
    for (let i = from; i < from + count; i++) log = appendMeta(log, writes({ [`u${i}`]: at(i + 1) }));
    return log;
  };

  test('a write copies the last page and the list of pages only: the full pages before it are the very same', () => {
    const log = feed({}, 600);
    expect(log.User?.map((page) => page.length)).toEqual([256, 256, 88]);
    const next = feed(log, 1, 600);
    expect(next.User?.[0]).toBe(log.User?.[0]);
    expect(next.User?.[1]).toBe(log.User?.[1]);
    expect(next.User?.[2]).not.toBe(log.User?.[2]);
    expect(next.User?.[2]).toHaveLength(89);
    expect(log.User?.[2]).toHaveLength(88); // the list before the write is as it was
    expect(metaOf(next, 'User', 'u600')).toEqual(at(601));
    expect(metaOf(log, 'User', 'u600')).toBeUndefined();
  });

  test('a full last page: the write starts a new page, and the index is extended across it', () => {
    const log = feed({}, 256);
    const index = metaIndex(log.User);
    const next = feed(log, 2, 256);
    expect(next.User?.map((page) => page.length)).toEqual([256, 2]);
    expect(next.User?.[0]).toBe(log.User?.[0]);
    expect(metaIndex(next.User)).toBe(index);
    expect(['u0', 'u255', 'u256', 'u257'].map((pk) => metaOf(next, 'User', pk)?.fetchedAt)).toEqual([1, 256, 257, 258]);
  });

  test('the deletions known before a write that deletes nothing stay known; a deletion appended is read', () => {
    const base = appendMeta({}, { User: [{ meta: deleted(1), pks: ['gone'] }] });
    expect(deletionOf(base, 'User', 'gone')).toEqual(deleted(1));
    const next = feed(base, 3);
    expect(deletionOf(next, 'User', 'gone')).toEqual(deleted(1));
    expect(deletionOf(next, 'User', 'u0')).toBeUndefined();
    const again = appendMeta(next, { User: [{ meta: deleted(9), pks: ['u1'] }] });
    expect(['gone', 'u1'].map((pk) => deletionOf(again, 'User', pk)?.fetchedAt)).toEqual([1, 9]);
    expect(deletionOf(next, 'User', 'u1')).toBeUndefined();
  });

  test('a compacted list is one page, and the writes after it start pages of their own', () => {
    let log = feed({}, 300);
    // every record written again: the first 300 listings go stale
    for (let round = 0; round < 2; round++) log = feed(log, 300);
    const listed = log.User?.flat().reduce((sum, stamp) => sum + stamp.pks.length, 0) ?? 0;
    expect(listed).toBeLessThan(900);
    expect(log.User?.[0]?.length).toBeGreaterThanOrEqual(300);
    expect(metaOf(log, 'User', 'u299')).toEqual(at(300));
    const next = feed(log, 1, 1000);
    expect(next.User?.slice(0, -1)).toEqual(log.User?.slice(0, -1));
    expect(next.User?.at(-1)?.length).toBeLessThanOrEqual(256);
    expect(metaOf(next, 'User', 'u1000')).toEqual(at(1001));
  });
});

describe('compaction counted against the stored tables (the store passes them: no index of every record is made)', () => {
  const listedIn = (log: EntityMetaPages) => log.User?.flat().reduce((sum, stamp) => sum + stamp.pks.length, 0) ?? 0;
  /** The User table after `pks` are stored (paged past 2,048), from `table`. */
  const store = (table: StoredTable | undefined, pks: readonly string[], deletions: readonly string[] = []) =>
    withWrites(table, Object.fromEntries(pks.map((pk) => [pk, { id: pk }])), deletions) ?? table;

  test('records written again and again: stale listings go once they pile up, each record keeps its meta', () => {
    let log: EntityMetaPages = {};
    const table = store(undefined, ['a', 'b']);
    for (let write = 1; write <= 400; write++)
      log = appendMeta(log, writes({ a: at(write), b: at(write) }), { User: table });
    expect(listedIn(log)).toBeLessThanOrEqual(2 * 2 + 256 + 2 * 64);
    expect(metaOf(log, 'User', 'a')).toEqual(at(400));
    expect(metaOf(log, 'User', 'b')).toEqual(at(400));
  });

  test('a feed of new records into a paged table keeps every listing; written again, the stale ones go', () => {
    let log: EntityMetaPages = {};
    let table: StoredTable | undefined;
    for (let i = 0; i < 3_000; i++) {
      table = store(table, [`u${i}`]);
      log = appendMeta(log, writes({ [`u${i}`]: at(i + 1) }), { User: table });
    }
    expect(isPaged(table)).toBe(true);
    expect(listedIn(log)).toBe(3_000);
    for (let i = 0; i < 3_000; i++) log = appendMeta(log, writes({ [`u${i}`]: at(3_001 + i) }), { User: table });
    expect(listedIn(log)).toBeLessThanOrEqual(2 * 3_000 + 256 + 64);
    expect(['u0', 'u1500', 'u2999'].map((pk) => metaOf(log, 'User', pk)?.fetchedAt)).toEqual([3_001, 4_501, 6_000]);
  });

  test('a record deleted and written again, over and over: its deletions count as keys the list owns, and it stays bounded', () => {
    let log: EntityMetaPages = {};
    let table: StoredTable | undefined;
    for (let round = 1; round <= 500; round++) {
      table = store(table, ['a']);
      log = appendMeta(log, writes({ a: at(2 * round) }), { User: table });
      table = store(table, [], ['a']);
      log = appendMeta(log, writes({ a: deleted(2 * round + 1) }), { User: table });
    }
    expect(listedIn(log)).toBeLessThanOrEqual(2 * 2 + 256 + 64);
    expect(deletionOf(log, 'User', 'a')).toEqual(deleted(1_001));
  });
});
