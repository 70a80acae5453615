/**
 * What RTK Query holds is frozen (Immer's auto-freeze), and the entities slice shares it: an answer
 * RTK Query is about to store as it is gets frozen before its reducer runs (which then has no
 * freezing walk left to do), never one RTK Query will not store, and only as Immer would freeze it
 * (class instances and typed arrays left alone, Maps locked); RTK Query's frozen items are the
 * slice's records themselves, one object for both caches.
 */
import { setAutoFreeze } from 'immer';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type QueryCacheKey } from '@reduxjs/toolkit/query';
import nock from 'nock';
import { Entity } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { closeTodoStores, makeTodosStore, todoRows, todoSchemas, todosApi } from '../fixtures/todosApi';
import { recordOf } from '../../src/storage/table.js';

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
  expect(recordOf(slice().entities.Todo, '1')).toBe(list?.[0]);
  expect(recordOf(slice().entities.Todo, '2')).toBe(list?.[1]);
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
    expect(recordOf(slice().entities.Todo, '1')).toEqual(list[0]);
    expect(recordOf(slice().entities.Todo, '1')).not.toBe(list[0]);
  } finally {
    setAutoFreeze(true);
  }
});

describe('only what Immer would freeze', () => {
  class Item extends Entity {
    id = 0;
    title = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'FrozenItem';
  }

  /** A class instance an app builds in transformResponse: it caches its formatted value on itself. */
  class Money {
    cached: string | undefined = undefined;
    constructor(readonly cents: number) {}
    format(): string {
      return (this.cached ??= `$${(this.cents / 100).toFixed(2)}`);
    }
  }

  interface Page {
    items: Array<{ id: number; title: string }>;
    total: Money;
  }

  const makeApi = () =>
    createApi({
      reducerPath: 'framesApi',
      baseQuery: fetchBaseQuery({ baseUrl: API }),
      endpoints: (build) => ({
        getPage: build.query<Page, void>({
          query: () => '/page',
          transformResponse: (raw: { items: Page['items']; cents: number }) => ({
            items: raw.items,
            total: new Money(raw.cents),
          }),
        }),
        getFile: build.query<{ id: number; title: string; bytes: Uint8Array }, void>({
          queryFn: () => ({ error: { status: 500, data: 'down' } }),
        }),
        getIndex: build.query<{ id: number; title: string; byName: Map<string, { n: number }> }, void>({
          queryFn: () => ({ data: { id: 8, title: 'index', byName: new Map([['a', { n: 1 }]]) } }),
        }),
        getBlob: build.query<{ id: number; title: string; bytes: Uint8Array }, void>({
          queryFn: () => ({ data: { id: 7, title: 'blob', bytes: new Uint8Array([1, 2, 3]) } }),
        }),
      }),
    });

  function storeWith(normalized: boolean) {
    const api = makeApi();
    const entitiesApi = normalizeApi(api, { getPage: { items: [Item] }, getBlob: Item, getFile: Item, getIndex: Item });
    if (!normalized) {
      const store = configureStore({
        reducer: { [api.reducerPath]: api.reducer },
        middleware: (getDefault) =>
          getDefault({ serializableCheck: false, immutableCheck: false }).concat(api.middleware),
      });
      return { api, store };
    }
    const { store } = makeStore({
      devChecks: false,
      reducer: { [api.reducerPath]: api.reducer },
      before: [api.middleware],
      after: [entitiesApi.middleware],
    });
    return { api, store };
  }

  test('a write-back leaves alone a class instance the entry holds', async () => {
    const api = makeApi();
    const entitiesApi = normalizeApi(api, { getPage: { items: [Item] } });
    const { store, ctrl } = makeStore({
      devChecks: false,
      reducer: { [api.reducerPath]: api.reducer },
      before: [api.middleware],
      after: [entitiesApi.middleware],
    });
    nock(API)
      .get('/page')
      .reply(200, { items: [{ id: 1, title: 'a' }], cents: 100 })
      .get('/page')
      .reply(200, { items: [{ id: 1, title: 'a' }], cents: 200 });
    const sub = store.dispatch(api.endpoints.getPage.initiate());
    await sub;
    // a refetch: RTK Query's entry has data, so normalizeApi does not freeze the answer; Immer leaves Money alone
    await sub.refetch();
    const select = api.endpoints.getPage.select();
    const total = select(store.getState() as never).data?.total as Money;
    expect(total.cents).toBe(200);
    expect(Object.isFrozen(total)).toBe(false);
    // a write to the item: the entry is written back, and its (unchanged) Money is shared into the new data
    ctrl.set(Item, { id: 1 }, { id: 1, title: 'renamed' });
    const after = select(store.getState() as never).data;
    expect(after?.items[0]?.title).toBe('renamed');
    expect(after?.total).toBe(total);
    expect(Object.isFrozen(total)).toBe(false);
    expect(total.format()).toBe('$2.00');
    sub.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  test('a write-back of an entry holding a typed array does not throw out of an unrelated write', async () => {
    const api = makeApi();
    const entitiesApi = normalizeApi(api, { getFile: Item });
    const { store, ctrl } = makeStore({
      devChecks: false,
      reducer: { [api.reducerPath]: api.reducer },
      before: [api.middleware],
      after: [entitiesApi.middleware],
    });
    const sub = store.dispatch(api.endpoints.getFile.initiate());
    await sub;
    // the app fills the entry itself (RTK Query stores it; Immer does not freeze the typed array)
    await store.dispatch(
      api.util.upsertQueryData('getFile', undefined, { id: 7, title: 'file', bytes: new Uint8Array([1, 2, 3]) }),
    );
    expect(api.endpoints.getFile.select()(store.getState() as never).data?.title).toBe('file');
    // an unrelated write to the item (a websocket message): the entry is written back. An error thrown
    // after the slice changed is reported (reportError; in Node, an uncaught error on the next turn)
    const reported: unknown[] = [];
    const global = globalThis as { reportError?: (error: unknown) => void };
    global.reportError = (error) => reported.push(error);
    try {
      ctrl.set(Item, { id: 7 }, { id: 7, title: 'renamed' });
    } finally {
      delete global.reportError;
    }
    expect(reported.map(String)).toEqual([]);
    expect(api.endpoints.getFile.select()(store.getState() as never).data?.title).toBe('renamed');
    sub.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  describe.each([false, true])('normalizeApi in the store: %s', (normalized) => {
    test('a class instance transformResponse returns is not frozen (Immer leaves non-draftable values alone)', async () => {
      const { api, store } = storeWith(normalized);
      nock(API)
        .get('/page')
        .reply(200, { items: [{ id: 1, title: 'a' }], cents: 1234 });
      const page = await store.dispatch(api.endpoints.getPage.initiate()).unwrap();
      // plain parts are frozen either way (Immer's auto-freeze)
      expect(Object.isFrozen(page.items)).toBe(true);
      // the app's own class instance keeps working as without normalizeApi
      expect(Object.isFrozen(page.total)).toBe(false);
      expect(page.total.format()).toBe('$12.34');
      store.dispatch(api.util.resetApiState());
    });

    test('a Map in a response is frozen as Immer freezes it (its set() throws, its values are frozen)', async () => {
      const { api, store } = storeWith(normalized);
      const { byName } = await store.dispatch(api.endpoints.getIndex.initiate()).unwrap();
      expect(Object.isFrozen(byName.get('a'))).toBe(true);
      expect(() => byName.set('b', { n: 2 })).toThrow();
      store.dispatch(api.util.resetApiState());
    });

    test('a response holding a typed array is stored (Object.freeze throws on a non-empty typed array)', async () => {
      const { api, store } = storeWith(normalized);
      const result = await store.dispatch(api.endpoints.getBlob.initiate());
      expect(result.error).toBeUndefined();
      expect(result.data?.bytes).toEqual(new Uint8Array([1, 2, 3]));
      expect(api.endpoints.getBlob.select()(store.getState() as never).status).toBe('fulfilled');
      store.dispatch(api.util.resetApiState());
    });
  });
});
