/**
 * Setting normalizeApi up as a team adopting it does (DESIGN §8.6): the slip of leaving out
 * `entitiesApi.middleware` is said, not swallowed, the three middlewares work in any order, and
 * endpoints injected later with `api.injectEndpoints` need `entitiesApi.inject` and nothing else.
 */
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import nock from 'nock';
import { Entity, createDataMiddleware, getEntitySelectors, schema } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { Todo, closeTodoStores, makeTodosStore, todoRows, todoSchemas, todosApi } from '../fixtures/todosApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeTodoStores();
  assertNetworkDone();
});

test('a declared endpoint fulfilled without entitiesApi.middleware is an error naming the fix, never success without data', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const entitiesApi = normalizeApi(todosApi, todoSchemas);
  // the slip: api.middleware and the data middleware, but not entitiesApi.middleware
  const { store } = makeStore({ reducer: { [todosApi.reducerPath]: todosApi.reducer }, before: [todosApi.middleware] });
  nock(API).get('/todos').reply(200, todoRows('a'));
  await store.dispatch(todosApi.endpoints.getTodos.initiate());

  const result = entitiesApi.endpoints.getTodos.select()(store.getState());
  expect(result).toEqual(
    expect.objectContaining({ status: 'rejected', isError: true, isSuccess: false, data: undefined }),
  );
  expect(result.error).toEqual({
    name: 'MissingMiddlewareError',
    message: expect.stringContaining(
      "getTodos (RTK Query 'todosApi') was fulfilled, but entitiesApi.middleware is not in the store",
    ),
  });
  expect(warn).toHaveBeenCalledWith(
    expect.stringContaining('getDefault().concat(api.middleware, createDataMiddleware(), entitiesApi.middleware)'),
  );
  warn.mockRestore();
  store.dispatch(todosApi.util.resetApiState());
});

test('a store without the entities reducer: select is an error naming the fix, never success without data; RTK Query’s own select keeps its data', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const entitiesApi = normalizeApi(todosApi, todoSchemas);
  // the slip: every middleware, but no entitiesSlice.reducer
  const { store } = makeStore({
    slice: false,
    reducer: { [todosApi.reducerPath]: todosApi.reducer },
    before: [todosApi.middleware],
    after: [entitiesApi.middleware],
  });
  nock(API).get('/todos').reply(200, todoRows('a'));
  await store.dispatch(todosApi.endpoints.getTodos.initiate());

  expect(todosApi.endpoints.getTodos.select()(store.getState())).toEqual(
    expect.objectContaining({ isSuccess: true, data: todoRows('a') }),
  );
  const result = entitiesApi.endpoints.getTodos.select()(store.getState());
  expect(result).toEqual(
    expect.objectContaining({ status: 'rejected', isError: true, isSuccess: false, data: undefined }),
  );
  const fix = "the 'entities' slice is not in the store. Add `[entitiesSlice.reducerPath]: entitiesSlice.reducer`";
  expect(result.error).toEqual({ name: 'MissingReducerError', message: expect.stringContaining(fix) });
  expect(result.error).toEqual(
    expect.objectContaining({ message: expect.stringContaining("getTodos (RTK Query 'todosApi')") }),
  );
  // what the warning says is what select shows
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('select() shows an error'));
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(fix));
  // and the slice's own report of a store whose reads find no slice names the same fix
  expect(error).toHaveBeenCalledWith(expect.stringContaining(fix));
  warn.mockRestore();
  error.mockRestore();
  store.dispatch(todosApi.util.resetApiState());
});

test('with the middleware, the same request is a success with data: the check never fires by mistake', async () => {
  const entitiesApi = normalizeApi(todosApi, todoSchemas);
  const { store } = makeTodosStore(entitiesApi);
  nock(API).get('/todos').reply(200, todoRows('a'));
  const request = store.dispatch(todosApi.endpoints.getTodos.initiate());
  // while the request is in flight too
  expect(entitiesApi.endpoints.getTodos.select()(store.getState()).isError).toBe(false);
  await request;
  expect(entitiesApi.endpoints.getTodos.select()(store.getState())).toEqual(
    expect.objectContaining({ isSuccess: true, data: [expect.any(Todo)] }),
  );
});

