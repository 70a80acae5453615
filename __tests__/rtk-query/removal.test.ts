/**
 * Garbage collection with RTK Query (DESIGN §5.11, §7): a normalized result stays while RTK Query
 * holds its entry, whatever our collector does, and goes the moment RTK Query removes the entry
 * (unsubscribed past its keepUnusedDataFor, resetApiState, removeQueryResult, a mutation's reset);
 * the entities only it read then go by the collector's rules, in the same sweep. Emptying the
 * entities slice alone (resetEntireStore) leaves RTK Query's cache, which is normalized again.
 */
import { createApi, fetchBaseQuery, type QueryCacheKey } from '@reduxjs/toolkit/query';
import nock from 'nock';
import { RestEndpoint, entitiesSlice, fetchEndpoint, getEntitySelectors } from '../../src/index';
import type { DataMiddlewareOptions } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { untilStore } from '../react/harness';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { Account, Trade, tradeRows, trades } from '../fixtures/tradesApi';
import { closeTodoStores, makeTodosStore, Todo, todoSchemas, todosApi } from '../fixtures/todosApi';
import { recordOf } from '../../src/storage/table.js';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

// RTK Query removes an unsubscribed entry right away (keepUnusedDataFor: 0)
const api = createApi({
  reducerPath: 'quickApi',
  keepUnusedDataFor: 0,
  baseQuery: fetchBaseQuery({ baseUrl: API }),
  endpoints: (build) => ({
    getTrades: build.query<ReturnType<typeof tradeRows>, void>({ query: () => '/trade' }),
    getAccount: build.query<{ id: number; balance: string }, number>({ query: (id) => `/account/${id}` }),
    createTrade: build.mutation<{ trade: object; account: object }, { amount: string }>({
      query: (body) => ({ url: '/trade', method: 'POST', body }),
    }),
  }),
});
const entitiesApi = normalizeApi(api, {
  getTrades: trades,
  getAccount: Account,
  createTrade: { trade: trades.push, account: Account },
});

/** A store that records every action, with the data middleware's options. */
function quickApiStore(options: DataMiddlewareOptions = {}) {
  const made = makeStore({
    ...options,
    reducer: { [api.reducerPath]: api.reducer },
    before: [api.middleware],
    after: [entitiesApi.middleware],
    logActions: true,
  });
  return { ...made, sweeps: () => made.actions.filter((action) => entitiesSlice.actions.sweep.match(action)) };
}

const TRADES_KEY = 'quickApi/getTrades(undefined)';

test('unsubscribed past keepUnusedDataFor (0): RTK Query removes the entry, and its result goes at once with the entities only it read', async () => {
  const { store, slice, sweeps } = quickApiStore({ keepUnusedDataFor: 0 });
  nock(API).get('/trade').reply(200, tradeRows(1, 2));
  const query = store.dispatch(api.endpoints.getTrades.initiate());
  await query;
  expect(Object.keys(slice().endpoints)).toEqual([TRADES_KEY]);
  query.unsubscribe();
  await untilStore(store, () => api.endpoints.getTrades.select()(store.getState()).isUninitialized);
  expect(slice().endpoints).toEqual({});
  expect(slice().meta).toEqual({});
  expect(slice().entities.Trade ?? {}).toEqual({});
  expect(sweeps()).toHaveLength(1);
  expect(entitiesApi.endpoints.getTrades.select()(store.getState()).data).toBeUndefined();
});

test('resetApiState drops every result of the api in one sweep; entities others read stay', async () => {
  const { store, slice, sweeps } = quickApiStore({ keepUnusedDataFor: 0 });
  const getOwnTrades = new RestEndpoint({ urlPrefix: API, path: '/own-trades', schema: [Trade] });
  nock(API).get('/trade').reply(200, tradeRows(1, 2));
  nock(API).get('/account/1').reply(200, { id: 1, balance: '1.00' });
  nock(API).get('/own-trades').reply(200, tradeRows(2));
  const queries = [
    store.dispatch(api.endpoints.getTrades.initiate()),
    store.dispatch(api.endpoints.getAccount.initiate(1)),
  ];
  await Promise.all(queries);
  await store.dispatch(fetchEndpoint(getOwnTrades));
  store.dispatch(api.util.resetApiState());
  expect(Object.keys(slice().endpoints)).toEqual(['GET https://api.example.test/own-trades']);
  // trade 2 is read by our own endpoint's result; trade 1 and the account were read by nothing else
  expect(Object.keys(slice().entities.Trade ?? {})).toEqual(['2']);
  expect(slice().entities.Account ?? {}).toEqual({});
  expect(sweeps()).toHaveLength(1);
});

