/**
 * The rules of index entries (`src/normalizr/indexEntries.ts`): the value a record gives an
 * indexed field, as the index keys it; and when an entry stays with the record it names while
 * another record takes the value (the holder still holds it, and a later-started write wrote it).
 */
import { indexValue, keepsIndexEntry } from '../../src/normalizr/indexEntries';

const at = (fetchedAt: number, seq?: number) => ({
  fetchedAt,
  date: fetchedAt,
  expiresAt: 0,
  ...(seq === undefined ? {} : { seq }),
});

test('indexValue: the field as a string, nothing for no record, an absent field or null', () => {
  expect(indexValue({ name: 'ann' }, 'name')).toBe('ann');
  expect(indexValue({ code: 7 }, 'code')).toBe('7');
  expect(indexValue({ flag: false }, 'flag')).toBe('false');
  expect(indexValue({ name: null }, 'name')).toBeUndefined();
  expect(indexValue({}, 'name')).toBeUndefined();
  expect(indexValue(undefined, 'name')).toBeUndefined();
});

describe('keepsIndexEntry', () => {
  const holder = (record: object | undefined, meta = at(300)) => ({ record: record as never, meta });

  test('stays with a holder that still holds the value and was written by a later-started write', () => {
    expect(keepsIndexEntry(holder({ name: 'bo' }), 'name', 'bo', at(200))).toBe(true);
    expect(keepsIndexEntry(holder({ code: 7 }), 'code', '7', at(200))).toBe(true);
    expect(keepsIndexEntry(holder({ name: 'bo' }, at(200, 2)), 'name', 'bo', at(200, 1))).toBe(true);
  });

  test('moves when the holder was written earlier, or in the same write', () => {
    expect(keepsIndexEntry(holder({ name: 'bo' }, at(100)), 'name', 'bo', at(200))).toBe(false);
    expect(keepsIndexEntry(holder({ name: 'bo' }, at(200)), 'name', 'bo', at(200))).toBe(false);
  });

  test('moves when the holder no longer holds the value, is gone, or has no meta', () => {
    expect(keepsIndexEntry(holder({ name: 'bob' }), 'name', 'bo', at(200))).toBe(false);
    expect(keepsIndexEntry(holder({ name: null }), 'name', 'null', at(200))).toBe(false);
    expect(keepsIndexEntry(holder(undefined), 'name', 'bo', at(200))).toBe(false);
    expect(keepsIndexEntry({ record: { name: 'bo' }, meta: undefined }, 'name', 'bo', at(200))).toBe(false);
  });
});
