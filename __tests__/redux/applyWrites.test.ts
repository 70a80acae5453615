/**
 * applyEntityWrites: how a response's records go into the stored tables (plain objects with
 * Object.prototype, ids written as own properties, unchanged records and tables kept).
 */
import { applyEntityWrites } from '../../src/redux/slice/applyWrites';
import type { EntityTables } from '../../src/index';
import { recordOf } from '../../src/storage/table.js';

const meta = { fetchedAt: 1, date: 1, expiresAt: 2 };
const deleted = { ...meta, deleted: true as const };
/** A write's stamps for one kind: the records it lists, and the ones it deletes. */
const stamps = (pks: string[], deletions: string[] = []) => [
  { meta, pks },
  { meta: deleted, pks: deletions },
];
/** A table, as normalize and the reducer make them. */
const table = <T>(entries: Record<string, T>): Record<string, T> => ({ ...entries });

describe('applyEntityWrites', () => {
  test('a new table holding exactly the written records is those records', () => {
    const records = table({ b: { id: 'b' }, a: { id: 'a' } });
    const next = applyEntityWrites({}, { User: records }, { User: stamps(['b', 'a']) });
    expect(next.User).toBe(records);
    expect(Object.keys(next.User ?? {})).toEqual(['b', 'a']);
  });

  test('a new table with deletions is a plain copy in write order', () => {
    const records = table({ c: { id: 'c' }, a: { id: 'a' } });
    const next = applyEntityWrites({}, { User: records }, { User: stamps(['c', 'a'], ['gone']) });
    expect(next.User).not.toBe(records);
    expect(Object.keys(next.User ?? {})).toEqual(['c', 'a']);
    expect(Object.getPrototypeOf(next.User)).toBe(Object.prototype);
  });

  test('a kind with deletions only: its table loses them; deleting what is not stored changes nothing', () => {
    const stored: EntityTables = { User: table({ a: { id: 'a' }, b: { id: 'b' } }) };
    const next = applyEntityWrites(stored, {}, { User: stamps([], ['a']) });
    expect(Object.keys(next.User ?? {})).toEqual(['b']);
    expect(recordOf(next.User, 'b')).toBe(stored.User?.b);
    expect(applyEntityWrites(stored, {}, { User: stamps([], ['zz']), Other: stamps([], ['x']) })).toBe(stored);
  });

  test('writing into a stored table copies it as a plain object and keeps every unchanged record', () => {
    const kept = { id: 'a' };
    const stored: EntityTables = { User: table({ a: kept, b: { id: 'b' } }), Other: table({ x: { id: 'x' } }) };
    const next = applyEntityWrites(stored, { User: table({ c: { id: 'c' } }) }, { User: stamps(['c'], ['b']) });
    expect(Object.keys(next.User ?? {})).toEqual(['a', 'c']);
    expect(recordOf(next.User, 'a')).toBe(kept);
    expect(next.Other).toBe(stored.Other);
    expect(Object.keys(stored.User ?? {})).toEqual(['a', 'b']); // the stored table is untouched
    expect(Object.getPrototypeOf(next.User)).toBe(Object.prototype);
  });

  test('a table rehydrated from JSON keeps ids like __proto__ as ordinary records', () => {
    const rehydrated = JSON.parse(
      '{"User":{"__proto__":{"id":"__proto__"},"toString":{"id":"toString"}}}',
    ) as EntityTables;
    const next = applyEntityWrites(rehydrated, { User: table({ x: { id: 'x' } }) }, { User: stamps(['x']) });
    expect(Object.keys(next.User ?? {})).toEqual(['__proto__', 'toString', 'x']);
    expect(Object.getPrototypeOf(next.User)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(next.User, '__proto__')?.value).toEqual({ id: '__proto__' });
  });

  test('nothing written: the same tables', () => {
    const stored: EntityTables = { User: table({ a: { id: 'a' } }) };
    expect(applyEntityWrites(stored, { User: table({ a: stored.User?.a ?? {} }) }, { User: stamps(['a']) })).toBe(
      stored,
    );
  });
});
