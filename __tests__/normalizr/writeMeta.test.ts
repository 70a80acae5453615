/**
 * The meta one response writes (`normalize(...).entitiesMeta`): stamps in the store's own shape,
 * per kind one listing the records that take the response's meta, then one listing the records it
 * deletes (either may list nothing).
 */
import { normalize, schema, storeView } from '../../src/index';
import type { WriteMeta } from '../../src/index';
import { appendMeta, metaOf } from '../../src/redux/slice/metaStamps';
import { User } from '../fixtures/spec';

const at = (fetchedAt: number): WriteMeta => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 1000 });

describe('the meta a response writes', () => {
  test('a stamp of the response meta, listing each written record once, in write order', () => {
    const meta = at(10);
    const written = normalize([User], [{ id: 'b' }, { id: 'a' }, { id: 'b', name: 'B' }], [], { meta });
    expect(written.entitiesMeta).toEqual({
      User: [
        { meta, pks: ['b', 'a'] },
        { meta: { ...meta, deleted: true }, pks: [] },
      ],
    });
    expect(written.entitiesMeta.User?.[0]?.meta).toBe(meta);
  });

  test('deletions are a second stamp with deleted: true; the deleted records are absent from entities', () => {
    const stored = normalize([User], [{ id: '1' }, { id: '2' }], [], { meta: at(1) });
    const meta = at(5);
    const written = normalize(
      { added: User, removed: new schema.Invalidate(User) },
      { added: { id: '3' }, removed: '1' },
      [],
      {
        store: storeView(stored),
        meta,
      },
    );
    expect(written.entitiesMeta.User).toEqual([
      { meta, pks: ['3'] },
      { meta: { ...meta, deleted: true }, pks: ['1'] },
    ]);
    expect(Object.keys(written.entities.User ?? {})).toEqual(['3']);
  });

  test('written, then deleted in the same response: listed in both, and the deletion (listed last) wins', () => {
    const written = normalize(
      { added: User, removed: new schema.Invalidate(User) },
      { added: { id: '1' }, removed: '1' },
      [],
      {
        meta: at(5),
      },
    );
    expect(written.entities.User?.['1']).toBeUndefined();
    expect(written.entitiesMeta.User?.map((stamp) => [stamp.meta.deleted === true, stamp.pks])).toEqual([
      [false, ['1']],
      [true, ['1']],
    ]);
    expect(metaOf(written.entitiesMeta, 'User', '1')?.deleted).toBe(true);
  });

  test('deleted, then written in the same response: the record is written, and only that is listed', () => {
    const written = normalize(
      { removed: new schema.Invalidate(User), added: User },
      { removed: '1', added: { id: '1', name: 'Ann' } },
      [],
      {
        meta: at(5),
      },
    );
    expect(written.entities.User?.['1']).toEqual({ id: '1', name: 'Ann' });
    expect(written.entitiesMeta.User?.map((stamp) => [stamp.meta.deleted === true, stamp.pks])).toEqual([
      [false, ['1']],
      [true, []],
    ]);
  });

  test('a record deleted more than once is listed once; written after that, it is listed as written only', () => {
    const removedTwice = normalize([new schema.Invalidate(User)], ['1', '1', '2'], [], { meta: at(5) });
    expect(removedTwice.entitiesMeta.User?.map((stamp) => stamp.pks)).toEqual([[], ['1', '2']]);
    const rewritten = normalize(
      { removed: [new schema.Invalidate(User)], users: [User] },
      { removed: ['1', '1'], users: [{ id: '1', name: 'Ann' }] },
      [],
      { meta: at(5) },
    );
    expect(rewritten.entitiesMeta.User?.map((stamp) => stamp.pks)).toEqual([['1'], []]);
    expect(metaOf(rewritten.entitiesMeta, 'User', '1')?.deleted).toBeUndefined();
  });

  test('a record whose stored write started later keeps that meta: it is merged but listed in no stamp', () => {
    const newer = normalize([User], [{ id: '1', name: 'New' }, { id: '2' }], [], { meta: at(200) });
    const older = normalize([User], [{ id: '1', name: 'Old' }, { id: '3' }], [], {
      store: storeView(newer),
      meta: at(100),
    });
    expect(older.entities.User?.['1']).toEqual({ id: '1', name: 'New' });
    expect(older.entitiesMeta.User?.map((stamp) => stamp.pks)).toEqual([['3'], []]);
    const log = appendMeta(appendMeta({}, newer.entitiesMeta), older.entitiesMeta);
    expect(['1', '2', '3'].map((pk) => metaOf(log, 'User', pk)?.fetchedAt)).toEqual([200, 200, 100]);
  });

  test('storeView of a previous result rehydrated from JSON orders the merge', () => {
    const newer = normalize([User], [{ id: '1', name: 'New' }], [], { meta: at(200) });
    const rehydrated = JSON.parse(JSON.stringify({ entities: newer.entities, entitiesMeta: newer.entitiesMeta })) as {
      entities: typeof newer.entities;
      entitiesMeta: typeof newer.entitiesMeta;
    };
    const older = normalize([User], [{ id: '1', name: 'Old' }], [], { store: storeView(rehydrated), meta: at(100) });
    expect(older.entities.User?.['1']).toEqual({ id: '1', name: 'New' });
    const later = normalize([User], [{ id: '1', name: 'Later' }], [], { store: storeView(rehydrated), meta: at(300) });
    expect(later.entities.User?.['1']).toEqual({ id: '1', name: 'Later' });
  });

  test('results chain through storeView by merging records and concatenating stamps, oldest first', () => {
    const first = normalize([User], [{ id: '1', name: 'First' }], [], { meta: at(100) });
    const second = normalize([User], [{ id: '1', name: 'Second' }], [], { store: storeView(first), meta: at(300) });
    const merged = {
      entities: { User: { ...first.entities.User, ...second.entities.User } },
      entitiesMeta: { User: [...(first.entitiesMeta.User ?? []), ...(second.entitiesMeta.User ?? [])] },
    };
    // started between the two: older than the stored write, so it does not overwrite it
    const late = normalize([User], [{ id: '1', name: 'Late' }], [], { store: storeView(merged), meta: at(200) });
    expect(late.entities.User?.['1']).toEqual({ id: '1', name: 'Second' });
  });

  test('a list of new records and its stamp are one array of keys; a list that repeats a record, or holds another kind, is not', () => {
    const listed = normalize([User], [{ id: 'b' }, { id: 'a' }]);
    expect(listed.entitiesMeta.User?.[0]?.pks).toBe(listed.result);
    expect(listed.result).toEqual(['b', 'a']);
    const repeated = normalize([User], [{ id: 'b' }, { id: 'a' }, { id: 'b' }]);
    expect(repeated.entitiesMeta.User?.[0]?.pks).toEqual(['b', 'a']);
    expect(repeated.result).toEqual(['b', 'a', 'b']);
    const nested = normalize<{ users: string[] }>({ users: [User] }, { users: [{ id: 'a' }] });
    expect(nested.entitiesMeta.User?.[0]?.pks).toEqual(['a']);
    expect(nested.entitiesMeta.User?.[0]?.pks).not.toBe(nested.result.users);
    // a stored record that keeps its newer meta is listed in no stamp: the stamp lists fewer keys than the list
    const stored = normalize([User], [{ id: 'a' }], [], { meta: at(300) });
    const older = normalize([User], [{ id: 'a' }, { id: 'c' }], [], { store: storeView(stored), meta: at(100) });
    expect(older.entitiesMeta.User?.[0]?.pks).toEqual(['c']);
    expect(older.result).toEqual(['a', 'c']);
  });

  test('nothing written: no stamps', () => {
    expect(normalize({ note: 'plain' }, { note: 'hi' }).entitiesMeta).toEqual({});
  });
});
