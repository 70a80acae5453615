/**
 * redux-persist's seams beside guarantees/persistence: its "nested persist" (persistReducer around
 * the entities slice reducer only, as redux-persist's README shows for persisting one slice), which
 * hands the slice reducer `{ ...state without _persist }` on every action, a new object each time;
 * and its REHYDRATE landing while the new store already has a request in flight, with the README's
 * recipe (persistReducer at the root, whitelist).
 */
import { combineReducers, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE, persistReducer, persistStore, type Storage } from 'redux-persist';
import { persistChecks } from '../fixtures/persist';
import { Entity, createEntities, createResource } from '../../src/index';
import { rehydrate } from '../../src/rehydrate/index';
import { API, assertNetworkDone, deferred, held, strictNetwork } from '../fixtures/store';
import nock from 'nock';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Note extends Entity {
  id = '';
  text = '';
  pk() {
    return this.id;
  }
  static override key = 'Note';
}
const NoteResource = createResource({ urlPrefix: API, path: '/notes/:id', schema: Note, optimistic: true });

/** Storage in memory whose first read waits for `open()` (the one `memoryStorage` gives is open). */
function slowStorage(items = new Map<string, string>()) {
  const gate = deferred();
  const storage: Storage = {
    getItem: async (key: string) => {
      await gate.promise;
      return items.get(key) ?? null;
    },
    setItem: async (key: string, value: string) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  };
  return { storage, open: gate.resolve };
}

function memoryStorage(): Storage {
  const { storage, open } = slowStorage();
  open();
  return storage;
}

async function nestedPersistStore() {
  const { entitiesSlice, createDataMiddleware, createController } = createEntities();
  const actions: UnknownAction[] = [];
  const reducer = combineReducers({
    entities: persistReducer({ key: 'entities', storage: memoryStorage(), timeout: 0 }, entitiesSlice.reducer),
    other: (state: number = 0, action: UnknownAction) => (action.type === 'tick' ? state + 1 : state),
  });
  const logActions: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer,
    middleware: (getDefault) => getDefault(persistChecks).concat(logActions, createDataMiddleware({ rehydrate })),
  });
  await new Promise<void>((resolve) => persistStore(store, null, resolve));
  return { store, ctrl: createController(store), actions };
}

test('a request in flight stays in flight when an unrelated action is dispatched', async () => {
  const { store, ctrl } = await nestedPersistStore();
  const server = held('get', '/notes', 200, [{ id: '1', text: 'one' }]);
  const request = ctrl.fetch(NoteResource.getList);
  expect(ctrl.getResponse(NoteResource.getList).isFetching).toBe(true);
  store.dispatch({ type: 'tick' });
  expect(ctrl.getResponse(NoteResource.getList).isFetching).toBe(true);
  server.release();
  await request;
});

test('an optimistic update stays shown when an unrelated action is dispatched', async () => {
  const { store, ctrl } = await nestedPersistStore();
  nock(API)
    .get('/notes')
    .reply(200, [{ id: '1', text: 'one' }]);
  await ctrl.fetch(NoteResource.getList);
  const server = held('patch', '/notes/1', 200, { id: '1', text: 'ONE' });
  const update = ctrl.fetch(NoteResource.partialUpdate, { id: '1' }, { text: 'ONE (optimistic)' });
  expect(ctrl.get(Note, '1')?.text).toBe('ONE (optimistic)');
  store.dispatch({ type: 'tick' });
  expect(ctrl.get(Note, '1')?.text).toBe('ONE (optimistic)');
  server.release();
  await update;
});

test('no extra adopt action after every action', async () => {
  const { store, actions } = await nestedPersistStore();
  actions.length = 0;
  store.dispatch({ type: 'tick' });
  store.dispatch({ type: 'tick' });
  expect(actions.map((action) => action.type)).toEqual(['tick', 'tick']);
});