describe('the three middlewares, in any order', () => {
  const orders = [
    ['api', 'data', 'entities'],
    ['api', 'entities', 'data'],
    ['data', 'api', 'entities'],
    ['data', 'entities', 'api'],
    ['entities', 'api', 'data'],
    ['entities', 'data', 'api'],
  ] as const;

  test.each(orders)(
    '%s, %s, %s: a fetch reads back as instances, and a mutation reaches both caches',
    async (...order) => {
      const warn = jest.spyOn(console, 'warn');
      const entitiesApi = normalizeApi(todosApi, todoSchemas);
      const middlewares = { api: todosApi.middleware, data: createDataMiddleware(), entities: entitiesApi.middleware };
      const { store } = makeStore({
        reducer: { [todosApi.reducerPath]: todosApi.reducer },
        dataMiddleware: false,
        before: order.map((name) => middlewares[name]),
      });
      nock(API).get('/todos').reply(200, todoRows('a', 'b'));
      nock(API).patch('/todos/1').reply(200, { id: 1, title: 'A!', done: false });

      await store.dispatch(todosApi.endpoints.getTodos.initiate());
      expect(entitiesApi.endpoints.getTodos.select()(store.getState()).data).toEqual([
        expect.objectContaining({ id: 1, title: 'a' }),
        expect.objectContaining({ id: 2, title: 'b' }),
      ]);
      await store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' }));

      const [first] = entitiesApi.endpoints.getTodos.select()(store.getState()).data ?? [];
      expect(first).toBeInstanceOf(Todo);
      expect(first?.title).toBe('A!');
      // RTK Query's own entry follows the mutation, with no refetch
      expect(todosApi.endpoints.getTodos.select()(store.getState()).data?.[0]?.title).toBe('A!');
      expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
      store.dispatch(todosApi.util.resetApiState());
    },
  );
});

describe('a Collection over a plain argument', () => {
  const makeUserTodosApi = () =>
    createApi({
      reducerPath: 'userTodosApi',
      baseQuery: fetchBaseQuery({ baseUrl: API }),
      endpoints: (build) => ({
        getUserTodos: build.query<Array<{ id: number; title: string }>, number>({
          query: (user) => `/users/${user}/todos`,
        }),
      }),
    });
  async function twoUsers<S>(lists: S) {
    const api = makeUserTodosApi();
    const entitiesApi = normalizeApi(api, { getUserTodos: lists });
    const { store } = makeStore({
      reducer: { [api.reducerPath]: api.reducer },
      before: [api.middleware],
      after: [entitiesApi.middleware],
    });
    nock(API)
      .get('/users/1/todos')
      .reply(200, [{ id: 1, title: 'one' }]);
    nock(API)
      .get('/users/2/todos')
      .reply(200, [{ id: 2, title: 'two' }]);
    await store.dispatch(api.endpoints.getUserTodos.initiate(1));
    await store.dispatch(api.endpoints.getUserTodos.initiate(2));
    return { api, entitiesApi, store };
  }

  test('without argsKey, every argument would share one list: an error naming the endpoint and the fix, and nothing shared', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { api, entitiesApi, store } = await twoUsers(new schema.Collection([Todo]));
    const one = entitiesApi.endpoints.getUserTodos.select(1)(store.getState());
    expect(one).toEqual(expect.objectContaining({ isError: true, data: undefined }));
    expect(one.error).toEqual(
      expect.objectContaining({
        message: expect.stringContaining(
          "getUserTodos (RTK Query 'userTodosApi'): its argument 1 does not tell its list apart",
        ),
      }),
    );
    expect((one.error as { message: string }).message).toContain('argsKey');
    // RTK Query's own entries keep their own answers
    expect(api.endpoints.getUserTodos.select(1)(store.getState()).data).toEqual([{ id: 1, title: 'one' }]);
    warn.mockRestore();
    store.dispatch(api.util.resetApiState());
  });

  test('with an argsKey naming the argument, each argument has its own list', async () => {
    const lists = new schema.Collection([Todo], { argsKey: (user: number) => ({ user }) });
    const { api, entitiesApi, store } = await twoUsers(lists);
    const titles = (user: number) =>
      entitiesApi.endpoints.getUserTodos
        .select(user)(store.getState())
        .data?.map((todo) => todo.title);
    expect([titles(1), titles(2)]).toEqual([['one'], ['two']]);
    expect(api.endpoints.getUserTodos.select(1)(store.getState()).data).toEqual([{ id: 1, title: 'one' }]);
    store.dispatch(api.util.resetApiState());
  });
});