test('removeQueryResult drops that result only', async () => {
  const { store, slice } = quickApiStore();
  nock(API).get('/trade').reply(200, tradeRows(1));
  nock(API).get('/account/1').reply(200, { id: 1, balance: '1.00' });
  await Promise.all([
    store.dispatch(api.endpoints.getTrades.initiate()),
    store.dispatch(api.endpoints.getAccount.initiate(1)),
  ]);
  // RTK Query brands its cache keys (a string at run time)
  store.dispatch(api.internalActions.removeQueryResult({ queryCacheKey: 'getTrades(undefined)' as QueryCacheKey }));
  expect(Object.keys(slice().endpoints)).toEqual(['quickApi/getAccount(1)']);
  store.dispatch(api.util.resetApiState());
});

test('ctrl.gc() never removes a result RTK Query still holds, while it removes an unread one of ours', async () => {
  const { store, ctrl, slice } = quickApiStore({ keepUnusedDataFor: 0 });
  const getAccount = new RestEndpoint({ urlPrefix: API, path: '/own-account/:id', schema: Account });
  nock(API).get('/trade').reply(200, tradeRows(1, 2));
  nock(API).get('/own-account/2').reply(200, { id: 2, balance: '2.00' });
  const query = store.dispatch(api.endpoints.getTrades.initiate());
  await query;
  await ctrl.fetch(getAccount, { id: 2 });
  ctrl.gc();
  expect(Object.keys(slice().endpoints)).toEqual([TRADES_KEY]);
  expect(Object.keys(slice().entities.Trade ?? {})).toEqual(['1', '2']);
  expect(slice().entities.Account ?? {}).toEqual({});
  expect(entitiesApi.endpoints.getTrades.select()(store.getState()).data?.length).toBe(2);
  store.dispatch(api.util.resetApiState());
});

test('a mutation’s result is kept while RTK Query keeps the mutation, and goes with it', async () => {
  const { store, ctrl, slice } = quickApiStore({ keepUnusedDataFor: 0 });
  nock(API)
    .post('/trade')
    .reply(201, { trade: { id: 3, amount: '1', coin: 'btc' }, account: { id: 1, balance: '9.00' } });
  const mutation = store.dispatch(api.endpoints.createTrade.initiate({ amount: '1' }));
  await mutation;
  const key = `quickApi/mutation/${mutation.requestId}`;
  expect(Object.keys(slice().endpoints)).toEqual([key]);
  ctrl.gc();
  expect(getEntitySelectors(Account).selectById(store.getState(), 1)?.balance).toBe('9.00');
  mutation.reset();
  expect(slice().endpoints).toEqual({});
  expect(slice().entities.Account ?? {}).toEqual({});
});

test('an untracked mutation (track: false) updates the entities and keeps no result', async () => {
  const { store, slice } = quickApiStore();
  nock(API)
    .post('/trade')
    .reply(201, { trade: { id: 3, amount: '1', coin: 'btc' }, account: { id: 1, balance: '9.00' } });
  await store.dispatch(api.endpoints.createTrade.initiate({ amount: '1' }, { track: false }));
  expect(slice().endpoints).toEqual({});
  expect(getEntitySelectors(Account).selectById(store.getState(), 1)?.balance).toBe('9.00');
});

test('resetEntireStore empties the entities slice but not RTK Query’s cache: what RTK Query holds is normalized again', async () => {
  const { store, ctrl, slice } = quickApiStore();
  const getOwnTrades = new RestEndpoint({ urlPrefix: API, path: '/own-trades', schema: [Trade] });
  nock(API).get('/trade').reply(200, tradeRows(1, 2));
  nock(API).get('/own-trades').reply(200, tradeRows(7));
  await store.dispatch(api.endpoints.getTrades.initiate());
  await store.dispatch(fetchEndpoint(getOwnTrades));
  ctrl.resetEntireStore();
  expect(Object.keys(slice().endpoints)).toEqual([TRADES_KEY]);
  expect(Object.keys(slice().entities.Trade ?? {})).toEqual(['1', '2']);
  expect(
    entitiesApi.endpoints.getTrades
      .select()(store.getState())
      .data?.map((trade) => trade.id),
  ).toEqual([1, 2]);
  // still held: RTK Query's removal drops it as before
  store.dispatch(api.util.resetApiState());
  expect(slice().endpoints).toEqual({});
});

