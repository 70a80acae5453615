/**
 * A write that started after every stored write of a kind merges without looking up each record's meta
 * (`storeView`'s `latestMeta`): what it writes is what the lookup would have given, and an older write,
 * a remembered deletion, an entity with its own ordering hooks and a local edit still read the stored meta.
 */
import { Entity, normalize, schema, storeView } from '../../src/index';
import type { EntityMeta, EntityRecord, WriteMeta } from '../../src/index';
import { appendMeta, latestMeta, metaOf } from '../../src/redux/slice/metaStamps';
import { User } from '../fixtures/spec';

const at = (fetchedAt: number, seq = 0): WriteMeta => ({
  fetchedAt,
  seq,
  date: fetchedAt,
  expiresAt: fetchedAt + 1000,
});

/** `storeView` of `stored`, counting the records whose meta a write looked up. */
function countingView(stored: Parameters<typeof storeView>[0]) {
  const view = storeView(stored);
  const looked: string[] = [];
  return {
    looked,
    view: { ...view, getMeta: (key: string, pk: string) => (looked.push(pk), view.getMeta(key, pk)) },
  };
}

describe('the latest write of a kind', () => {
  test('is the latest started of its stamps, deletions included, across appends and a JSON round trip', () => {
    let log = appendMeta({}, { User: [{ meta: at(5), pks: ['a'] }] });
    log = appendMeta(log, { User: [{ meta: at(3), pks: ['b'] }] }); // an older request answered later
    expect(latestMeta(log.User)).toEqual(at(5));
    log = appendMeta(log, { User: [{ meta: { ...at(5, 1), deleted: true }, pks: ['c'] }] });
    expect(latestMeta(log.User)).toEqual({ ...at(5, 1), deleted: true });
    expect(latestMeta(JSON.parse(JSON.stringify(log.User)))).toEqual({ ...at(5, 1), deleted: true });
    expect(latestMeta(log.Post)).toBeUndefined();
  });

  test('a newer write of stored records looks up no meta, and writes what a lookup would', () => {
    const stored = normalize(
      [User],
      [
        { id: '1', name: 'a' },
        { id: '2', name: 'b' },
      ],
      [],
      { meta: at(1) },
    );
    const { view, looked } = countingView(stored);
    const written = normalize([User], [{ id: '1', name: 'A' }, { id: '3' }], [], { store: view, meta: at(2) });
    expect(looked).toEqual([]);
    // the same write through a view with no latest: every stored record's meta looked up
    const lookedUp = { ...storeView(stored), latestMeta: undefined };
    const full = normalize([User], [{ id: '1', name: 'A' }, { id: '3' }], [], { store: lookedUp, meta: at(2) });
    expect(written).toEqual(full);
    expect(written.entities.User?.['1']).toMatchObject({ id: '1', name: 'A' });
    expect(written.entitiesMeta.User?.[0]?.pks).toEqual(['1', '3']);
  });

  test('an older write reads the stored meta: the stored, later-started record wins and keeps its meta', () => {
    const stored = normalize([User], [{ id: '1', name: 'new' }], [], { meta: at(5) });
    const { view, looked } = countingView(stored);
    const written = normalize([User], [{ id: '1', name: 'old' }], [], { store: view, meta: at(3) });
    expect(looked).toEqual(['1']);
    expect(written.entities.User?.['1']).toMatchObject({ name: 'new' });
    expect(written.entitiesMeta.User?.[0]?.pks ?? []).toEqual([]);
  });

  test('a later remembered deletion still keeps an older write from reviving the record', () => {
    const first = normalize([User], [{ id: '1' }, { id: '2' }], [], { meta: at(1) });
    const gone = normalize({ removed: new schema.Invalidate(User) }, { removed: '1' }, [], {
      store: storeView(first),
      meta: at(6),
    });
    const log = appendMeta(appendMeta({}, first.entitiesMeta), gone.entitiesMeta);
    const written = normalize([User], [{ id: '1' }], [], {
      store: storeView({ entities: { User: { 2: first.entities.User?.['2'] as EntityRecord } }, entitiesMeta: log }),
      meta: at(4),
    });
    expect(written.entities.User?.['1']).toBeUndefined();
  });

  test.each(['shouldReorder', 'shouldUpdate', 'mergeWithStore'] as const)(
    'an entity with its own %s is handed the stored meta, not a stand-in',
    (hook) => {
      const seen: EntityMeta[] = [];
      class Stamped extends Entity {
        id = '';
        name = '';
        static override key = 'Stamped';
        pk() {
          return this.id;
        }
      }
      const inherited = Entity[hook] as (...args: unknown[]) => unknown;
      // the hook overridden, doing what Entity's does, noting the stored meta it is handed
      Object.defineProperty(Stamped, hook, {
        value(this: typeof Stamped, existingMeta: EntityMeta, ...rest: unknown[]) {
          seen.push(existingMeta);
          return inherited.call(this, existingMeta, ...rest);
        },
      });
      const stored = normalize([Stamped], [{ id: '1', name: 'a' }], [], { meta: at(1) });
      const written = normalize([Stamped], [{ id: '1', name: 'b' }], [], { store: storeView(stored), meta: at(2) });
      expect(seen).toEqual([at(1)]);
      expect(written.entities.Stamped?.['1']).toMatchObject({ name: 'b' });
    },
  );

  test('a tie on the clock is ordered by tab, then request number: a later stored write is looked up and wins', () => {
    const stored = normalize([User], [{ id: '1', name: 'later' }], [], { meta: at(5, 2) });
    const bySeq = countingView(stored);
    const earlier = normalize([User], [{ id: '1', name: 'earlier' }], [], { store: bySeq.view, meta: at(5, 1) });
    expect(bySeq.looked).toEqual(['1']);
    expect(earlier.entities.User?.['1']).toMatchObject({ name: 'later' });
    const fromTabB = normalize([User], [{ id: '1', name: 'tab b' }], [], { meta: { ...at(5), tab: 'b' } });
    const byTab = countingView(fromTabB);
    const fromTabA = normalize([User], [{ id: '1', name: 'tab a' }], [], {
      store: byTab.view,
      meta: { ...at(5, 9), tab: 'a' },
    });
    expect(byTab.looked).toEqual(['1']);
    expect(fromTabA.entities.User?.['1']).toMatchObject({ name: 'tab b' });
  });

  test('a delete: a newer one looks nothing up, an older one finds the later write and deletes nothing', () => {
    const stored = normalize([User], [{ id: '1' }, { id: '2' }], [], { meta: at(5) });
    const remove = (pk: string, meta: WriteMeta) => {
      const { view, looked } = countingView(stored);
      const written = normalize({ removed: new schema.Invalidate(User) }, { removed: pk }, [], { store: view, meta });
      return { looked, deleted: written.entitiesMeta.User?.[1]?.pks ?? [] };
    };
    expect(remove('1', at(6))).toEqual({ looked: [], deleted: ['1'] });
    expect(remove('2', at(4))).toEqual({ looked: ['2'], deleted: [] });
  });

  test('a local edit (keepStoredMeta) leaves a stored record its meta', () => {
    const first = normalize([User], [{ id: '1', name: 'a' }], [], { meta: at(1) });
    const log = appendMeta({}, first.entitiesMeta);
    const written = normalize([User], [{ id: '1', name: 'edited' }], [], {
      store: storeView({ entities: first.entities, entitiesMeta: log }),
      meta: at(2),
      keepStoredMeta: true,
    });
    expect(written.entities.User?.['1']).toMatchObject({ name: 'edited' });
    expect(written.entitiesMeta.User?.[0]?.pks ?? []).toEqual([]);
    expect(metaOf(appendMeta(log, written.entitiesMeta), 'User', '1')).toEqual(at(1));
  });
});
