/**
 * `receivedWrites`: what a store takes of a write another tab committed. Each record, deletion and
 * index entry is taken only when its write started after the one this store holds for it
 * (`startedBefore`: clock, then tab id); the stamps keep only what was taken; index entries follow
 * the records taken and deleted, this store's own entries for their old values going with them.
 */
import { receivedWrites } from '../../src/redux/slice/receivedWrites';
import type { Tables, Writes } from '../../src/redux/slice/optimisticLayers';
import type { EntityMeta } from '../../src/schema/interface';

const at = (fetchedAt: number, tab = 'b'): EntityMeta => ({
  fetchedAt,
  tab,
  date: fetchedAt,
  expiresAt: fetchedAt + 1_000,
});
const older = at(100);
const message = at(200);
const newer = at(300);

/** This store: member 1 "ann" and 2 "bo" written at `held`, and 3 deleted at `held`. */
const stored = (held: EntityMeta = older): Tables => ({
  entities: { Member: { 1: { id: 1, name: 'ann' }, 2: { id: 2, name: 'bo' } } },
  entitiesMeta: {
    Member: [
      [
        { meta: held, pks: ['1', '2'] },
        { meta: { ...held, deleted: true }, pks: ['3'] },
      ],
    ],
  },
  indexes: { Member: { name: { ann: '1', bo: '2' } } },
});
const writes = (parts: Partial<Writes>): Writes => ({ entities: {}, entitiesMeta: {}, indexes: {}, ...parts });

describe('records', () => {
  test('a record whose write started after the stored one is taken, with its stamp', () => {
    const taken = receivedWrites(
      stored(),
      writes({
        entities: { Member: { 1: { id: 1, name: 'ann' }, 9: { id: 9, name: 'new' } } },
        entitiesMeta: { Member: [{ meta: message, pks: ['1', '9'] }] },
      }),
      message,
    );
    expect(taken.entities).toEqual({ Member: { 1: { id: 1, name: 'ann' }, 9: { id: 9, name: 'new' } } });
    expect(taken.entitiesMeta).toEqual({ Member: [{ meta: message, pks: ['1', '9'] }] });
  });

  test('one whose write started before the stored one is left out, and so is its listing', () => {
    const taken = receivedWrites(
      stored(newer),
      writes({
        entities: { Member: { 1: { id: 1, name: 'older' }, 9: { id: 9, name: 'new' } } },
        entitiesMeta: { Member: [{ meta: message, pks: ['1', '9'] }] },
      }),
      message,
    );
    expect(taken.entities).toEqual({ Member: { 9: { id: 9, name: 'new' } } });
    expect(taken.entitiesMeta).toEqual({ Member: [{ meta: message, pks: ['9'] }] });
  });

  test('a record no stamp lists is ordered by the write’s own meta', () => {
    const record = { Member: { 1: { id: 1, name: 'kept a newer meta there' } } };
    expect(receivedWrites(stored(), writes({ entities: record }), message).entities).toEqual(record);
    expect(receivedWrites(stored(newer), writes({ entities: record }), message).entities).toEqual({});
  });

  test('nothing taken: no table and no stamp for the kind', () => {
    const taken = receivedWrites(
      stored(newer),
      writes({
        entities: { Member: { 1: { id: 1, name: 'older' } } },
        entitiesMeta: { Member: [{ meta: message, pks: ['1'] }] },
      }),
      message,
    );
    expect(taken).toEqual({ entities: {}, entitiesMeta: {}, indexes: {} });
  });

  test('one millisecond: the tab id decides', () => {
    const record = (tab: string) =>
      writes({
        entities: { Member: { 1: { id: 1, name: tab } } },
        entitiesMeta: { Member: [{ meta: at(100, tab), pks: ['1'] }] },
      });
    expect(receivedWrites(stored(at(100, 'b')), record('c'), at(100, 'c')).entities).toEqual({
      Member: { 1: { id: 1, name: 'c' } },
    });
    expect(receivedWrites(stored(at(100, 'b')), record('a'), at(100, 'a')).entities).toEqual({});
  });
});

test('a record written then deleted by one response: its deletion is taken, not the write’s listing of it', () => {
  const taken = receivedWrites(
    stored(),
    writes({
      entitiesMeta: {
        Member: [
          { meta: message, pks: ['1'] },
          { meta: { ...message, deleted: true }, pks: ['1'] },
        ],
      },
    }),
    message,
  );
  expect(taken.entities).toEqual({});
  expect(taken.entitiesMeta).toEqual({ Member: [{ meta: { ...message, deleted: true }, pks: ['1'] }] });
});

