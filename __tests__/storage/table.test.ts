import type { EntityRecord, EntityTable } from '../../src/schema/interface.js';
import {
  FLAT_MAX,
  PAGE,
  hashOf,
  isPaged,
  keysOf,
  partsOf,
  recordOf,
  recordsOf,
  withWrites,
  type PagedTable,
  type Part,
  type StoredTable,
  writtenSince,
} from '../../src/storage/table.js';

/** A small deterministic random source (a test that fails can be replayed). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` records with pks that mix array indexes (`"7"`) and other strings (`"u7"`, `"07"`). */
function records(count: number, first = 0): EntityTable {
  const table: { [pk: string]: EntityRecord } = {};
  for (let i = first; i < first + count; i++) {
    const pk = i % 3 === 0 ? `${i * 7}` : i % 3 === 1 ? `u${i}` : `0${i}`;
    table[pk] = { id: pk, n: i };
  }
  return table;
}

const write = (table: StoredTable | undefined, written: EntityTable, deletions: string[] = []) =>
  withWrites(table, written, deletions) ?? table;

describe('stored tables', () => {
  test('a table stays flat up to FLAT_MAX records, and pages once a write makes it larger', () => {
    const flat = write(undefined, records(FLAT_MAX));
    expect(isPaged(flat)).toBe(false);
    const paged = write(flat, records(1, FLAT_MAX));
    expect(isPaged(paged)).toBe(true);
    expect(keysOf(paged)).toEqual(Object.keys({ ...recordsOf(flat), ...records(1, FLAT_MAX) }));
  });

  test('a paged table lists, finds and flattens its records in the order of a plain object through random writes', () => {
    const next = random(7);
    const model: { [pk: string]: EntityRecord | undefined } = { ...records(FLAT_MAX + 500) };
    let table = write(undefined, model);
    expect(isPaged(table)).toBe(true);
    for (let round = 0; round < 300; round++) {
      const written: { [pk: string]: EntityRecord } = {};
      const deletions: string[] = [];
      for (let op = 0; op < 5; op++) {
        // pks of records stored, deleted, or new; some written and deleted in one write
        const pk = next() < 0.5 ? `${Math.floor(next() * 2_000) * 7}` : `u${Math.floor(next() * 2_000)}`;
        if (next() < 0.3) deletions.push(pk);
        else written[pk] = { id: pk, round };
      }
      const before = table;
      const beforeJson = round % 25 === 0 ? JSON.stringify(recordsOf(before)) : '';
      table = write(table, written, deletions);
      // the records are written, then the deletions made
      Object.assign(model, written);
      for (const pk of deletions) delete model[pk];
      if (round % 25 === 0) {
        expect(JSON.stringify(recordsOf(before))).toBe(beforeJson); // the table before the write is untouched
        expect(keysOf(table).join()).toBe(Object.keys(model).join());
        expect(JSON.stringify(recordsOf(table))).toBe(JSON.stringify(model));
      }
      for (const pk of [...Object.keys(written), ...deletions]) expect(recordOf(table, pk)).toBe(model[pk]);
      // each place of a part holds the record of its pk, or nothing in both lists (a page's deleted record)
      if (isPaged(table))
        for (const part of partsOf(table) as Part[])
          part.pks.forEach((pk, i) => expect(part.records[i]).toBe(pk === null ? null : recordOf(table, pk)));
    }
    // a JSON round trip keeps the layout, the order and every lookup
    const parsed = JSON.parse(JSON.stringify(table)) as StoredTable;
    expect(keysOf(parsed).join()).toBe(Object.keys(model).join());
    expect(recordOf(parsed, 'u3')).toEqual(model.u3);
  });

  test('a feed of growing numeric ids, now and then a smaller one or a string id, lists in the order of a plain object', () => {
    // flat, then paged: the feed grows past FLAT_MAX
    for (const start of [10, FLAT_MAX - 60]) {
      const model: { [pk: string]: EntityRecord } = {};
      for (let i = 0; i < start; i++) model[`${i * 2}`] = { id: i * 2 };
      let table = write(undefined, { ...model });
      let id = start * 2;
      for (let round = 0; round < 60; round++) {
        const written: { [pk: string]: EntityRecord } = {};
        // two ids above all others; an odd id below them; a string id, after which numbers list before it
        for (const pk of [id, id + 2, round % 7 === 3 ? id - 7 : NaN, round % 11 === 5 ? `s${round}` : NaN])
          if (pk === pk) written[`${pk}`] = { id: pk, round };
        id += 4;
        table = write(table, written);
        Object.assign(model, written);
        expect(keysOf(table)).toEqual(Object.keys(model));
      }
      expect(isPaged(table)).toBe(start > FLAT_MAX / 2);
    }
  });

  test.each([
    ['flat', 10],
    ['paged', FLAT_MAX + 10],
  ])(
    '%s: a key list grows in place for the write after the newest table; older tables and siblings list their own',
    (_, size) => {
      const first = write(undefined, records(size));
      const keys = keysOf(first);
      const before = [...keys];
      const next = write(first, { a: { id: 'a' } });
      // the very array, longer: no copy of every key for one new record
      expect(keysOf(next)).toBe(keys);
      expect(keys).toEqual([...before, 'a']);
      // the table before lists its own keys (a list of its own now), and so does a sibling written from it
      expect(keysOf(first)).toEqual(before);
      expect(keysOf(first)).not.toBe(keys);
      const sibling = write(first, { b: { id: 'b' } });
      expect(keysOf(sibling)).toEqual([...before, 'b']);
      expect(keysOf(next)).toEqual([...before, 'a']);
      // a write that adds no key keeps the list; one that deletes forgets it
      const same = write(next, { a: { id: 'a', n: 1 } });
      expect(keysOf(same)).toBe(keysOf(next));
      const deleted = write(same, {}, ['a']);
      expect(keysOf(deleted)).toEqual(before);
      expect(keysOf(next)).toEqual([...before, 'a']);
    },
  );

  test('a write into a paged table copies only the parts it changes', () => {
    const table = write(undefined, records(FLAT_MAX * 2));
    const pk = 'u4';
    const next = write(table, { [pk]: { id: pk, n: -1 } });
    const changed = partsOf(next).filter((part, i) => part !== partsOf(table)[i]);
    expect(changed).toHaveLength(1);
    expect(recordOf(next, pk)).toEqual({ id: pk, n: -1 });
    expect(recordOf(table, pk)).toEqual({ id: pk, n: 4 });
    expect(withWrites(next, { [pk]: recordOf(next, pk) as EntityRecord }, [])).toBeUndefined();
    expect(withWrites(next, {}, ['not-stored', '123456789'])).toBeUndefined();
  });

  test('a write that adds many records leaves the locator of the table before it as it was', () => {
    const table = write(undefined, records(FLAT_MAX + 1)) as PagedTable;
    const locator = JSON.stringify(table.at);
    const added = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`new${i}`, { id: `new${i}` }]));
    const next = write(table, added) as PagedTable;
    expect(JSON.stringify(table.at)).toBe(locator);
    expect(recordOf(table, 'new7')).toBeUndefined();
    expect(recordOf(next, 'new7')).toEqual({ id: 'new7' });
    // every bucket a new pk went to is a copy, 300 keys more in all; the others are the very same arrays
    const grown = next.at.map((bucket, i) => bucket.length - table.at[i]!.length);
    expect(grown.reduce((sum, more) => sum + more)).toBe(300);
    grown.forEach((more, i) => expect(next.at[i] === table.at[i]).toBe(more === 0));
    // a later write from `next` finds and replaces them
    expect(recordOf(write(next, { new7: { id: 'new7', n: 1 } }), 'new7')).toEqual({ id: 'new7', n: 1 });
  });

  test('pks whose locator keys share bucket and hash bits are told apart by their pages, written and deleted', () => {
    // two pks in one bucket with the same 16 high bits of hash: the locator gives both places for either
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const pk = `c${i}`;
      const bits = (hashOf(pk) & 127) * 65_536 + (hashOf(pk) >>> 16);
      if (seen.has(bits)) pair = [seen.get(bits)!, pk];
      else seen.set(bits, pk);
    }
    const [first, second] = pair;
    let table = write(undefined, records(FLAT_MAX + 1)) as PagedTable;
    table = write(table, { [first]: { id: first }, [second]: { id: second } }) as PagedTable;
    expect([recordOf(table, first), recordOf(table, second)]).toEqual([{ id: first }, { id: second }]);
    const withoutFirst = write(table, {}, [first]);
    expect([recordOf(withoutFirst, first), recordOf(withoutFirst, second)]).toEqual([undefined, { id: second }]);
    const rewritten = write(withoutFirst, { [first]: { id: first, n: 2 }, [second]: { id: second, n: 2 } });
    expect(keysOf(rewritten).slice(-2)).toEqual([second, first]);
    expect([recordOf(rewritten, first), recordOf(rewritten, second)]).toEqual([
      { id: first, n: 2 },
      { id: second, n: 2 },
    ]);
  });

  test('a page deletes emptied stays, empty, between pages that hold records; the pages before the first that holds any go', () => {
    const model: { [pk: string]: EntityRecord | undefined } = {};
    for (let i = 0; i < FLAT_MAX + 52; i++) model[`u${i}`] = { id: `u${i}` };
    let table = write(undefined, model);
    const paged = () => table as PagedTable;
    const sizes = () => paged().pages.map((page) => page.pks.filter((pk) => pk !== null).length);
    const check = () => {
      expect(keysOf(table).join()).toBe(Object.keys(model).join());
      expect(JSON.stringify(recordsOf(table))).toBe(JSON.stringify(model));
      for (const pk of Object.keys(model)) expect(recordOf(table, pk)).toBe(model[pk]);
    };
    const drop = (pks: string[]) => {
      table = write(table, {}, pks);
      for (const pk of pks) delete model[pk];
    };
    const full = (count: number) => Array<number>(count).fill(PAGE);
    const count = Math.ceil((FLAT_MAX + 52) / PAGE);
    expect(sizes()).toEqual([...full(count - 1), 52]);
    // the last page emptied: new records fill it
    drop(Object.keys(model).slice(FLAT_MAX));
    table = write(table, { z1: (model.z1 = { id: 'z1' }) });
    expect(sizes()).toEqual([...full(count - 1), 1]);
    check();
    // a page in the middle emptied: it stays, empty; new records fill the last page
    drop(Object.keys(model).slice(PAGE, 2 * PAGE));
    table = write(table, { z2: (model.z2 = { id: 'z2' }) });
    expect(sizes()).toEqual([PAGE, 0, ...full(count - 3), 2]);
    check();
    // the first page emptied: it and the empty one after it go, and the others keep their numbers
    drop(Object.keys(model).slice(0, PAGE));
    expect(sizes()).toEqual([...full(count - 3), 2]);
    expect(paged().first).toBe(2);
    const kept = Object.keys(model)[0] as string;
    table = write(table, { z3: (model.z3 = { id: 'z3' }), [kept]: (model[kept] = { id: kept, n: 1 }) });
    check();
    // every page emptied: none left, and new records start again
    drop(Object.keys(model));
    expect(paged().pages).toEqual([]);
    table = write(table, { z4: (model.z4 = { id: 'z4' }) });
    expect(sizes()).toEqual([1]);
    check();
  });

  test('ids that read like prototype fields are records like any other', () => {
    const table = write(undefined, records(FLAT_MAX + 1));
    const next = write(table, JSON.parse('{"__proto__":{"id":"p"},"constructor":{"id":"c"}}') as EntityTable);
    expect(recordOf(next, '__proto__')).toEqual({ id: 'p' });
    expect(recordOf(next, 'constructor')).toEqual({ id: 'c' });
    expect(recordOf(next, 'toString')).toBeUndefined();
    expect(Object.getPrototypeOf(recordsOf(next))).toBe(Object.prototype);
  });

  test('a saved paged table is read from its parts alone: a wrong locator does not hide or misplace a record', () => {
    const table = write(undefined, records(FLAT_MAX + 10));
    const saved = JSON.parse(JSON.stringify(table)) as { at: unknown[] };
    saved.at = saved.at.map(() => ({}));
    const restored = recordsOf(saved as unknown as StoredTable);
    expect(Object.keys(restored)).toEqual(keysOf(table));
    expect(
      recordsOf({
        parts: { 0: 5, 1: { b: { id: 'b' } } },
        pages: [3, null, { a: { id: 'a' } }],
        first: 0,
        at: [],
      } as unknown as StoredTable),
    ).toEqual({ b: { id: 'b' }, a: { id: 'a' } });
    // parts as this version lays them out, hostile: a place with no pk, a pk that is no string, lists that do not pair
    expect(
      recordsOf({
        parts: { 0: { pks: ['7'], records: [{ id: '7' }] } },
        pages: [
          { pks: [null, 'a', 5, 'b'], records: [null, { id: 'a' }, { id: 'five' }] },
          { pks: 'c', records: [{ id: 'c' }] },
        ],
        first: 0,
        at: [],
      } as unknown as StoredTable),
    ).toEqual({ 7: { id: '7' }, a: { id: 'a' }, b: undefined, pks: 'c', records: [{ id: 'c' }] });
    // (an object that is not two lists reads as an earlier version's flat part: adopted, its values that are no
    // records, like `b`'s missing one, are dropped with a development warning naming them)
    // saved by an earlier version, whose parts were flat tables, and before the pages had their own list: in `parts`, named p0, p1, …
    expect(
      recordsOf({ parts: { 0: 5, p0: 3, p1: null, p2: { a: { id: 'a' } } }, at: [] } as unknown as StoredTable),
    ).toEqual({ a: { id: 'a' } });
  });

  /**
   * A table of `size` records, and versions of it written from it: `once` sets `a` and `b`, `twice` (from `once`)
   * sets `c`, and `sibling` (from the table) sets `c`; `written` gives what `writtenSince` says of their first parts.
   */
  function versions(size: number) {
    const part = (of: StoredTable | undefined) => partsOf(of)[0] as EntityTable & Part;
    const made = write(undefined, records(size));
    const [first, a, b, c] = keysOf(made).slice(0, 4) as [string, string, string, string];
    // (a flat table as a response gave it was not copied by a write: it has no token)
    const table = write(made, { [first]: { id: first, n: 0 } });
    const once = write(table, { [a]: { id: a, n: -1 }, [b]: { id: b, n: -1 } });
    const twice = write(once, { [c]: { id: c, n: -2 } });
    const sibling = write(table, { [c]: { id: c, n: -3 } });
    const written = (of: StoredTable | undefined, old: StoredTable | undefined) => {
      const pks = writtenSince(part(of), part(old));
      return pks && [...pks];
    };
    return { part, table, once, twice, sibling, a, b, c, written };
  }

  test('a part of a paged table: the pks whose records differ from another version of it, while its pks are the same', () => {
    const { part, table, once, twice, sibling, a, b, c, written } = versions(FLAT_MAX + 1);
    expect(written(once, table)).toEqual([a, b]);
    expect(written(twice, once)).toEqual([c]);
    expect(written(sibling, table)).toEqual([c]);
    // compared place by place: two writes away, a sibling or backwards too
    expect(written(twice, table)).toEqual([a, b, c]);
    expect(written(sibling, once)).toEqual([a, b, c]);
    expect(written(table, once)).toEqual([a, b]);
    // a record added after all others there is written; one added between others, or a delete, moves places: not known
    expect(written(write(once, { 255: { id: '255' } }), once)).toEqual(['255']);
    expect(written(write(once, { 1: { id: '1' } }), once)).toBeUndefined();
    expect(written(write(once, {}, [c]), once)).toBeUndefined();
    // against a part from JSON, every record is another object
    expect(writtenSince(part(once), JSON.parse(JSON.stringify(part(table))) as Part)).toEqual(new Set(part(once).pks));
    // an unchanged part keeps its reference
    expect(partsOf(once)[1]).toBe(partsOf(table)[1]);
  });

  test('a flat table: a copy knows the pks the write set there, against the table it copied only', () => {
    const { part, table, once, twice, sibling, a, b, c, written } = versions(300);
    expect(written(once, table)).toEqual([a, b]);
    expect(written(twice, once)).toEqual([c]);
    expect(written(sibling, table)).toEqual([c]);
    // two writes away, a sibling, backwards, or from JSON: not known (a view reads the table again)
    expect(written(twice, table)).toBeUndefined();
    expect(written(sibling, once)).toBeUndefined();
    expect(written(table, once)).toBeUndefined();
    expect(writtenSince(part(once), JSON.parse(JSON.stringify(part(table))) as EntityTable)).toBeUndefined();
  });
});
