/**
 * Mutations of a normalized RTK Query api (DESIGN §7): one response updates every view that shows its
 * entities, with no tags and no refetch. Bundled responses, updates, deletes through
 * `schema.Invalidate` (with a body and with 204), RTK Query's own cache patches, and the mutation's
 * own denormalized result.
 */
import nock from 'nock';
import { Entity, getEntitySelectors } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { API, assertNetworkDone, strictNetwork } from '../fixtures/store';
import { Account, Trade, api, closeStores, makeTradesStore, tradeRows, tradeSchemas } from '../fixtures/tradesApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(api, tradeSchemas);
const { getTrades, getTrade, getAccount } = entitiesApi.endpoints;

/** A store holding the lists of every trade and of user 1's and user 2's, trade 1 alone, and account 1. */
async function loadedStore() {
  const made = makeTradesStore(entitiesApi);
  const { store } = made;
  nock(API).get('/trade').reply(200, tradeRows(1, 2));
  nock(API).get('/trade').query({ user: 1 }).reply(200, tradeRows(1, 2));
  nock(API).get('/trade').query({ user: 2 }).reply(200, []);
  nock(API).get('/trade/1').reply(200, tradeRows(1)[0]);
  nock(API).get('/account/1').reply(200, { id: 1, balance: '100.00' });
  await Promise.all([
    store.dispatch(api.endpoints.getTrades.initiate()),
    store.dispatch(api.endpoints.getTrades.initiate({ user: 1 })),
    store.dispatch(api.endpoints.getTrades.initiate({ user: 2 })),
    store.dispatch(api.endpoints.getTrade.initiate(1)),
    store.dispatch(api.endpoints.getAccount.initiate(1)),
  ]);
  assertNetworkDone();
  return made;
}

const ids = (list: readonly Trade[] | undefined) => list?.map((trade) => trade.id);

test('a bundled mutation response appends to every matching list (trades.push) and updates the account: one request, no tags', async () => {
  const { store } = await loadedStore();
  const rawList = api.endpoints.getTrades.select()(store.getState()).data;
  nock(API)
    .post('/trade', { amount: '5', coin: 'eth', user: 1 })
    .reply(201, { trade: { id: 3, user: 1, amount: '5', coin: 'eth' }, account: { id: 1, balance: '87.50' } });
  const response = await store
    .dispatch(api.endpoints.createTrade.initiate({ amount: '5', coin: 'eth', user: 1 }))
    .unwrap();
  expect(response.account.balance).toBe('87.50');

  const state = store.getState();
  expect(ids(getTrades.select()(state).data)).toEqual([1, 2, 3]);
  expect(ids(getTrades.select({ user: 1 })(state).data)).toEqual([1, 2, 3]);
  // a list whose arguments the new trade does not match is left as it was
  expect(ids(getTrades.select({ user: 2 })(state).data)).toEqual([]);
  expect(getTrades.select()(state).data?.[2]).toBeInstanceOf(Trade);
  expect(getAccount.select(1)(state).data?.balance).toBe('87.50');
  expect(getAccount.select(1)(state).data).toBeInstanceOf(Account);
  // RTK Query's own entry shows the new trade too, written back with no refetch; the old items keep their objects
  const rtkList = api.endpoints.getTrades.select()(state).data;
  expect(rtkList?.map((trade) => trade.id)).toEqual([1, 2, 3]);
  expect(rtkList?.slice(0, 2)).toEqual([rawList?.[0], rawList?.[1]]);
  expect(rtkList?.[0]).toBe(rawList?.[0]);
  expect(api.endpoints.getAccount.select(1)(state).data?.balance).toBe('87.50');
});

