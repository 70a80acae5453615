/**
 * The spec's trades (4.2 items 4-7, 4.3) end to end: one POST whose bundled response updates the
 * trade lists and the account, with no other request.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint, getEntitySelectors, selectResponse } from '../../src/index';
import { Account, Trade, makeTradeResource } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const TradeResource = makeTradeResource(API);
const getAccount = new RestEndpoint({ urlPrefix: API, path: '/account/:id', schema: Account });

const trades = [
  { id: 1, user: 1, amount: '10', coin: 'btc', created_at: '2026-11-20T10:00:00Z' },
  { id: 2, user: 1, amount: '3', coin: 'eth', created_at: '2026-11-21T10:00:00Z' },
];
const account = { id: 7, user: 1, balance: '100', coin_value: '1.5' };
const created = { id: 3, user: 1, amount: '5', coin: 'btc', created_at: '2026-11-22T10:00:00Z' };
const newAccount = { ...account, balance: '95' };

/** A store holding GET /trade, GET /trade?user=2 and GET /account/7, with a request log. */
async function tradingStore() {
  const setup = makeStore();
  const log: string[] = [];
  const record = (method: string) => (uri: string) => log.push(`${method} ${uri}`);
  nock(API)
    .get('/trade')
    .reply(200, (uri) => (record('GET')(uri), trades))
    .get('/trade')
    .query({ user: 2 })
    .reply(200, (uri) => (record('GET')(uri), [{ id: 9, user: 2, amount: '1', coin: 'btc', created_at: '' }]))
    .get('/account/7')
    .reply(200, (uri) => (record('GET')(uri), account));
  await setup.store.dispatch(fetchEndpoint(TradeResource.getList));
  await setup.store.dispatch(fetchEndpoint(TradeResource.getList, { user: 2 }));
  await setup.store.dispatch(fetchEndpoint(getAccount, { id: 7 }));
  log.length = 0;
  return { ...setup, log };
}

describe('bundled mutation responses (spec 4.2 items 4-7, 4.3)', () => {
  test.each([
    [
      'ctrl.fetch',
      (setup: Awaited<ReturnType<typeof tradingStore>>) =>
        setup.ctrl.fetch(TradeResource.create, { amount: '5', coin: 'btc' }),
    ],
    [
      'dispatch(fetchEndpoint)',
      (setup: Awaited<ReturnType<typeof tradingStore>>) =>
        setup.store.dispatch(fetchEndpoint(TradeResource.create, { amount: '5', coin: 'btc' })),
    ],
  ])('one POST through %s updates the trade list and the account, with no other request', async (_label, create) => {
    const setup = await tradingStore();
    const { store, log, slice } = setup;
    const otherList = selectResponse(TradeResource.getList, { user: 2 })(store.getState()).data;
    nock(API)
      .post('/trade', { amount: '5', coin: 'btc' })
      .reply(201, (uri) => (log.push(`POST ${uri}`), { trade: created, account: newAccount }));

    const result = await create(setup);

    expect(result.trade).toBeInstanceOf(Trade);
    expect(result.trade.pk()).toBe('3');
    expect(result.account.balance).toBe('95');
    const list = selectResponse(TradeResource.getList)(store.getState()).data;
    expect(list?.map((trade) => trade.pk())).toEqual(['1', '2', '3']);
    expect(list?.[2]).toBe(result.trade);
    expect(selectResponse(getAccount, { id: 7 })(store.getState()).data?.balance).toBe('95');
    expect(getEntitySelectors(Account).selectById(store.getState(), 7)).toBe(result.account);
    // a list for other args is unchanged, and a never-fetched list stays absent
    expect(selectResponse(TradeResource.getList, { user: 2 })(store.getState()).data).toBe(otherList);
    expect(Object.keys(slice().entities[TradeResource.getList.schema.key] ?? {}).sort()).toEqual([
      '{"user":"2"}',
      '{}',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['POST /trade']);
  });

  test('a list filtered by the mutation body takes the new item; others do not', async () => {
    const { store } = await tradingStore();
    nock(API)
      .post('/trade')
      .reply(201, { trade: { ...created, id: 4, user: 2 }, account: newAccount });
    await store.dispatch(fetchEndpoint(TradeResource.create, { amount: '1', coin: 'btc', user: 2 }));
    expect(
      selectResponse(TradeResource.getList, { user: 2 })(store.getState()).data?.map((trade) => trade.pk()),
    ).toEqual(['9', '4']);
    expect(selectResponse(TradeResource.getList)(store.getState()).data?.map((trade) => trade.pk())).toEqual([
      '1',
      '2',
      '4',
    ]);
  });

  test('a push never duplicates an id already in a list', async () => {
    const { store } = await tradingStore();
    nock(API).post('/trade').reply(201, { trade: trades[0], account: newAccount });
    await store.dispatch(fetchEndpoint(TradeResource.create, { amount: '10', coin: 'btc' }));
    expect(selectResponse(TradeResource.getList)(store.getState()).data?.map((trade) => trade.pk())).toEqual([
      '1',
      '2',
    ]);
  });

  test('a response missing a declared key warns, naming the endpoint and the key', async () => {
    const { store } = await tradingStore();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    nock(API).post('/trade').reply(201, { trade: created });
    await store.dispatch(fetchEndpoint(TradeResource.create, { amount: '5', coin: 'btc' }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/Trade\.create.*'account'/);
    warn.mockRestore();
  });
});
