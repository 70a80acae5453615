/** Hostile: key lists that grow in place, read across lineages (time travel, siblings), against a fresh read. */
import { Entity, MemoCache, schema } from '../../src/index';
import type { EntityRecord, EntityTable, EntityTables } from '../../src/schema/interface';
import { FLAT_MAX, keysOf, recordOf, recordsOf, withWrites, type StoredTable } from '../../src/storage/table';
import { storeView } from '../../src/redux/slice/storeView';

function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}
const write = (table: StoredTable | undefined, written: EntityTable, deletions: string[] = []) =>
  withWrites(table, written, deletions) ?? table;
const fresh = (table: StoredTable | undefined) => Object.keys(recordsOf(table));

class Item extends Entity {
  id = '';
  n = 0;
  pk() {
    return this.id;
  }
  static override key = 'Item';
}
const all = new schema.All(Item);

describe('key lists across lineages', () => {
  test.each([1, 2])('random lineage walk, seed %i: keysOf and All match a fresh read', (seed) => {
    const rand = random(seed);
    const tables: (StoredTable | undefined)[] = [undefined];
    const cache = new MemoCache();
    let prevRead: { table: StoredTable | undefined; items: Item[] } | undefined;
    let n = 0;
    const pkOf = () => {
      const r = rand();
      const i = Math.floor(rand() * 40);
      return r < 0.4 ? `${i}` : r < 0.5 ? `0${i}` : `s${i}`;
    };
    for (let step = 0; step < 100; step++) {
      // pick a table: the newest mostly, an older one (time travel) often
      const from = rand() < 0.5 ? tables.length - 1 : Math.floor(rand() * tables.length);
      const base = tables[from];
      // read some older table first, to force a slice
      if (rand() < 0.3) {
        const other = tables[Math.floor(rand() * tables.length)];
        expect(keysOf(other)).toEqual(fresh(other));
      }
      const written: Record<string, EntityRecord> = {};
      const count = Math.floor(rand() * 3);
      for (let i = 0; i < count; i++) {
        const pk = pkOf();
        written[pk] = { id: pk, n: n++ };
      }
      const deletions = rand() < 0.2 ? [pkOf()] : [];
      const next = write(base, written, deletions);
      tables.push(next);
      // check a handful of tables, in random order
      for (let k = 0; k < 3; k++) {
        const t = tables[Math.floor(rand() * tables.length)];
        expect([...keysOf(t)]).toEqual(fresh(t));
        const view = storeView({ entities: { Item: t } as never, entitiesMeta: {}, indexes: {} });
        expect([...view.getPks!('Item')]).toEqual(fresh(t));
        const read = cache.denormalize(all, undefined, { Item: t } as EntityTables) as Item[] | undefined;
        const ref = new MemoCache().denormalize(all, undefined, { Item: t } as EntityTables) as Item[] | undefined;
        expect(read?.map((x) => [x.id, x.n])).toEqual(ref?.map((x) => [x.id, x.n]));
        // the identity rule between consecutive reads: a record unchanged keeps its instance
        if (prevRead && read) {
          const before = new Map(prevRead.items.map((x) => [x.id, x]));
          for (const x of read) {
            const old = before.get(x.id);
            if (old && recordOf(prevRead.table, x.id) === recordOf(t, x.id)) expect(x).toBe(old);
          }
        }
        if (read) prevRead = { table: t, items: read };
      }
    }
  });

  test('numeric ids out of order then in order: keys stay in JS order', () => {
    let t = write(undefined, { 5: { id: '5' }, a: { id: 'a' } });
    t = write(t, { 3: { id: '3' } });
    expect(keysOf(t)).toEqual(fresh(t));
    t = write(t, { 7: { id: '7' } });
    expect(keysOf(t)).toEqual(fresh(t));
    let u = write(undefined, { 1: { id: '1' } });
    u = write(u, { 2: { id: '2' } });
    u = write(u, { 4294967294: { id: 'x' }, 4294967295: { id: 'y' } });
    expect(keysOf(u)).toEqual(fresh(u));
    u = write(u, { 10: { id: '10' } });
    expect(keysOf(u)).toEqual(fresh(u));
  });

  test('emptied table then re-added keys', () => {
    let t = write(undefined, { 2: { id: '2' } });
    const t1 = t;
    t = write(t, {}, ['2']);
    expect(keysOf(t)).toEqual([]);
    t = write(t, { 1: { id: '1' } });
    expect(keysOf(t)).toEqual(['1']);
    t = write(t, { 0: { id: '0' } });
    expect(keysOf(t)).toEqual(['0', '1']);
    expect(keysOf(t1)).toEqual(['2']);
  });

  test('crossing FLAT_MAX from a tip and from a sibling', () => {
    const base: Record<string, EntityRecord> = {};
    for (let i = 0; i < FLAT_MAX - 1; i++) base[`k${i}`] = { id: `k${i}` };
    const t0 = write(undefined, base);
    const k0 = keysOf(t0);
    const t1 = write(t0, { a: { id: 'a' } }); // tip grows to FLAT_MAX
    expect(keysOf(t1)).toBe(k0);
    const t2 = write(t1, { b: { id: 'b' }, 5: { id: '5' } }); // pages
    expect(keysOf(t2)).toEqual(fresh(t2));
    const t3 = write(t1, { c: { id: 'c' } }); // sibling, pages
    expect(keysOf(t3)).toEqual(fresh(t3));
    expect(keysOf(t1)).toEqual(fresh(t1));
    expect(keysOf(t0)).toEqual(fresh(t0));
    const t4 = write(t3, { d: { id: 'd' } });
    const t5 = write(t3, { e: { id: 'e' } });
    expect(keysOf(t4)).toEqual(fresh(t4));
    expect(keysOf(t5)).toEqual(fresh(t5));
    expect(keysOf(t3)).toEqual(fresh(t3));
    const t6 = write(t5, { 99999: { id: '99999' } });
    expect(keysOf(t6)).toEqual(fresh(t6));
    const t7 = write(t6, {}, ['e']);
    expect(keysOf(t7)).toEqual(fresh(t7));
    const t8 = write(t7, { e: { id: 'e' } });
    expect(keysOf(t8)).toEqual(fresh(t8));
  });
});
