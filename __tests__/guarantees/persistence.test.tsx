/** @jest-environment @stryker-mutator/jest-runner/jest-env/jsdom */
/**
 * Persistence with the real redux-persist, on localStorage and on IndexedDB (idb-keyval over
 * fake-indexeddb): a store saved while a request or an optimistic update was in flight reloads
 * without them (they belonged to the process that saved it); a store saved at rest reloads its
 * data, instances, deletions and freshness; a saved value that is not our slice leaves an empty,
 * working store and says why. The Persistence guide's recipe (docs/guide/persistence.md) is this setup.
 */
import 'fake-indexeddb/auto';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, screen } from '@testing-library/react';
import { createStore as createIdbStore, del, get, set } from 'idb-keyval';
import nock from 'nock';
import { Suspense } from 'react';
import { persistReducer, persistStore, type Persistor, type Storage } from 'redux-persist';
import { persistChecks } from '../fixtures/persist';
import { PersistGate } from 'redux-persist/integration/react';
import storage from 'redux-persist/lib/storage';
import { Entity, createEntities, createResource } from '../../src/index';
import type { EntitiesState } from '../../src/index';
import { useSuspense } from '../../src/react/index';
import { rehydrate } from '../../src/rehydrate/index';
import { API, assertNetworkDone, held, strictNetwork } from '../fixtures/store';
import { renderWithStore } from '../react/harness';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);
afterEach(() => localStorage.clear());

class Note extends Entity {
  id = '';
  text = '';
  pk() {
    return this.id;
  }
  static override key = 'Note';
}

const NoteResource = createResource({
  urlPrefix: API,
  path: '/notes/:id',
  schema: Note,
  optimistic: true,
  dataExpiryLength: 60_000,
});
const notes = [
  { id: '1', text: 'one' },
  { id: '2', text: 'two' },
];

let databases = 0;

/** IndexedDB through idb-keyval, as redux-persist's storage (a new database each time). */
function indexedDbStorage(): Storage {
  const database = createIdbStore(`app-${++databases}`, 'persist');
  return {
    getItem: (key: string) => get(key, database),
    setItem: (key: string, value: unknown) => set(key, value, database),
    removeItem: (key: string) => del(key, database),
  };
}

/** A store that saves its entities slice to `saved` and reloads from it, as the README's recipe builds it. */
function persistedStore(saved: Storage, clock = { now: 10_000 }) {
  const { entitiesSlice, createDataMiddleware, createController } = createEntities();
  const reducer = persistReducer(
    { key: 'root', storage: saved, whitelist: [entitiesSlice.reducerPath] },
    combineReducers({ [entitiesSlice.reducerPath]: entitiesSlice.reducer }),
  );
  const store = configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault(persistChecks).concat(createDataMiddleware({ now: () => clock.now, rehydrate })),
  });
  let rehydrated!: () => void;
  const ready = new Promise<void>((resolve) => (rehydrated = resolve));
  const persistor: Persistor = persistStore(store, null, () => rehydrated());
  return { store, persistor, ready, ctrl: createController(store), clock };
}

const texts = (ctrl: ReturnType<typeof persistedStore>['ctrl']) =>
  ctrl.getResponse(NoteResource.getList).data?.map((note) => `${note.id}:${note.text}`);

