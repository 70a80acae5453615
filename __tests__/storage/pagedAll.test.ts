/**
 * `schema.All` over a table large enough to be paged (DESIGN §11): a read lists it part by part and
 * gives each unchanged part the very list it gave before. That shortcut is a cache of the memo's
 * rule only: every read here is checked against a fresh memo's read of the same tables.
 */
import { Entity, getEntitySelectors, MemoCache, schema } from '../../src/index';
import { FLAT_MAX, isPaged, keysOf, type PagedTable, type Part } from '../../src/storage/table.js';
import { makeStore } from '../fixtures/store';

class Person extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'PagedPerson';
}
class Row extends Entity {
  id = 0;
  score = 0;
  owner = Person.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'PagedRow';
  static override schema = { owner: Person };
}

const COUNT = FLAT_MAX + 3_000;
const rows = (first: number, count: number, owner = (i: number) => `p${i % 50}`) =>
  Array.from({ length: count }, (_, n) => ({
    id: first + n,
    score: first + n,
    owner: { id: owner(first + n), name: 'P' },
  }));

function setup() {
  // RTK's development checks walk the whole state on every dispatch: past 30 ms on a table of 19,000 records, they
  // warn, and a sweep's dispatch may come after the file's tests are done
  const { store, ctrl } = makeStore({ devChecks: false });
  ctrl.set(new schema.All(Row), rows(0, COUNT));
  const selectors = getEntitySelectors(Row);
  const state = () => store.getState().entities;
  /** The list a fresh memo reads from the same tables: what the rule says the read must equal. */
  const fresh = () => new MemoCache().denormalize(new schema.All(Row), undefined, state().entities) as Row[];
  const read = () => {
    const list = selectors.selectAll(store.getState());
    expect(list.map((row) => [row.id, row.score, row.owner.name])).toEqual(
      fresh().map((row) => [row.id, row.score, row.owner.name]),
    );
    return list;
  };
  return { store, ctrl, state, read, selectors };
}

describe('schema.All over a paged table', () => {
  test('one changed record: a new list with that record new and every other item the same object', () => {
    const { ctrl, state, read } = setup();
    expect(isPaged(state().entities.PagedRow)).toBe(true);
    const before = read();
    expect(before).toHaveLength(COUNT);
    ctrl.set(Row, { id: 7, score: -1, owner: { id: 'p7', name: 'P' } });
    const after = read();
    expect(after).not.toBe(before);
    expect(after.filter((row, i) => row !== before[i]).map((row) => row.id)).toEqual([7]);
    expect(after[7]?.score).toBe(-1);
  });

  test('a nested record that changes reaches every row that reads it, in unchanged parts too', () => {
    const { ctrl, read } = setup();
    const before = read();
    ctrl.set(Person, { id: 'p3', name: 'Renamed' });
    const after = read();
    const changed = after.filter((row, i) => row !== before[i]);
    expect(changed).toHaveLength(after.filter((row) => row.owner.id === 'p3').length);
    expect(changed.every((row) => row.owner.name === 'Renamed')).toBe(true);
  });

  test('rows added and deleted: listed in table order; a rollback to the tables before gives the list before', () => {
    const { ctrl, store, read } = setup();
    const first = read();
    const tablesBefore = store.getState().entities.entities;
    ctrl.set(new schema.All(Row), rows(COUNT, 5));
    ctrl.set(new schema.Invalidate(Row), { id: 11 });
    const after = read();
    expect(after).toHaveLength(COUNT + 4);
    expect(after.map((row) => row.id)).toEqual(keysOf(store.getState().entities.entities.PagedRow).map(Number));
    // the memo keeps the list of each part it listed: the very items for the very tables
    const memo = new MemoCache();
    const all = new schema.All(Row);
    const old = memo.denormalize(all, undefined, tablesBefore) as Row[];
    memo.denormalize(all, undefined, store.getState().entities.entities);
    const again = memo.denormalize(all, undefined, tablesBefore) as Row[];
    expect(again).toBe(old);
    expect(first).toHaveLength(COUNT);
  });

  test('tables that change under the list but none of its items: the very list before, whichever parts were listed again', () => {
    const { ctrl, store, read } = setup();
    const before = read();
    // a person no row reads: every part is listed again (the rows may read any person), each item the same
    ctrl.set(Person, { id: 'nobody', name: 'X' });
    expect(read()).toBe(before);
    // one block (rows have numeric ids) copied with the same records: that part alone is listed again, item for item
    const tables = store.getState().entities.entities;
    const table = tables.PagedRow as PagedTable;
    const block = table.parts[3] as Part;
    const copied = {
      ...tables,
      PagedRow: { ...table, parts: { ...table.parts, 3: { pks: [...block.pks], records: [...block.records] } } },
    };
    const memo = new MemoCache();
    const all = new schema.All(Row);
    const listed = memo.denormalize(all, undefined, tables) as Row[];
    expect(memo.denormalize(all, undefined, copied)).toBe(listed);
    // a part copied with one record changed: a new list, that row alone new
    const changed = { ...(block.records[5] as object), score: -5 };
    const records = [...block.records];
    records[5] = changed as never;
    const written = { ...tables, PagedRow: { ...table, parts: { ...table.parts, 3: { pks: block.pks, records } } } };
    const after = memo.denormalize(all, undefined, written) as Row[];
    expect(after).not.toBe(listed);
    expect(after.filter((row, i) => row !== listed[i]).map((row) => row.score)).toEqual([-5]);
  });

  test('selectRecords gives the stored records as one flat plain object, paged or flat, memoized', () => {
    const { store, selectors, state } = setup();
    const records = selectors.selectRecords(store.getState());
    expect(Object.getPrototypeOf(records)).toBe(Object.prototype);
    expect(Object.keys(records)).toEqual(keysOf(state().entities.PagedRow));
    expect(records['7']).toEqual({ id: 7, score: 7, owner: 'p7' });
    expect(selectors.selectRecords(store.getState())).toBe(records);
    const people = getEntitySelectors(Person).selectRecords(store.getState());
    expect(isPaged(state().entities.PagedPerson)).toBe(false);
    expect(Object.keys(people)).toHaveLength(50);
    expect(people.p3).toEqual({ id: 'p3', name: 'P' });
  });
});
