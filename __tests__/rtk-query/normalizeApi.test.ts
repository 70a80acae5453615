/**
 * normalizeApi (DESIGN §3, §7): an RTK Query api's declared queries are normalized into the entities
 * slice, and `endpoints[name].select(arg)` gives RTK Query's own result with the data denormalized,
 * memoized. What the setup checks, what it leaves alone, and that the state stays plain JSON.
 */
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import nock from 'nock';
import { Entity, RestEndpoint, createEntities, fetchEndpoint, getEntitySelectors, schema } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { exposeGc } from '../fixtures/pollServer';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { rehydrate } from '../../src/rehydrate/index';
import { Account, Trade, api, closeStores, makeTradesStore, tradeRows, tradeSchemas } from '../fixtures/tradesApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(api, tradeSchemas);
const gc = exposeGc();

describe('a query of a declared endpoint', () => {
  test('is normalized: select gives RTK Query’s result with instances as data, and its flags', async () => {
    const { store, slice } = makeTradesStore(entitiesApi);
    const select = entitiesApi.endpoints.getTrades.select();
    expect(select(store.getState())).toEqual(
      expect.objectContaining({
        status: 'uninitialized',
        isUninitialized: true,
        data: undefined,
        currentData: undefined,
      }),
    );

    nock(API).get('/trade').reply(200, tradeRows(1, 2));
    const request = store.dispatch(api.endpoints.getTrades.initiate());
    expect(select(store.getState())).toEqual(
      expect.objectContaining({ status: 'pending', isLoading: true, data: undefined }),
    );
    await request;

    const result = select(store.getState());
    expect(result).toEqual(
      expect.objectContaining({ status: 'fulfilled', isSuccess: true, isLoading: false, endpointName: 'getTrades' }),
    );
    expect(result.data).toEqual([
      expect.objectContaining({ id: 1, amount: '1' }),
      expect.objectContaining({ id: 2, amount: '2' }),
    ]);
    expect(result.data?.[0]).toBeInstanceOf(Trade);
    expect(result.data?.[0]?.pk()).toBe('1');
    expect(result.currentData).toBe(result.data);
    // stored under RTK Query's queryCacheKey, after the api's reducerPath; the list is a Collection
    expect(slice().endpoints).toEqual({ 'api/getTrades(undefined)': '{}' });
    expect(Object.keys(slice().entities.Trade ?? {})).toEqual(['1', '2']);
    // the tables are ours: getEntitySelectors and schema.All list what RTK Query fetched
    expect(
      getEntitySelectors(Trade)
        .selectAll(store.getState())
        .map((trade) => trade.id),
    ).toEqual([1, 2]);
  });

  test('select is memoized: the same selector for equal arguments, the same object while nothing it reads changes', async () => {
    const { store } = makeTradesStore(entitiesApi);
    nock(API).get('/trade').query({ user: 1 }).reply(200, tradeRows(1, 2));
    nock(API).get('/account/1').reply(200, { id: 1, balance: '10.00' });
    await store.dispatch(api.endpoints.getTrades.initiate({ user: 1 }));
    const select = entitiesApi.endpoints.getTrades.select({ user: 1 });
    expect(entitiesApi.endpoints.getTrades.select({ user: 1 })).toBe(select);
    const first = select(store.getState());
    expect(select(store.getState())).toBe(first);
    const computed = select.recomputations();

    // another table changes (Account): nothing this selector reads
    await store.dispatch(api.endpoints.getAccount.initiate(1));
    expect(select(store.getState())).toBe(first);
    expect(select.recomputations()).toBe(computed);
    expect(first.data?.map((trade) => trade.amount)).toEqual(['1', '2']);
  });

  test('select is memoized per store: two stores each keep their own result object', async () => {
    const one = makeTradesStore(entitiesApi);
    const two = makeTradesStore(entitiesApi);
    nock(API).get('/trade').reply(200, tradeRows(1));
    nock(API).get('/trade').reply(200, tradeRows(2));
    await one.store.dispatch(api.endpoints.getTrades.initiate());
    await two.store.dispatch(api.endpoints.getTrades.initiate());
    const select = entitiesApi.endpoints.getTrades.select();
    const first = select(one.store.getState());
    const second = select(two.store.getState());
    expect([first.data?.[0]?.id, second.data?.[0]?.id]).toEqual([1, 2]);
    expect(select(one.store.getState())).toBe(first);
    expect(select(two.store.getState())).toBe(second);
  });

  test('select keeps no earlier version of the store alive: not the state it read, nor the tables', async () => {
    const { store, ctrl, slice } = makeTradesStore(entitiesApi);
    nock(API).get('/trade').reply(200, tradeRows(1, 2));
    const query = store.dispatch(api.endpoints.getTrades.initiate());
    await query;
    // a component shows the trades once (select() keeps the selector for later renders)
    const readOnce = (): Array<WeakRef<object>> => {
      const state = store.getState();
      expect(entitiesApi.endpoints.getTrades.select()(state).data).toHaveLength(2);
      return [new WeakRef(state), new WeakRef(slice().entities.Trade as object)];
    };
    const shown = readOnce();
    // the app moves on: a trade changes, RTK Query lets go of the entry
    ctrl.set(Trade, { id: 1 }, { id: 1, user: 1, amount: '9', coin: 'btc', created_at: '2026-11-22T10:00:00Z' });
    query.unsubscribe();
    store.dispatch(api.util.resetApiState());
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    gc();
    expect(shown.map((ref) => ref.deref())).toEqual([undefined, undefined]);
  });

  test('a refetch keeps the data shown while in flight, and an unchanged answer keeps every object', async () => {
    const { store } = makeTradesStore(entitiesApi);
    nock(API).get('/trade').times(2).reply(200, tradeRows(1, 2));
    const query = store.dispatch(api.endpoints.getTrades.initiate());
    await query;
    const select = entitiesApi.endpoints.getTrades.select();
    const before = select(store.getState()).data;
    const refetch = query.refetch();
    expect(select(store.getState())).toEqual(
      expect.objectContaining({ status: 'pending', isLoading: true, data: before }),
    );
    await refetch;
    expect(select(store.getState()).data).toBe(before);
    query.unsubscribe();
  });

  test('our own endpoints and RTK Query’s share the tables: a response of either updates both', async () => {
    const { store } = makeTradesStore(entitiesApi);
    const getTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id', schema: Trade });
    nock(API).get('/trade').reply(200, tradeRows(1, 2));
    nock(API).get('/trade/1').reply(200, { id: 1, amount: '7', coin: 'eth' });
    await store.dispatch(api.endpoints.getTrades.initiate());
    await store.dispatch(fetchEndpoint(getTrade, { id: 1 }));
    expect(
      entitiesApi.endpoints.getTrades
        .select()(store.getState())
        .data?.map((trade) => `${trade.amount} ${trade.coin}`),
    ).toEqual(['7 eth', '2 btc']);
  });
});