test('a result RTK Query drops sweeps when what it read may go; else it goes alone, and other unread data waits for the collector', async () => {
  const clock = { now: 1_000_000 };
  const { store, ctrl, slice } = quickApiStore({ now: () => clock.now });
  const created = (id: number) => ({ trade: { id, amount: '1', coin: 'btc' }, account: { id, balance: '9.00' } });
  nock(API).post('/trade').reply(201, created(3)).post('/trade').reply(201, created(4));
  // read by nothing: no result holds it
  ctrl.set(Account, { id: 5 }, { id: 5, balance: '5.00' });
  // past the default keepUnusedDataFor (60 s): account 5 may go
  clock.now += 61_000;
  const recent = store.dispatch(api.endpoints.createTrade.initiate({ amount: '1' }));
  await recent;
  recent.reset();
  // what the result read was written just now: the result goes alone
  expect(slice().endpoints).toEqual({});
  expect(Object.keys(slice().entities.Account ?? {}).sort()).toEqual(['3', '5']);
  const old = store.dispatch(api.endpoints.createTrade.initiate({ amount: '1' }));
  await old;
  clock.now += 61_000;
  old.reset();
  // what it read may go: one sweep takes everything nothing reads
  expect(slice().endpoints).toEqual({});
  expect(slice().entities.Account ?? {}).toEqual({});
  expect(slice().entities.Trade ?? {}).toEqual({});
});

test('a result RTK Query drops leaves what it read while that was written within keepUnusedDataFor', async () => {
  const { store, slice } = quickApiStore();
  nock(API)
    .post('/trade')
    .reply(201, { trade: { id: 3, amount: '1', coin: 'btc' }, account: { id: 1, balance: '9.00' } });
  const mutation = store.dispatch(api.endpoints.createTrade.initiate({ amount: '1' }));
  await mutation;
  mutation.reset();
  expect(slice().endpoints).toEqual({});
  expect(slice().meta).toEqual({});
  expect(Object.keys(slice().entities.Trade ?? {})).toEqual(['3']);
  expect(Object.keys(slice().entities.Account ?? {})).toEqual(['1']);
});

describe('with the collector’s own sweep (fake timers)', () => {
  const todosEntitiesApi = normalizeApi(todosApi, todoSchemas);
  afterEach(() => {
    closeTodoStores();
    jest.useRealTimers();
  });

  test('an unread entity old enough to go is collected at the latest by the collector’s next sweep after a drop', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    const clock = { now: 1_000_000 };
    const at = (seconds: number) => {
      const target = 1_000_000 + seconds * 1000;
      jest.advanceTimersByTime(target - clock.now);
      clock.now = target;
    };
    const { store, ctrl, slice } = makeTodosStore(todosEntitiesApi, { now: () => clock.now, keepUnusedDataFor: 10 });
    // t=0: todo 1 is shown (an entry with a subscriber; upserted, so no network): the collector's sweep is armed for t=10
    await store.dispatch(todosApi.util.upsertQueryData('getTodo', 1, { id: 1, title: 'shown', done: false }));
    const shown = store.dispatch(todosApi.endpoints.getTodo.initiate(1));
    // t=3: a websocket message writes todo 9, which nothing reads
    at(3);
    ctrl.set(Todo, { id: 9 }, { id: 9, title: 'pushed', done: false });
    // t=5: todo 2 is fetched into an entry of its own (the sweep is armed already)
    at(5);
    await store.dispatch(todosApi.util.upsertQueryData('getTodo', 2, { id: 2, title: 'brief', done: false }));
    // t=10: the collector's sweep: todo 9 is 7 s old, it stays
    at(10);
    expect(recordOf(slice().entities.Todo, '9')).toBeDefined();
    // t=14: RTK Query drops todo 2's entry: todo 2 is 9 s old (young), todo 9 is 11 s old and unread
    at(14);
    expect(slice().endpoints['todosApi/getTodo(2)']).toBe('2');
    store.dispatch(todosApi.internalActions.removeQueryResult({ queryCacheKey: 'getTodo(2)' as never }));
    expect(slice().endpoints['todosApi/getTodo(2)']).toBeUndefined();
    // ten minutes of a quiet app (todo 1 still shown)
    at(600);
    expect(recordOf(slice().entities.Todo, '9')).toBeUndefined();
    shown.unsubscribe();
  });
});