test('an update changes the entity in every view, and every unchanged item keeps its identity', async () => {
  const { store } = await loadedStore();
  const before = store.getState();
  const list = getTrades.select()(before).data;
  const userList = getTrades.select({ user: 1 })(before).data;
  const detail = getTrade.select(1)(before).data;
  nock(API).patch('/trade/1', { amount: '9' }).reply(200, { id: 1, user: 1, amount: '9', coin: 'btc' });
  await store.dispatch(api.endpoints.updateTrade.initiate({ id: 1, amount: '9' }));

  const after = store.getState();
  for (const [name, read] of [
    ['getTrades()', getTrades.select()(after).data?.[0]],
    ['getTrades({ user: 1 })', getTrades.select({ user: 1 })(after).data?.[0]],
    ['getTrade(1)', getTrade.select(1)(after).data],
    ['getEntitySelectors', getEntitySelectors(Trade).selectById(after, 1)],
  ] as const) {
    expect([name, read?.amount]).toEqual([name, '9']);
  }
  expect(getTrades.select()(after).data).not.toBe(list);
  expect(getTrade.select(1)(after).data).not.toBe(detail);
  // trade 2 did not change: the very same object, in both lists
  expect(getTrades.select()(after).data?.[1]).toBe(list?.[1]);
  expect(getTrades.select({ user: 1 })(after).data?.[1]).toBe(userList?.[1]);
  // the account did not change: the same result object
  expect(getAccount.select(1)(after)).toBe(getAccount.select(1)(before));
});

describe('delete through schema.Invalidate', () => {
  test('with the deleted item as the body: it leaves every list, the detail and the tables', async () => {
    const { store } = await loadedStore();
    nock(API).delete('/trade/1').reply(200, tradeRows(1)[0]);
    await store.dispatch(api.endpoints.deleteTrade.initiate(1));
    const state = store.getState();
    expect(ids(getTrades.select()(state).data)).toEqual([2]);
    expect(ids(getTrades.select({ user: 1 })(state).data)).toEqual([2]);
    expect(getTrade.select(1)(state).data).toBeUndefined();
    expect(getEntitySelectors(Trade).selectById(state, 1)).toBeUndefined();
  });

  test('with no body (204): the call’s argument names the entity', async () => {
    const { store } = await loadedStore();
    nock(API).delete('/trade/2').reply(204);
    const request = store.dispatch(api.endpoints.deleteTrade.initiate(2));
    expect(await request).toEqual({ data: null });
    const state = store.getState();
    expect(ids(getTrades.select()(state).data)).toEqual([1]);
    expect(getEntitySelectors(Trade).selectIds(state)).toEqual(['1']);
    // its result reads the deleted entity: nothing
    expect(
      entitiesApi.endpoints.deleteTrade.select({ requestId: request.requestId, fixedCacheKey: undefined })(state),
    ).toEqual(expect.objectContaining({ status: 'fulfilled', data: undefined }));
  });
});

describe('RTK Query’s own cache writes reach every view', () => {
  test('updateQueryData, and its undo', async () => {
    const { store } = await loadedStore();
    const patch = store.dispatch(
      api.util.updateQueryData('getTrade', 1, (draft) => {
        draft.amount = '42';
      }),
    );
    expect(getTrades.select()(store.getState()).data?.[0]?.amount).toBe('42');
    expect(getEntitySelectors(Trade).selectById(store.getState(), 1)?.amount).toBe('42');
    patch.undo();
    expect(getTrades.select()(store.getState()).data?.[0]?.amount).toBe('1');
  });

  test('upsertQueryData and upsertQueryEntries, with no request', async () => {
    const { store } = await loadedStore();
    await store.dispatch(api.util.upsertQueryData('getTrade', 2, { id: 2, amount: '20', coin: 'btc' }));
    expect(getTrades.select()(store.getState()).data?.[1]?.amount).toBe('20');
    expect(getTrade.select(2)(store.getState()).data).toBeInstanceOf(Trade);
    store.dispatch(
      api.util.upsertQueryEntries([{ endpointName: 'getAccount', arg: 1, value: { id: 1, balance: '1.00' } }]),
    );
    expect(getAccount.select(1)(store.getState()).data?.balance).toBe('1.00');
  });
});