describe.each([
  ['localStorage', () => storage],
  ['IndexedDB (idb-keyval)', indexedDbStorage],
])('redux-persist on %s', (name, makeStorage) => {
  test('saved while a request was in flight: the reloaded store has no request in flight, and its own fetch of the key settles', async () => {
    const saved = makeStorage();
    const first = persistedStore(saved);
    await first.ready;
    nock(API).get('/notes').reply(200, notes);
    await first.ctrl.fetch(NoteResource.getList);
    first.ctrl.expireAll({ testKey: () => true });
    const server = held('get', '/notes', 200, notes);
    const inFlight = first.ctrl.fetch(NoteResource.getList);
    expect(first.ctrl.getResponse(NoteResource.getList).isFetching).toBe(true);
    await first.persistor.flush();

    const second = persistedStore(saved);
    await second.ready;
    const reloaded = second.ctrl.getResponse(NoteResource.getList);
    expect(reloaded).toMatchObject({ isFetching: false, isSuccess: true });
    expect(texts(second.ctrl)).toEqual(['1:one', '2:two']);
    expect(reloaded.data?.[0]).toBeInstanceOf(Note);

    nock(API)
      .get('/notes')
      .reply(200, [{ id: '1', text: 'one, newer' }]);
    await second.ctrl.fetch(NoteResource.getList);
    expect(second.ctrl.getResponse(NoteResource.getList)).toMatchObject({ isFetching: false, status: 'fulfilled' });
    expect(texts(second.ctrl)).toEqual(['1:one, newer']);

    server.release();
    await inFlight;
  });

  test('saved during an optimistic update: the reloaded store shows the committed value, and newer server data over it', async () => {
    const saved = makeStorage();
    const first = persistedStore(saved);
    await first.ready;
    nock(API).get('/notes').reply(200, notes);
    await first.ctrl.fetch(NoteResource.getList);
    const server = held('patch', '/notes/1', 200, { id: '1', text: 'ONE (server)' });
    const update = first.ctrl.fetch(NoteResource.partialUpdate, { id: '1' }, { text: 'ONE (optimistic)' });
    expect(texts(first.ctrl)).toEqual(['1:ONE (optimistic)', '2:two']);
    await first.persistor.flush();

    const second = persistedStore(saved);
    await second.ready;
    expect(texts(second.ctrl)).toEqual(['1:one', '2:two']);
    expect(second.store.getState().entities.optimistic).toEqual([]);
    second.clock.now += 120_000;
    nock(API)
      .get('/notes')
      .reply(200, [
        { id: '1', text: 'one (newer)' },
        { id: '2', text: 'two' },
      ]);
    await second.ctrl.fetchIfStale(NoteResource.getList);
    expect(texts(second.ctrl)).toEqual(['1:one (newer)', '2:two']);

    server.release();
    await update;
  });

  test('saved at rest: data, instances, deletions and freshness come back; stale data shows at once and revalidates', async () => {
    const saved = makeStorage();
    const first = persistedStore(saved);
    await first.ready;
    nock(API).get('/notes').reply(200, notes).delete('/notes/2').reply(204);
    await first.ctrl.fetch(NoteResource.getList);
    await first.ctrl.fetch(NoteResource.delete, { id: '2' });
    await first.persistor.flush();

    const fresh = persistedStore(saved);
    await fresh.ready;
    expect(texts(fresh.ctrl)).toEqual(['1:one']);
    expect(fresh.ctrl.get(Note, '1')).toBeInstanceOf(Note);
    expect(fresh.ctrl.get(Note, '2')).toBeUndefined();
    await fresh.ctrl.fetchIfStale(NoteResource.getList); // fresh: no request (strictNetwork fails on one)

    const later = persistedStore(saved, { now: 10_000 + 120_000 });
    await later.ready;
    expect(later.ctrl.getResponse(NoteResource.getList)).toMatchObject({ isSuccess: true, isFetching: false });
    expect(texts(later.ctrl)).toEqual(['1:one']);
    nock(API)
      .get('/notes')
      .reply(200, [{ id: '1', text: 'one (revalidated)' }]);
    await later.ctrl.fetchIfStale(NoteResource.getList);
    expect(texts(later.ctrl)).toEqual(['1:one (revalidated)']);
  });

  test('a stamp that is not finite (null in the saved JSON, as Infinity) drops only its part: the rest comes back', async () => {
    const saved = makeStorage();
    const first = persistedStore(saved);
    await first.ready;
    // (a note of its own per storage: the development warning is given once per message)
    const id = name === 'localStorage' ? '1' : '2';
    nock(API)
      .get('/notes')
      .reply(200, notes)
      .get(`/notes/${id}`)
      .reply(200, notes[Number(id) - 1]);
    await first.ctrl.fetch(NoteResource.getList);
    await first.ctrl.fetch(NoteResource.get, { id });
    await first.persistor.flush();
    // as a version that let Infinity into the state saved it: JSON wrote null
    const root = JSON.parse((await saved.getItem('persist:root')) as string) as { entities: string };
    const slice = JSON.parse(root.entities) as EntitiesState;
    const detail = NoteResource.get.key({ id });
    const spoiled = { ...slice, meta: { ...slice.meta, [detail]: { ...slice.meta[detail], fetchedAt: null } } };
    await saved.setItem('persist:root', JSON.stringify({ ...root, entities: JSON.stringify(spoiled) }));

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const reloaded = persistedStore(saved);
    await reloaded.ready;
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining(`the call ${detail} (fetchedAt is null, not a finite number)`),
    ]);
    warn.mockRestore();
    expect(texts(reloaded.ctrl)).toEqual(['1:one', '2:two']);
    expect(reloaded.ctrl.getResponse(NoteResource.get, { id }).status).toBe('uninitialized');
    await reloaded.ctrl.fetchIfStale(NoteResource.getList); // the list is fresh: no request
  });

  test('an endpoint whose data never expires (dataExpiryLength: Infinity) saves and reloads fresh', async () => {
    const forever = NoteResource.getList.extend({ dataExpiryLength: Infinity });
    const saved = makeStorage();
    const first = persistedStore(saved);
    await first.ready;
    nock(API).get('/notes').reply(200, notes);
    await first.ctrl.fetch(forever);
    await first.persistor.flush();

    const yearLater = persistedStore(saved, { now: 10_000 + 365 * 24 * 3_600_000 });
    await yearLater.ready;
    await yearLater.ctrl.fetchIfStale(forever); // fresh: no request
    expect(yearLater.ctrl.getResponse(forever)).toMatchObject({ isSuccess: true, expiresAt: Number.MAX_SAFE_INTEGER });
  });
});