describe('deletions', () => {
  const deletion = (meta: EntityMeta, pks: string[]) =>
    writes({ entitiesMeta: { Member: [{ meta: { ...meta, deleted: true }, pks }] } });

  test('a deletion newer than the stored write is taken, and one of a record this store never had too', () => {
    const taken = receivedWrites(stored(), deletion(message, ['1', '8']), message);
    expect(taken.entitiesMeta).toEqual({ Member: [{ meta: { ...message, deleted: true }, pks: ['1', '8'] }] });
  });

  test('a deletion older than the stored write, or than a stored deletion, is left out', () => {
    expect(receivedWrites(stored(newer), deletion(message, ['1', '3']), message)).toEqual({
      entities: {},
      entitiesMeta: {},
      indexes: {},
    });
  });

  test('a deleted record’s index entries here go with it', () => {
    const taken = receivedWrites(stored(), deletion(message, ['1']), message);
    expect(taken.indexes).toEqual({ Member: { name: { ann: undefined } } });
  });
});

describe('index entries', () => {
  const rename = (pk: string, name: string, meta = message) =>
    writes({
      entities: { Member: { [pk]: { id: Number(pk), name } } },
      entitiesMeta: { Member: [{ meta, pks: [pk] }] },
      indexes: { Member: { name: { [name]: pk, old: undefined } } },
    });

  test('a record taken renamed: its new entry is made, its old value here goes; the writer’s removals are not taken', () => {
    expect(receivedWrites(stored(), rename('1', 'annie'), message).indexes).toEqual({
      Member: { name: { annie: '1', ann: undefined } },
    });
  });

  test('a record taken with the value it had here: its entry is written again, nothing removed', () => {
    expect(receivedWrites(stored(), rename('1', 'ann'), message).indexes).toEqual({ Member: { name: { ann: '1' } } });
  });

  test('the entries of a record not taken are left out', () => {
    expect(receivedWrites(stored(newer), rename('1', 'annie'), message).indexes).toEqual({});
  });

  test('a value another record here holds, written later, stays with it; written earlier, it moves', () => {
    expect(receivedWrites(stored(newer), rename('9', 'bo'), message).indexes).toEqual({});
    expect(receivedWrites(stored(older), rename('9', 'bo'), message).indexes).toEqual({
      Member: { name: { bo: '9' } },
    });
  });

  test('a value another record here no longer holds moves to the record taken', () => {
    const here = stored(newer);
    const renamed = { ...here, entities: { Member: { ...here.entities.Member, 2: { id: 2, name: 'bob' } } } };
    expect(receivedWrites(renamed, rename('9', 'bo'), message).indexes).toEqual({ Member: { name: { bo: '9' } } });
  });

  test('an entry here naming another record is not removed when the record taken leaves the value', () => {
    const here = stored();
    const shared = { ...here, indexes: { Member: { name: { ann: '2', bo: '2' } } } };
    expect(receivedWrites(shared, rename('1', 'annie'), message).indexes).toEqual({ Member: { name: { annie: '1' } } });
  });

  test('a record taken with the value it had here, for which the writer made no entry: its entry here stays', () => {
    const taken = receivedWrites(
      stored(),
      writes({
        entities: { Member: { 1: { id: 1, name: 'ann' } } },
        entitiesMeta: { Member: [{ meta: message, pks: ['1'] }] },
      }),
      message,
    );
    expect(taken.indexes).toEqual({});
  });

  test('a value moving within one write, from a record renamed to a record taken: it names the record taken', () => {
    const taken = receivedWrites(
      stored(),
      writes({
        entities: { Member: { 1: { id: 1, name: 'annie' }, 9: { id: 9, name: 'ann' } } },
        entitiesMeta: { Member: [{ meta: message, pks: ['1', '9'] }] },
        indexes: { Member: { name: { annie: '1', ann: '9' } } },
      }),
      message,
    );
    expect(taken.indexes).toEqual({ Member: { name: { annie: '1', ann: '9' } } });
  });

  test('the writer’s removal of a value is no entry here, even for a record whose id is "undefined"', () => {
    const taken = receivedWrites(
      stored(),
      writes({
        entities: { Member: { undefined: { id: 'undefined', name: 'u' } } },
        entitiesMeta: { Member: [{ meta: message, pks: ['undefined'] }] },
        indexes: { Member: { name: { u: 'undefined', old: undefined } } },
      }),
      message,
    );
    expect(taken.indexes).toEqual({ Member: { name: { u: 'undefined' } } });
  });

  test('a field this store indexes but the write does not: the old value still goes', () => {
    const taken = receivedWrites(
      stored(),
      writes({ entities: { Member: { 1: { id: 1 } } }, entitiesMeta: { Member: [{ meta: message, pks: ['1'] }] } }),
      message,
    );
    expect(taken.indexes).toEqual({ Member: { name: { ann: undefined } } });
  });
});