test('a mutation’s own result: select by its request id gives the response denormalized', async () => {
  const { store } = await loadedStore();
  nock(API)
    .post('/trade')
    .reply(201, { trade: { id: 3, amount: '5', coin: 'eth' }, account: { id: 1, balance: '87.50' } });
  const request = store.dispatch(api.endpoints.createTrade.initiate({ amount: '5', coin: 'eth' }));
  await request;
  const result = entitiesApi.endpoints.createTrade.select({ requestId: request.requestId, fixedCacheKey: undefined })(
    store.getState(),
  );
  expect(result).toEqual(expect.objectContaining({ status: 'fulfilled', isSuccess: true }));
  expect(result.data?.trade).toBeInstanceOf(Trade);
  expect(result.data?.account.balance).toBe('87.50');
  // RTK Query forgets it (as useMutation's reset does): so does the entities slice
  request.reset();
  expect(store.getState().entities.endpoints).not.toHaveProperty(`api/mutation/${request.requestId}`);
  expect(
    entitiesApi.endpoints.createTrade.select({ requestId: request.requestId, fixedCacheKey: undefined })(
      store.getState(),
    ).data,
  ).toBeUndefined();
});

test('a response that does not fit the schema stores nothing, and select shows an error naming the endpoint', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { store } = await loadedStore();
  const before = store.getState().entities.entities;
  nock(API).patch('/trade/1').reply(200, { amount: '9' });
  const request = store.dispatch(api.endpoints.updateTrade.initiate({ id: 1, amount: '9' }));
  await request;
  expect(store.getState().entities.entities).toBe(before);
  const result = entitiesApi.endpoints.updateTrade.select({ requestId: request.requestId, fixedCacheKey: undefined })(
    store.getState(),
  );
  expect(result).toEqual(
    expect.objectContaining({ status: 'rejected', isError: true, isSuccess: false, data: undefined }),
  );
  expect(result.error).toEqual({
    name: 'TypeError',
    message: expect.stringContaining("updateTrade (RTK Query 'api')"),
  });
  expect(warn).toHaveBeenCalledWith(
    expect.stringContaining("rtk-entities: updateTrade (RTK Query 'api'): the response could not be normalized"),
  );
  warn.mockRestore();
});

/** A trade whose class cannot be built from a record with the coin 'bad' (its `fromJS` throws). */
class PickyTrade extends Entity {
  id = 0;
  amount = '';
  coin = '';
  static override key = 'PickyTrade';
  pk() {
    return String(this.id);
  }
  static override fromJS<T extends Entity>(this: abstract new () => T, props: object = {}): T {
    if ((props as { coin?: unknown }).coin === 'bad') throw new Error('PickyTrade cannot be built for the coin bad');
    return Entity.fromJS.call(this, props) as T;
  }
}

test('a response that normalizes but cannot be read: select shows the read’s error, with a development warning', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const pickyApi = normalizeApi(api, { createTrade: PickyTrade });
  const { store } = makeTradesStore(pickyApi);
  nock(API).post('/trade').reply(201, { id: 9, amount: '1', coin: 'bad' });
  const request = store.dispatch(api.endpoints.createTrade.initiate({ amount: '1', coin: 'bad' }));
  await request;
  const result = pickyApi.endpoints.createTrade.select({ requestId: request.requestId, fixedCacheKey: undefined })(
    store.getState(),
  );
  expect(result).toEqual(
    expect.objectContaining({ status: 'rejected', isError: true, isSuccess: false, data: undefined }),
  );
  expect(result.error).toEqual({ name: 'Error', message: 'PickyTrade cannot be built for the coin bad' });
  expect(warn).toHaveBeenCalledWith(
    expect.stringContaining(
      "rtk-entities: createTrade (RTK Query 'api'): the response could not be normalized, so select() shows an error. PickyTrade cannot be built",
    ),
  );
  warn.mockRestore();
});
