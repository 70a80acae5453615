/**
 * Order is the order requests STARTED (DESIGN §5.9), whichever library made them: RTK Query's
 * requests take their number in the store's request order when they start, so a slower, older
 * answer never overwrites a newer one, also within one millisecond, and a deletion stays remembered
 * while such a request is in flight.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint, getEntitySelectors, selectEntityMeta } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { API, assertNetworkDone, deferred, strictNetwork } from '../fixtures/store';
import { Trade, api, closeStores, makeTradesStore, tradeSchemas } from '../fixtures/tradesApi';

beforeEach(strictNetwork);
afterEach(() => {
  jest.restoreAllMocks();
  closeStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(api, tradeSchemas);
const getTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id', schema: Trade });

/** A GET the test answers when it wants; `arrived` resolves once the server has the request. */
function held(path: string, body: unknown) {
  const release = deferred();
  const arrived = deferred();
  nock(API)
    .get(path)
    .reply(200, async () => {
      arrived.resolve();
      await release.promise;
      return body as never;
    });
  return { release: release.resolve, arrived: arrived.promise };
}

const stored = (store: ReturnType<typeof makeTradesStore>['store']) =>
  getEntitySelectors(Trade).selectById(store.getState(), 1);

test('two queries of one entity answering out of order: the later-started one wins, in every view', async () => {
  const { store } = makeTradesStore(entitiesApi);
  const detail = held('/trade/1', { id: 1, amount: 'old', coin: 'btc' });
  const older = store.dispatch(api.endpoints.getTrade.initiate(1));
  await detail.arrived;
  nock(API)
    .get('/trade')
    .reply(200, [{ id: 1, amount: 'new', coin: 'eth' }]);
  await store.dispatch(api.endpoints.getTrades.initiate());
  detail.release();
  await older;

  expect(stored(store)).toEqual(expect.objectContaining({ amount: 'new', coin: 'eth' }));
  expect(entitiesApi.endpoints.getTrade.select(1)(store.getState()).data?.amount).toBe('new');
  // RTK Query's own entry shows the newer value too: the older answer was written back over
  expect(api.endpoints.getTrade.select(1)(store.getState()).data?.amount).toBe('new');
});

test('across libraries: RTK Query’s older request loses to our newer one, and our older one to RTK Query’s newer', async () => {
  const { store } = makeTradesStore(entitiesApi);
  const rtkAnswer = held('/trade/1', { id: 1, amount: 'rtk, older', coin: 'btc' });
  const rtk = store.dispatch(api.endpoints.getTrade.initiate(1));
  await rtkAnswer.arrived;
  nock(API).get('/trade/1').reply(200, { id: 1, amount: 'ours, newer', coin: 'btc' });
  await store.dispatch(fetchEndpoint(getTrade, { id: 1 }));
  rtkAnswer.release();
  await rtk;
  expect(stored(store)?.amount).toBe('ours, newer');

  const ourAnswer = held('/trade/1', { id: 1, amount: 'ours, older', coin: 'btc' });
  const ours = store.dispatch(fetchEndpoint(getTrade, { id: 1 }));
  await ourAnswer.arrived;
  nock(API).get('/trade/1').reply(200, { id: 1, amount: 'rtk, newer', coin: 'btc' });
  await store.dispatch(api.endpoints.getTrade.initiate(1, { forceRefetch: true }));
  ourAnswer.release();
  await ours;
  expect(stored(store)?.amount).toBe('rtk, newer');
  expect(entitiesApi.endpoints.getTrade.select(1)(store.getState()).data?.amount).toBe('rtk, newer');
});

test('in the same millisecond (Date.now frozen for both libraries), the store’s request number decides', async () => {
  jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
  const { store } = makeTradesStore(entitiesApi);
  const rtkAnswer = held('/trade/1', { id: 1, amount: 'first', coin: 'btc' });
  const rtk = store.dispatch(api.endpoints.getTrade.initiate(1));
  await rtkAnswer.arrived;
  nock(API).get('/trade/1').reply(200, { id: 1, amount: 'second', coin: 'btc' });
  await store.dispatch(fetchEndpoint(getTrade, { id: 1 }));
  rtkAnswer.release();
  await rtk;
  expect(stored(store)?.amount).toBe('second');
  expect(selectEntityMeta(store.getState(), 'Trade', 1)).toEqual(
    expect.objectContaining({ fetchedAt: 1_700_000_000_000, seq: 2 }),
  );
});

test('a deletion is remembered while an RTK Query request that started before it is in flight, and forgotten once it answered: its answer cannot revive the entity', async () => {
  const { store, ctrl } = makeTradesStore(entitiesApi, { keepUnusedDataFor: 0 });
  const list = held('/trade', [{ id: 1, amount: 'before the delete', coin: 'btc' }]);
  const older = store.dispatch(api.endpoints.getTrades.initiate());
  await list.arrived;
  nock(API).delete('/trade/1').reply(204);
  await store.dispatch(api.endpoints.deleteTrade.initiate(1));
  // a sweep now must keep the deletion: the list request in flight started before it
  ctrl.gc();
  expect(selectEntityMeta(store.getState(), 'Trade', 1)).toEqual(expect.objectContaining({ deleted: true }));
  list.release();
  await older;
  expect(stored(store)).toBeUndefined();
  expect(entitiesApi.endpoints.getTrades.select()(store.getState()).data).toEqual([]);
  // answered, the request is no longer in flight: the next sweep forgets the deletion
  ctrl.gc();
  expect(selectEntityMeta(store.getState(), 'Trade', 1)).toBeUndefined();
});
