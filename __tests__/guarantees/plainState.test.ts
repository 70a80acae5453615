/**
 * The slice is plain data after every kind of write: every object in it has Object.prototype (or is
 * an array), so a server component can pass it to a client component and `structuredClone`, JSON
 * and redux-persist keep it as it is; ids such as `__proto__`, `constructor` and `toString` are
 * ordinary own properties, and nothing reaches Object.prototype.
 */
import nock from 'nock';
import { Entity, createResource, getEntitySelectors } from '../../src/index';
import { API, assertNetworkDone, held, makeStore, strictNetwork, tickingClock } from '../fixtures/store';
import { rehydrate } from '../../src/rehydrate/index';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Note extends Entity {
  id = '';
  slug = '';
  text = '';
  pk() {
    return this.id;
  }
  static override key = 'Note';
  static override indexes = ['slug'];
}

const NoteResource = createResource({ urlPrefix: API, path: '/notes/:id', schema: Note, optimistic: true });
const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

/** The paths in `value` of objects that are neither arrays nor plain objects with Object.prototype. */
function notPlain(value: unknown, path = 'entities'): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const here = Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype ? [] : [path];
  return Object.keys(value).reduce(
    (found, name) =>
      found.concat(notPlain(Object.getOwnPropertyDescriptor(value, name)?.value, `${path}[${JSON.stringify(name)}]`)),
    here,
  );
}

function setup() {
  const made = makeStore({ now: tickingClock().now });
  const slice = () => made.store.getState().entities;
  const notes = getEntitySelectors(Note);
  const texts = () => notes.selectAll(made.store.getState()).map((note) => `${note.id}:${note.text}`);
  /** Every check of plain state, after a write. */
  const expectPlain = () => {
    expect(notPlain(slice())).toEqual([]);
    expect(structuredClone(slice())).toEqual(slice());
    expect(JSON.parse(JSON.stringify(slice()))).toEqual(slice());
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as { text?: unknown }).text).toBeUndefined();
  };
  return { ...made, slice, notes, texts, expectPlain };
}

test('after a fetch, a push, an optimistic update in flight and settled, a delete, a set, an error, expiry, a sweep and a reset', async () => {
  const { store, ctrl, slice, notes, texts, expectPlain } = setup();
  expectPlain();

  nock(API)
    .get('/notes')
    .reply(
      200,
      HOSTILE.map((id) => ({ id, slug: id, text: `note ${id}` })),
    );
  await ctrl.fetch(NoteResource.getList);
  expectPlain();
  expect(texts()).toEqual(HOSTILE.map((id) => `${id}:note ${id}`));
  for (const id of HOSTILE) {
    expect(Object.getOwnPropertyDescriptor(slice().entities.Note, id)?.value).toEqual({
      id,
      slug: id,
      text: `note ${id}`,
    });
    expect(notes.selectById(store.getState(), id)?.text).toBe(`note ${id}`);
  }
  expect(ctrl.get(Note, { slug: 'toString' })?.id).toBe('toString');

  nock(API).post('/notes').reply(201, { id: 'valueOf', slug: 'valueOf', text: 'pushed' });
  await ctrl.fetch(NoteResource.getList.push, { id: 'valueOf', slug: 'valueOf', text: 'pushed' });
  expectPlain();
  expect(ctrl.getResponse(NoteResource.getList).data?.map((note) => note.id)).toEqual([...HOSTILE, 'valueOf']);

  const server = held('patch', '/notes/__proto__', 200, { id: '__proto__', slug: 'moved', text: 'server' });
  const update = ctrl.fetch(NoteResource.partialUpdate, { id: '__proto__' }, { text: 'optimistic' });
  expect(slice().optimistic).toHaveLength(1);
  expect(notes.selectById(store.getState(), '__proto__')?.text).toBe('optimistic');
  expectPlain();
  server.release();
  await update;
  expectPlain();
  expect(notes.selectById(store.getState(), '__proto__')?.text).toBe('server');
  expect(ctrl.get(Note, { slug: 'moved' })?.id).toBe('__proto__');

  nock(API).delete('/notes/constructor').reply(204);
  await ctrl.fetch(NoteResource.delete, { id: 'constructor' });
  expectPlain();
  expect(notes.selectById(store.getState(), 'constructor')).toBeUndefined();
  expect(Object.hasOwn(slice().entities.Note ?? {}, 'constructor')).toBe(false);

  ctrl.set(Note, { id: 'toString', slug: 'toString', text: 'pushed over a socket' });
  expectPlain();
  expect(notes.selectById(store.getState(), 'toString')?.text).toBe('pushed over a socket');

  ctrl.setError(NoteResource.get, { id: '__proto__' }, new Error('gone'));
  ctrl.expireAll({ testKey: () => true });
  ctrl.invalidate(NoteResource.get, { id: 'hasOwnProperty' });
  expectPlain();

  ctrl.gc();
  expectPlain();
  ctrl.resetEntireStore();
  expectPlain();
  expect(Object.keys(slice().entities)).toEqual([]);
});

test('a state rehydrated from JSON with __proto__ ids takes writes as own properties', async () => {
  const source = setup();
  nock(API)
    .get('/notes')
    .reply(200, [{ id: '__proto__', slug: '__proto__', text: 'stored' }]);
  await source.ctrl.fetch(NoteResource.getList);
  const saved = JSON.stringify(source.slice());

  const { store, ctrl, slice, notes, expectPlain } = setup();
  const restored = makeStore({ preloadedState: { entities: JSON.parse(saved) }, rehydrate });
  expect(notes.selectById(restored.store.getState(), '__proto__')?.text).toBe('stored');
  ctrl.set(Note, { id: '__proto__', slug: '__proto__', text: 'written' });
  expect(Object.getPrototypeOf(slice().entities.Note)).toBe(Object.prototype);
  expect(notes.selectById(store.getState(), '__proto__')?.text).toBe('written');
  restored.ctrl.set(Note, { id: 'other', slug: 'other', text: 'next to it' });
  expect(notes.selectAll(restored.store.getState()).map((note) => note.text)).toEqual(['stored', 'next to it']);
  expect(Object.getPrototypeOf(restored.slice().entities.Note)).toBe(Object.prototype);
  expectPlain();
});
