/**
 * redux-persist's "nested persist" (persistReducer around the entities slice reducer only,
 * as redux-persist's README shows for persisting one slice). persistReducer hands the slice reducer
 * `{ ...state without _persist }` on every action: a new object each time.
 */
import { combineReducers, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
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
import { API, assertNetworkDone, held, strictNetwork } from '../fixtures/store';
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

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: async (key: string) => items.get(key) ?? null,
    setItem: async (key: string, value: string) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  };
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
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        logActions,
        createDataMiddleware(),
      ),
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
