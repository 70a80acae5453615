/**
 * Entity-level expiry (`static dataExpiryLength` on an Entity, `src/redux/select/recordsExpiry.ts`):
 * a call whose data holds a record written longer ago than its Entity's `dataExpiryLength` is stale,
 * whichever endpoint wrote the record, through the one fetch policy (so `fetchIfStale` and the
 * hooks alike; the hook's case is in react/useSuspense.test.tsx). A record that was already stale
 * when the call's last answer arrived does not count: refetching the call would not refresh it.
 */
import nock from 'nock';
import { Entity, RestEndpoint, schema } from '../../src/index';
import { API, assertNetworkDone, makeClockedStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Price extends Entity {
  coin = '';
  usd = 0;
  pk() {
    return this.coin;
  }
  static override key = 'Price';
  static override dataExpiryLength = 5_000;
}

class Coin extends Entity {
  id = '';
  name = '';
  price = Price.fromJS();
  pk() {
    return this.id;
  }
  static override key = 'Coin';
  static override schema = { price: Price };
}

const hour = 3_600_000;
const getPrices = new RestEndpoint({ urlPrefix: API, path: '/prices', schema: [Price], dataExpiryLength: hour });
const getPrice = new RestEndpoint({ urlPrefix: API, path: '/prices/:coin', schema: Price, dataExpiryLength: hour });
const getCoin = new RestEndpoint({ urlPrefix: API, path: '/coins/:id', schema: Coin, dataExpiryLength: hour });
const allPrices = new RestEndpoint({
  urlPrefix: API,
  path: '/all-prices',
  schema: new schema.All(Price),
  dataExpiryLength: hour,
});

describe("an Entity's dataExpiryLength", () => {
  test('makes a call stale once a record of its data is that old, though the call itself is fresh for an hour', async () => {
    const { ctrl, clock } = makeClockedStore();
    nock(API).get('/prices/btc').reply(200, { coin: 'btc', usd: 1 });
    await ctrl.fetch(getPrice, { coin: 'btc' });
    expect(ctrl.getResponse(getPrice, { coin: 'btc' }).expiresAt).toBe(clock.now + 5_000);

    clock.now += 4_999;
    await expect(ctrl.fetchIfStale(getPrice, { coin: 'btc' })).resolves.toMatchObject({ usd: 1 }); // no request
    clock.now += 1;
    nock(API).get('/prices/btc').reply(200, { coin: 'btc', usd: 2 });
    await expect(ctrl.fetchIfStale(getPrice, { coin: 'btc' })).resolves.toMatchObject({ usd: 2 });
  });

  test('counts nested records: a Coin call goes stale with its Price', async () => {
    const { ctrl, clock } = makeClockedStore();
    nock(API)
      .get('/coins/btc')
      .reply(200, { id: 'btc', name: 'Bitcoin', price: { coin: 'btc', usd: 1 } });
    await ctrl.fetch(getCoin, { id: 'btc' });
    expect(ctrl.getResponse(getCoin, { id: 'btc' }).expiresAt).toBe(clock.now + 5_000);
  });

  test('a record refreshed by another call keeps the calls showing it fresh; the oldest record decides', async () => {
    const { ctrl, clock } = makeClockedStore();
    const start = clock.now;
    nock(API)
      .get('/prices')
      .reply(200, [
        { coin: 'btc', usd: 1 },
        { coin: 'eth', usd: 1 },
      ]);
    await ctrl.fetch(getPrices);
    clock.now += 3_000;
    nock(API).get('/prices/btc').reply(200, { coin: 'btc', usd: 2 });
    await ctrl.fetch(getPrice, { coin: 'btc' });
    expect(ctrl.getResponse(getPrices).expiresAt).toBe(start + 5_000); // eth, still from the list's answer
    expect(ctrl.getResponse(getPrice, { coin: 'btc' }).expiresAt).toBe(start + 8_000);

    clock.now = start + 5_000;
    nock(API)
      .get('/prices')
      .reply(200, [
        { coin: 'btc', usd: 3 },
        { coin: 'eth', usd: 3 },
      ]);
    await expect(ctrl.fetchIfStale(getPrices)).resolves.toHaveLength(2);
    expect(ctrl.get(Price, { coin: 'eth' })?.usd).toBe(3);
  });

  test('a record its last answer did not refresh does not count: an All over the kind is not stale for good', async () => {
    const { ctrl, clock } = makeClockedStore();
    nock(API).get('/prices/eth').reply(200, { coin: 'eth', usd: 1 });
    await ctrl.fetch(getPrice, { coin: 'eth' });
    clock.now += 10_000; // eth is stale by its Entity now
    nock(API)
      .get('/all-prices')
      .reply(200, [{ coin: 'btc', usd: 1 }]);
    await ctrl.fetch(allPrices); // lists btc and the stale eth
    expect(
      ctrl
        .getResponse(allPrices)
        .data?.map((price) => price.coin)
        .sort(),
    ).toEqual(['btc', 'eth']);
    expect(ctrl.getResponse(allPrices).expiresAt).toBe(clock.now + 5_000); // btc's: eth cannot be refreshed by it
    clock.now += 4_999;
    await expect(ctrl.fetchIfStale(allPrices)).resolves.toHaveLength(2); // no request
  });

  test('hidden or missing data has no records to count: the call expires by its own meta', async () => {
    const { ctrl } = makeClockedStore();
    nock(API).get('/prices/btc').reply(200, { coin: 'btc', usd: 1 });
    await ctrl.fetch(getPrice, { coin: 'btc' });
    ctrl.invalidate(getPrice, { coin: 'btc' });
    expect(ctrl.getResponse(getPrice, { coin: 'btc' }).expiresAt).toBe(0);
    expect(ctrl.getResponse(getPrice, { coin: 'doge' }).expiresAt).toBe(0);
  });
});