test('what RTK Query stores after an endpoint’s merge is what is normalized: pages append', async () => {
  const pagesApi = createApi({
    reducerPath: 'pagesApi',
    baseQuery: fetchBaseQuery({ baseUrl: API }),
    endpoints: (build) => ({
      getFeed: build.query<ReturnType<typeof tradeRows>, number>({
        query: (page) => `/feed/${page}`,
        serializeQueryArgs: ({ endpointName }) => endpointName,
        merge: (cached, page) => void cached.push(...page),
        forceRefetch: ({ currentArg, previousArg }) => currentArg !== previousArg,
      }),
    }),
  });
  const normalized = normalizeApi(pagesApi, { getFeed: [Trade] });
  const { store } = makeStore({
    reducer: { [pagesApi.reducerPath]: pagesApi.reducer },
    before: [pagesApi.middleware],
    after: [normalized.middleware],
  });
  nock(API).get('/feed/1').reply(200, tradeRows(1, 2));
  nock(API).get('/feed/2').reply(200, tradeRows(3));
  await store.dispatch(pagesApi.endpoints.getFeed.initiate(1));
  await store.dispatch(pagesApi.endpoints.getFeed.initiate(2));
  // one entry for every page (serializeQueryArgs), found from either argument
  expect(
    normalized.endpoints.getFeed
      .select(2)(store.getState())
      .data?.map((trade) => trade.id),
  ).toEqual([1, 2, 3]);
  expect(
    normalized.endpoints.getFeed
      .select(1)(store.getState())
      .data?.map((trade) => trade.id),
  ).toEqual([1, 2, 3]);
  expect(Object.keys(store.getState().entities.endpoints)).toEqual(['pagesApi/getFeed']);
  store.dispatch(pagesApi.util.resetApiState());
});

test('endpoints without a schema are untouched: RTK Query keeps their data, the entities slice does not change; the normalized api gives RTK Query’s own endpoint', async () => {
  const { store } = makeTradesStore(entitiesApi);
  const before = store.getState().entities;
  nock(API).get('/stats').reply(200, { count: 3 });
  await store.dispatch(entitiesApi.endpoints.getStats.initiate());
  expect(api.endpoints.getStats.select()(store.getState()).data).toEqual({ count: 3 });
  expect(store.getState().entities).toBe(before);
  expect(entitiesApi.endpoints.getStats).toBe(api.endpoints.getStats);
});