describe("REHYDRATE during this store's own request (the README's recipe, no PersistGate)", () => {
  function persisted(storage: Storage) {
    const { entitiesSlice, createDataMiddleware, createController } = createEntities();
    const store = configureStore({
      reducer: persistReducer(
        { key: 'root', storage, whitelist: [entitiesSlice.reducerPath], timeout: 0 },
        combineReducers({ [entitiesSlice.reducerPath]: entitiesSlice.reducer }),
      ),
      middleware: (getDefault) => getDefault(persistChecks).concat(createDataMiddleware({ rehydrate })),
    });
    let done!: () => void;
    const ready = new Promise<void>((resolve) => (done = resolve));
    const persistor = persistStore(store, null, () => done());
    return { store, ctrl: createController(store), ready, persistor };
  }

  test('a request of this store in flight when REHYDRATE lands still shows as fetching, and its result is kept', async () => {
    const items = new Map<string, string>();
    // a saved state at rest with older data
    const saver = slowStorage(items);
    const first = persisted(saver.storage);
    saver.open();
    await first.ready;
    nock(API)
      .get('/notes')
      .reply(200, [{ id: '1', text: 'old' }]);
    await first.ctrl.fetch(NoteResource.getList);
    await first.persistor.flush();

    const { storage, open } = slowStorage(items);
    const second = persisted(storage);
    const server = held('get', '/notes', 200, [{ id: '1', text: 'new' }]);
    const request = second.ctrl.fetch(NoteResource.getList);
    await server.arrived;
    open();
    await second.ready;
    expect(second.ctrl.getResponse(NoteResource.getList).isFetching).toBe(true);
    server.release();
    await request;
    expect(second.ctrl.getResponse(NoteResource.getList).data?.map((note) => note.text)).toEqual(['new']);
  });

  /** A saved state at rest holding note 1 as `text` (and the detail call of it, not the list). */
  async function savedNote(items: Map<string, string>, text: string) {
    const saver = slowStorage(items);
    const first = persisted(saver.storage);
    saver.open();
    await first.ready;
    nock(API).get('/notes/1').reply(200, { id: '1', text });
    await first.ctrl.fetch(NoteResource.get, { id: '1' });
    await first.persistor.flush();
  }

  test('a saved state that lacks the key of this store’s request in flight: the request still shows as fetching', async () => {
    const items = new Map<string, string>();
    await savedNote(items, 'saved');
    const { storage, open } = slowStorage(items);
    const second = persisted(storage);
    const server = held('get', '/notes', 200, [{ id: '1', text: 'new' }]);
    const request = second.ctrl.fetch(NoteResource.getList);
    await server.arrived;
    open();
    await second.ready;
    expect(second.ctrl.get(Note, '1')?.text).toBe('saved');
    expect(second.ctrl.getResponse(NoteResource.getList)).toMatchObject({ isFetching: true, status: 'pending' });
    server.release();
    await request;
    expect(second.ctrl.getResponse(NoteResource.getList).data?.map((note) => note.text)).toEqual(['new']);
  });

  test('REHYDRATE during this store’s optimistic update: the update stays shown over the saved data, then the server’s answer', async () => {
    const items = new Map<string, string>();
    await savedNote(items, 'saved');
    const { storage, open } = slowStorage(items);
    const second = persisted(storage);
    const server = held('patch', '/notes/1', 200, { id: '1', text: 'ONE (server)' });
    const update = second.ctrl.fetch(NoteResource.partialUpdate, { id: '1' }, { text: 'ONE (optimistic)' });
    await server.arrived;
    expect(second.ctrl.get(Note, '1')?.text).toBe('ONE (optimistic)');
    open();
    await second.ready;
    expect(second.ctrl.get(Note, '1')?.text).toBe('ONE (optimistic)');
    expect(second.store.getState().entities.committed?.entities.Note?.['1']).toEqual({ id: '1', text: 'saved' });
    server.release();
    await update;
    expect(second.ctrl.get(Note, '1')?.text).toBe('ONE (server)');
    expect(second.store.getState().entities.optimistic).toEqual([]);
  });
});