describe('inject', () => {
  class User extends Entity {
    id = 0;
    name = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'InjectedUser';
  }

  const makeApi = () =>
    createApi({
      reducerPath: 'grownApi',
      baseQuery: fetchBaseQuery({ baseUrl: API }),
      endpoints: (build) => ({
        getTodos: build.query<Array<{ id: number; title: string }>, void>({ query: () => '/todos' }),
      }),
    });

  test('an endpoint injected later is normalized by the one middleware already in the store', async () => {
    const api = makeApi();
    const entitiesApi = normalizeApi(api, { getTodos: [Todo] });
    const { store } = makeStore({
      reducer: { [api.reducerPath]: api.reducer },
      before: [api.middleware],
      after: [entitiesApi.middleware],
    });
    const grown = api.injectEndpoints({
      endpoints: (build) => ({
        getUser: build.query<{ id: number; name: string }, number>({ query: (id) => `/users/${id}` }),
      }),
    });
    const typed = entitiesApi.inject({ getUser: User }, grown);
    expect(typed).toBe(entitiesApi);
    nock(API).get('/users/7').reply(200, { id: 7, name: 'Ann' });
    await store.dispatch(grown.endpoints.getUser.initiate(7));

    const user = typed.endpoints.getUser.select(7)(store.getState()).data;
    expect(user).toBeInstanceOf(User);
    expect(user?.name).toBe('Ann');
    expect(getEntitySelectors(User).selectIds(store.getState())).toEqual(['7']);
    store.dispatch(api.util.resetApiState());
  });

  test('injected after RTK Query already holds its data (a lazily loaded module): normalized at once, never success without data', async () => {
    const api = makeApi();
    const entitiesApi = normalizeApi(api, { getTodos: [Todo] });
    const { store } = makeStore({
      reducer: { [api.reducerPath]: api.reducer },
      before: [api.middleware],
      after: [entitiesApi.middleware],
    });
    const grown = api.injectEndpoints({
      endpoints: (build) => ({
        getUser: build.query<{ id: number; name: string }, number>({ query: (id) => `/users/${id}` }),
      }),
    });
    nock(API).get('/users/7').reply(200, { id: 7, name: 'Ann' });
    await store.dispatch(grown.endpoints.getUser.initiate(7));

    const typed = entitiesApi.inject({ getUser: User }, grown);
    const result = typed.endpoints.getUser.select(7)(store.getState());
    expect(result).toEqual(expect.objectContaining({ isSuccess: true, data: expect.any(User) }));
    expect(result.data?.name).toBe('Ann');
    store.dispatch(api.util.resetApiState());
  });

  test('a name the api does not have throws, naming it and what to do, and declares nothing', () => {
    const api = makeApi();
    const entitiesApi = normalizeApi(api, { getTodos: [Todo] });
    expect(() => entitiesApi.inject({ getUser: User })).toThrow(
      "normalizeApi: the RTK Query api 'grownApi' has no endpoint 'getUser', which schemas declares. Its endpoints: getTodos.",
    );
    expect(Object.keys(entitiesApi.endpoints)).toEqual(['getTodos']);
  });
});