test('behind PersistGate, a reload saved mid-request mounts useSuspense with one request, not two', async () => {
  const first = persistedStore(storage);
  await first.ready;
  nock(API).get('/notes').reply(200, notes);
  await first.ctrl.fetch(NoteResource.getList);
  first.ctrl.invalidate(NoteResource.getList);
  const server = held('get', '/notes', 200, notes);
  const inFlight = first.ctrl.fetch(NoteResource.getList);
  await first.persistor.flush();

  const second = persistedStore(storage);
  function Notes() {
    const list = useSuspense(NoteResource.getList);
    return <p>{list.map((note) => note.text).join(', ')}</p>;
  }
  const scope = nock(API)
    .get('/notes')
    .reply(200, [{ id: '3', text: 'three' }]);
  renderWithStore(
    second.store,
    <PersistGate loading={<p>Reloading</p>} persistor={second.persistor}>
      <Suspense fallback={<p>Loading</p>}>
        <Notes />
      </Suspense>
    </PersistGate>,
  );
  expect(await screen.findByText('three')).toBeTruthy();
  expect(scope.isDone()).toBe(true);
  expect(second.ctrl.getResponse(NoteResource.getList)).toMatchObject({ isFetching: false, status: 'fulfilled' });

  server.release();
  await act(() => inFlight);
});

describe('a saved value that is not our slice', () => {
  test.each([
    ['a string', 'nonsense'],
    ['another shape', { items: [1, 2, 3] }],
    ['an older version’s shape', { entities: {}, results: {}, meta: {} }],
  ])('%s: the error names the slice, and the store starts empty and works', async (_name, value) => {
    localStorage.setItem(
      'persist:root',
      JSON.stringify({ entities: JSON.stringify(value), _persist: JSON.stringify({ version: -1, rehydrated: true }) }),
    );
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const reloaded = persistedStore(storage);
    await reloaded.ready;
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/the state given to the 'entities' slice .* is not one/);
    errors.mockRestore();
    expect(reloaded.store.getState().entities).toEqual(
      expect.objectContaining({ entities: {}, endpoints: {}, meta: {}, optimistic: [] }),
    );
    nock(API).get('/notes').reply(200, notes);
    await reloaded.ctrl.fetch(NoteResource.getList);
    expect(texts(reloaded.ctrl)).toEqual(['1:one', '2:two']);
  });
});
