/**
 * Hostile: key lists that grow in place under optimistic layers that add keys (pushes in flight,
 * committed writes adding other keys, rollbacks), read through selectAll, selectIds, All, a live view
 * and ctrl.get, each checked against a fresh read of the same tables, and against the identity rule.
 */
import nock from 'nock';
import {
  Entity,
  MemoCache,
  createResource,
  getEntitySelectors,
  schema,
  selectEntityMeta,
  selectQuery,
} from '../../src/index';
import { fetchEndpoint } from '../../src/index';
import { views } from '../../src/views/index';
import { keysOf, recordOf, recordsOf } from '../../src/storage/table';
import { API, assertNetworkDone, held, makeStore, strictNetwork, type HeldReply } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Note extends Entity {
  id = 0;
  text = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'HNote';
}
const NoteResource = createResource({ urlPrefix: API, path: '/hnotes/:id', schema: Note, optimistic: true });
const all = new schema.All(Note);
const view = new schema.Query(all, { orderBy: (n: Note) => n.text, limit: 7 });
const sel = getEntitySelectors(Note);

function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
}

test.each([5, 6])(
  'pushes in flight, committed writes, rollbacks (seed %i): every read equals a fresh one',
  async (seed) => {
    const rand = random(seed);
    const { store, ctrl, slice } = makeStore({ views, devChecks: false });
    let prev: { tables: ReturnType<typeof slice>['entities']; items: Note[] } | undefined;
    const check = () => {
      const state = store.getState();
      const s = slice();
      const tables = s.entities;
      const freshAll = new MemoCache().denormalize(all, undefined, tables as never) as Note[];
      const ids = Object.keys(recordsOf(tables.HNote));
      expect([...keysOf(tables.HNote)]).toEqual(ids);
      if (s.committed)
        expect([...keysOf(s.committed.entities.HNote)]).toEqual(Object.keys(recordsOf(s.committed.entities.HNote)));
      const items = sel.selectAll(state);
      expect(items.map((n) => `${n.id}:${n.text}`)).toEqual(freshAll.map((n) => `${n.id}:${n.text}`));
      expect(sel.selectIds(state)).toEqual(ids);
      const byId = sel.selectEntities(state);
      expect(Object.keys(byId)).toEqual(ids);
      for (const id of ids) expect(byId[id]).toBe(items[ids.indexOf(id)]);
      const got = (ctrl.get(all) as Note[] | undefined) ?? [];
      expect(got.map((n) => n.id)).toEqual(freshAll.map((n) => n.id));
      const expectedView = [...freshAll].sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)).slice(0, 7);
      expect(selectQuery(view)(state)!.map((n) => `${n.id}:${n.text}`)).toEqual(
        expectedView.map((n) => `${n.id}:${n.text}`),
      );
      if (prev) {
        const before = new Map(prev.items.map((n) => [`${n.id}`, n]));
        for (const n of items) {
          const old = before.get(`${n.id}`);
          if (old && recordOf(prev.tables.HNote, `${n.id}`) === recordOf(tables.HNote, `${n.id}`)) expect(n).toBe(old);
        }
      }
      prev = { tables, items };
    };
    const inFlight: { reply: HeldReply; request: Promise<unknown> }[] = [];
    let nextId = 1;
    let layers = 0;
    for (let round = 0; round < 60; round++) {
      const action = rand(10);
      if (action < 4) {
        const id = rand(3) === 0 ? rand(nextId) + 1 : nextId++;
        const ok = rand(3) !== 0;
        const reply = held('post', '/hnotes', ok ? 201 : 500, ok ? { id, text: `srv${rand(99)}` } : {});
        inFlight.push({
          reply,
          request: store
            .dispatch(fetchEndpoint(NoteResource.getList.push, { id, text: `opt${rand(99)}` }))
            .catch(() => undefined),
        });
        layers = Math.max(layers, slice().optimistic.length);
      } else if (action < 7 && inFlight.length > 0) {
        const [settled] = inFlight.splice(rand(inFlight.length), 1);
        await settled!.reply.arrived;
        settled!.reply.release();
        await settled!.request;
      } else if (action < 9) {
        // committed keys added behind the layers, numeric ids in and out of order
        const id = rand(2) === 0 ? nextId++ : rand(nextId + 5) + 1;
        ctrl.set(Note, { id, text: `set${rand(99)}` } as never);
      } else {
        const id = rand(nextId) + 1;
        const reply = held('delete', `/hnotes/${id}`, rand(2) ? 204 : 500, '');
        inFlight.push({
          reply,
          request: store.dispatch(fetchEndpoint(NoteResource.delete, { id })).catch(() => undefined),
        });
      }
      check();
    }
    for (const { reply, request } of inFlight.splice(0)) {
      await reply.arrived;
      reply.release();
      await request;
      check();
    }
    expect(layers).toBeGreaterThan(1);
    expect(slice().optimistic).toEqual([]);
    void selectEntityMeta;
    void nock;
  },
);
