/**
 * redux-persist's REHYDRATE landing while the new store already has a request (or an
 * optimistic update) in flight, with the README's recipe (persistReducer at the root, whitelist).
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import nock from 'nock';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type Storage,
} from 'redux-persist';
import { Entity, createEntities, createResource } from '../../src/index';
import { API, assertNetworkDone, deferred, held, strictNetwork } from '../fixtures/store';

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

/** Storage whose first read waits for `open()`: the app fetches before rehydration, as one without PersistGate. */
function slowStorage(items: Map<string, string>) {
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

function persisted(storage: Storage) {
  const { entitiesSlice, createDataMiddleware, createController } = createEntities();
  const store = configureStore({
    reducer: persistReducer(
      { key: 'root', storage, whitelist: [entitiesSlice.reducerPath], timeout: 0 },
      combineReducers({ [entitiesSlice.reducerPath]: entitiesSlice.reducer }),
    ),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        createDataMiddleware(),
      ),
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
