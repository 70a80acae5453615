/**
 * What RTK Query holds is frozen (Immer's auto-freeze), and the entities slice shares it: an answer
 * RTK Query is about to store as it is gets frozen before its reducer runs (which then has no
 * freezing walk left to do), never one RTK Query will not store; RTK Query's frozen items are the
 * slice's records themselves, one object for both caches.
 */
import { setAutoFreeze } from 'immer';
import type { QueryCacheKey } from '@reduxjs/toolkit/query';
import nock from 'nock';
import { normalizeApi } from '../../src/rtk-query/index';
import { API, assertNetworkDone, strictNetwork } from '../fixtures/store';
import { closeTodoStores, makeTodosStore, todoRows, todoSchemas, todosApi } from '../fixtures/todosApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeTodoStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(todosApi, todoSchemas);

test('an item RTK Query holds is the very record the entities slice stores', async () => {
  const { store, slice } = makeTodosStore(entitiesApi);
  nock(API).get('/todos').reply(200, todoRows('a', 'b'));
  await store.dispatch(todosApi.endpoints.getTodos.initiate());
  const list = todosApi.endpoints.getTodos.select()(store.getState()).data;
  expect(Object.isFrozen(list?.[0])).toBe(true);
  expect(slice().entities.Todo?.['1']).toBe(list?.[0]);
  expect(slice().entities.Todo?.['2']).toBe(list?.[1]);
});

test('a first answer is stored frozen; an answer RTK Query drops (its entry removed meanwhile) is left unfrozen', async () => {
  const { store, actions } = makeTodosStore(entitiesApi, { logActions: true });
  nock(API).get('/todos/1').reply(200, { id: 1, title: 'kept', done: false });
  const kept = await store.dispatch(todosApi.endpoints.getTodo.initiate(1)).unwrap();
  expect(Object.isFrozen(kept)).toBe(true);

  nock(API).get('/todos/2').delay(20).reply(200, { id: 2, title: 'dropped', done: false });
  const request = store.dispatch(todosApi.endpoints.getTodo.initiate(2));
  // RTK Query brands its cache keys (a string at run time)
  store.dispatch(todosApi.internalActions.removeQueryResult({ queryCacheKey: 'getTodo(2)' as QueryCacheKey }));
  await request;
  // the answer reaches the app in the fulfilled action (onQueryStarted's queryFulfilled), not in RTK Query's cache
  const answered = actions.find(
    (action) => todosApi.endpoints.getTodo.matchFulfilled(action) && action.meta.arg.originalArgs === 2,
  );
  const dropped = (answered as { payload?: { title?: string } } | undefined)?.payload;
  expect(dropped?.title).toBe('dropped');
  expect(Object.isFrozen(dropped)).toBe(false);
  expect(todosApi.endpoints.getTodo.select(2)(store.getState()).data).toBeUndefined();
});

test('a tracked mutation’s answer is stored frozen; an untracked one (track: false) is left unfrozen', async () => {
  const { store } = makeTodosStore(entitiesApi);
  nock(API).patch('/todos/1').reply(200, { id: 1, title: 'A', done: false });
  nock(API).patch('/todos/1').reply(200, { id: 1, title: 'B', done: false });
  const tracked = await store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A' })).unwrap();
  expect(Object.isFrozen(tracked)).toBe(true);
  const untracked = await store
    .dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'B' }, { track: false }))
    .unwrap();
  expect(Object.isFrozen(untracked)).toBe(false);
});

test('with auto-freeze turned off, no answer is frozen and the slice keeps its own copies', async () => {
  setAutoFreeze(false);
  try {
    const { store, slice } = makeTodosStore(entitiesApi);
    nock(API).get('/todos').reply(200, todoRows('a'));
    const list = await store.dispatch(todosApi.endpoints.getTodos.initiate()).unwrap();
    expect(Object.isFrozen(list)).toBe(false);
    expect(Object.isFrozen(list[0])).toBe(false);
    expect(slice().entities.Todo?.['1']).toEqual(list[0]);
    expect(slice().entities.Todo?.['1']).not.toBe(list[0]);
  } finally {
    setAutoFreeze(true);
  }
});
