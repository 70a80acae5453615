/**
 * What a normalized cache gives an RTK Query app beyond its requests: a pushed message written with
 * `ctrl.set` from inside `onCacheEntryAdded` (DESIGN §8.5), and a detail view answered at once from
 * a record a list already fetched (DESIGN §8 item 7, redux-toolkit #3391, #4106, #4752).
 */
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import nock from 'nock';
import { createController } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { API, assertNetworkDone, deferred, held, makeStore, strictNetwork } from '../fixtures/store';
import {
  Todo,
  closeTodoStores,
  makeTodosStore,
  todoRows,
  todoSchemas,
  todosApi,
  type TodoRow,
} from '../fixtures/todosApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeTodoStores();
  assertNetworkDone();
});

test('ctrl.set inside onCacheEntryAdded writes a pushed todo into every view of it, RTK Query’s included', async () => {
  const message = deferred<TodoRow>();
  const liveApi = createApi({
    reducerPath: 'pushApi',
    baseQuery: fetchBaseQuery({ baseUrl: API }),
    endpoints: (build) => ({
      getTodos: build.query<TodoRow[], void>({
        query: () => '/todos',
        async onCacheEntryAdded(_arg, { dispatch, getState, cacheDataLoaded }) {
          await cacheDataLoaded;
          // a websocket's message: the entity it names, wherever it is shown
          createController({ dispatch, getState }).set(Todo, await message.promise);
        },
      }),
      getTodo: build.query<TodoRow, number>({ query: (id) => `/todos/${id}` }),
    }),
  });
  const live = normalizeApi(liveApi, { getTodos: [Todo], getTodo: Todo });
  const { store } = makeStore({
    reducer: { [liveApi.reducerPath]: liveApi.reducer },
    before: [liveApi.middleware],
    after: [live.middleware],
  });
  nock(API).get('/todos').reply(200, todoRows('a', 'b'));
  nock(API).get('/todos/2').reply(200, { id: 2, title: 'b', done: false });
  const list = store.dispatch(liveApi.endpoints.getTodos.initiate());
  await list;
  await store.dispatch(liveApi.endpoints.getTodo.initiate(2));

  message.resolve({ id: 2, title: 'b, pushed', done: true });
  await new Promise((resolve) => setTimeout(resolve, 0));

  const state = store.getState();
  expect(live.endpoints.getTodo.select(2)(state).data).toEqual(
    expect.objectContaining({ title: 'b, pushed', done: true }),
  );
  expect(live.endpoints.getTodos.select()(state).data?.[1]?.title).toBe('b, pushed');
  expect(liveApi.endpoints.getTodo.select(2)(state).data).toEqual({ id: 2, title: 'b, pushed', done: true });
  expect(liveApi.endpoints.getTodos.select()(state).data?.[1]).toEqual({ id: 2, title: 'b, pushed', done: true });
  list.unsubscribe();
  store.dispatch(liveApi.util.resetApiState());
});

describe('a detail view from what a list already fetched', () => {
  const entitiesApi = normalizeApi(todosApi, todoSchemas);

  test('shows the stored record at once while RTK Query fetches it: data set, not loading, fetching', async () => {
    const { store } = makeTodosStore(entitiesApi);
    nock(API).get('/todos').reply(200, todoRows('a', 'b'));
    await store.dispatch(todosApi.endpoints.getTodos.initiate());
    const detail = held('get', '/todos/2', 200, { id: 2, title: 'b, in full', done: true });
    const request = store.dispatch(todosApi.endpoints.getTodo.initiate(2));
    await detail.arrived;

    const loading = entitiesApi.endpoints.getTodo.select(2)(store.getState());
    expect(loading).toEqual(
      expect.objectContaining({ status: 'pending', isLoading: false, isFetching: true, isSuccess: true }),
    );
    expect(loading.data).toBeInstanceOf(Todo);
    expect(loading.data?.title).toBe('b');
    // the very instance the list shows
    expect(loading.data).toBe(entitiesApi.endpoints.getTodos.select()(store.getState()).data?.[1]);

    detail.release();
    await request;
    expect(entitiesApi.endpoints.getTodo.select(2)(store.getState())).toEqual(
      expect.objectContaining({
        status: 'fulfilled',
        isLoading: false,
        data: expect.objectContaining({ title: 'b, in full' }),
      }),
    );
  });

  test('a record the store does not hold loads as RTK Query does; an entry RTK Query removed shows nothing', async () => {
    const { store } = makeTodosStore(entitiesApi);
    nock(API).get('/todos').reply(200, todoRows('a'));
    await store.dispatch(todosApi.endpoints.getTodos.initiate());
    const detail = held('get', '/todos/9', 200, { id: 9, title: 'i', done: false });
    const request = store.dispatch(todosApi.endpoints.getTodo.initiate(9));
    await detail.arrived;
    expect(entitiesApi.endpoints.getTodo.select(9)(store.getState())).toEqual(
      expect.objectContaining({ status: 'pending', isLoading: true, data: undefined }),
    );
    detail.release();
    await request;

    // not started (or removed by RTK Query): no data, though the store holds todo 1
    expect(entitiesApi.endpoints.getTodo.select(1)(store.getState())).toEqual(
      expect.objectContaining({ status: 'uninitialized', data: undefined }),
    );
  });
});