test('the state stays plain JSON under RTK’s default checks, and reads the same after a JSON round trip', async () => {
  // makeTradesStore keeps configureStore's serializable and immutability checks: any finding is a console error, which fails the test
  const { store } = makeTradesStore(entitiesApi);
  nock(API).get('/trade').reply(200, tradeRows(1, 2));
  nock(API)
    .post('/trade')
    .reply(201, { trade: { id: 3, amount: '3', coin: 'eth' }, account: { id: 1, balance: '5.00' } });
  await store.dispatch(api.endpoints.getTrades.initiate());
  await store.dispatch(api.endpoints.createTrade.initiate({ amount: '3', coin: 'eth' }));
  const { entities } = store.getState();
  expect(JSON.parse(JSON.stringify(entities))).toEqual(entities);
  const { store: rehydrated } = makeStore({
    preloadedState: { entities: JSON.parse(JSON.stringify(entities)) as typeof entities },
    rehydrate,
  });
  expect(
    getEntitySelectors(Trade)
      .selectAll(rehydrated.getState())
      .map((trade) => trade.id),
  ).toEqual([1, 2, 3]);
  expect(getEntitySelectors(Account).selectById(rehydrated.getState(), 1)?.balance).toBe('5.00');
});

describe('setup', () => {
  test('an endpoint name the api does not have throws, naming it and the api’s endpoints', () => {
    // @ts-expect-error: the api has no endpoint 'getTrade5'
    expect(() => normalizeApi(api, { getTrade5: Trade })).toThrow(
      "normalizeApi: the RTK Query api 'api' has no endpoint 'getTrade5', which schemas declares. Its endpoints: getTrades, getTrade, getAccount, createTrade, updateTrade, deleteTrade, getStats.",
    );
  });

  test('a missing schema, or something that is not an api, throws saying what was expected', () => {
    expect(() => normalizeApi(api, { getTrades: undefined })).toThrow(
      "normalizeApi: schemas.getTrades is undefined; give the endpoint 'getTrades' a schema",
    );
    expect(() => normalizeApi({ reducerPath: 'api', endpoints: {} }, {})).toThrow(
      'normalizeApi(api, schemas): api must be an RTK Query api made with createApi',
    );
  });

  test('an infinite query takes the schema of one page: a schema declaring the pages throws, saying so', () => {
    const pages = createApi({
      reducerPath: 'pages',
      baseQuery: fetchBaseQuery({ baseUrl: API }),
      endpoints: (build) => ({
        getPages: build.infiniteQuery<Array<{ id: number }>, void, number>({
          infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: (_last, _all, param) => param + 1 },
          query: ({ pageParam }) => `/pages/${pageParam}`,
        }),
      }),
    });
    expect(normalizeApi(pages, { getPages: [Trade] }).endpoints.getPages.schema).toEqual([Trade]);
    expect(() => normalizeApi(pages, { getPages: { pages: [[Trade]] } })).toThrow(
      "normalizeApi: getPages (RTK Query 'pages') is an infinite query, and its schema declares 'pages'. Give the schema of ONE page",
    );
  });

  test('works with an api made with @reduxjs/toolkit/query (no React), and with another mount point', async () => {
    class Note extends Entity {
      id = 0;
      text = '';
      pk() {
        return `${this.id}`;
      }
      static override key = 'Note';
    }
    const notesApi = createApi({
      reducerPath: 'notesApi',
      baseQuery: fetchBaseQuery({ baseUrl: API }),
      endpoints: (build) => ({
        getNotes: build.query<Array<{ id: number; text: string }>, void>({ query: () => '/notes' }),
      }),
    });
    const cache = createEntities({ reducerPath: 'cache' });
    const normalized = normalizeApi(notesApi, { getNotes: new schema.All(Note) }, { entities: cache });
    const { store } = makeStore({
      entities: cache,
      reducer: { [notesApi.reducerPath]: notesApi.reducer },
      before: [notesApi.middleware],
      after: [normalized.middleware],
    });
    nock(API)
      .get('/notes')
      .reply(200, [{ id: 1, text: 'a' }]);
    await store.dispatch(notesApi.endpoints.getNotes.initiate());
    const notes = normalized.endpoints.getNotes.select()(store.getState()).data;
    expect(notes?.[0]).toBeInstanceOf(Note);
    expect(cache.getEntitySelectors(Note).selectTotal(store.getState())).toBe(1);
    store.dispatch(notesApi.util.resetApiState());
  });

  test('options.entities must be a mount point made by createEntities', () => {
    // @ts-expect-error: not what createEntities returns
    expect(() => normalizeApi(api, { getTrades: [Trade] }, { entities: {} })).toThrow(
      'normalizeApi: options.entities must be what createEntities() returned.',
    );
  });

  test('a store without the data middleware fails the request with an error saying how to add it', async () => {
    const { store } = makeStore({
      reducer: { [api.reducerPath]: api.reducer },
      dataMiddleware: false,
      before: [api.middleware],
      after: [entitiesApi.middleware],
    });
    const result = await store.dispatch(api.endpoints.getTrades.initiate());
    expect(result.error).toEqual(
      expect.objectContaining({
        message: expect.stringContaining(
          "the data middleware for 'entities' is not installed. Add it to configureStore",
        ),
      }),
    );
    expect(api.endpoints.getTrades.select()(store.getState()).status).toBe('rejected');
    store.dispatch(api.util.resetApiState());
  });
});
