/** Hostile: two stores grown from one slice, and one memo reading two sibling lineages that grow in place, with an All nested in an entity (KeysRead). */
import { Entity, MemoCache, getEntitySelectors, schema, selectEntityMeta } from '../../src/index';
import type { EntityTables } from '../../src/index';
import { keysOf, recordsOf, withWrites, type StoredTable } from '../../src/storage/table';
import { makeStore } from '../fixtures/store';

class Tag extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = 'HTag';
}
class Board extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = 'HBoard';
  static override schema = { tags: new schema.All(Tag) };
}

test('two stores from one slice write different keys: each reads its own, fresh and with its meta', () => {
  const a = makeStore({ devChecks: false });
  for (let i = 0; i < 5; i++) a.ctrl.set(Tag, { id: `t${i}` } as never);
  const b = makeStore({ devChecks: false, preloadedState: { entities: a.slice() } });
  b.store.dispatch({ type: 'app/started' });
  const sel = getEntitySelectors(Tag);
  const before = sel.selectAll(a.store.getState());
  for (let round = 0; round < 20; round++) {
    a.ctrl.set(Tag, { id: `a${round}` } as never);
    b.ctrl.set(Tag, { id: `b${round}` } as never);
    b.ctrl.set(Tag, { id: `${round}` } as never);
    for (const [made, own] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      const tables = made.slice().entities;
      const ids = Object.keys(recordsOf(tables.HTag));
      expect([...keysOf(tables.HTag)]).toEqual(ids);
      expect(sel.selectAll(made.store.getState()).map((t) => t.id)).toEqual(ids);
      expect(ids.filter((id) => /^[ab]/.test(id)).every((id) => id.startsWith(own))).toBe(true);
      expect(selectEntityMeta(made.store.getState(), Tag, `${own}${round}`)).toBeDefined();
      expect(selectEntityMeta(made.store.getState(), Tag, `${own === 'a' ? 'b' : 'a'}${round}`)).toBeUndefined();
    }
  }
  // the records both started with keep their instances in a
  const after = sel.selectAll(a.store.getState());
  before.forEach((tag, i) => expect(after[i]).toBe(tag));
});

test('one memo, two sibling lineages growing in place, an All nested in an entity', () => {
  const cache = new MemoCache();
  const write = (t: StoredTable | undefined, pks: string[]) =>
    withWrites(t, Object.fromEntries(pks.map((id) => [id, { id }])), []) ?? t;
  const boards = { b: { id: 'b', tags: null } } as never;
  const base = write(undefined, ['x', 'y']);
  let left = base;
  let right = base;
  const read = (tags: StoredTable | undefined) =>
    cache.denormalize(Board, 'b', { HBoard: boards, HTag: tags } as EntityTables) as Board & { tags: Tag[] };
  const fresh = (tags: StoredTable | undefined) =>
    (
      new MemoCache().denormalize(Board, 'b', { HBoard: boards, HTag: tags } as EntityTables) as Board & { tags: Tag[] }
    ).tags.map((t) => t.id);
  const lefts: (StoredTable | undefined)[] = [];
  const rights: (StoredTable | undefined)[] = [];
  for (let i = 0; i < 12; i++) {
    left = write(left, [`l${i}`]);
    lefts.push(left);
    expect(read(left).tags.map((t) => t.id)).toEqual(fresh(left));
    right = write(right, [`r${i}`, `${i}`]);
    rights.push(right);
    expect(read(right).tags.map((t) => t.id)).toEqual(fresh(right));
    // back to an older one of each
    const old = lefts[Math.floor(i / 2)];
    expect(read(old).tags.map((t) => t.id)).toEqual(fresh(old));
    expect(read(rights[Math.floor(i / 3)]).tags.map((t) => t.id)).toEqual(fresh(rights[Math.floor(i / 3)]));
    // the same tables read twice: the same board
    expect(read(left)).toBe(read(left));
  }
  expect(read(base).tags.map((t) => t.id)).toEqual(['x', 'y']);
});
