/**
 * Polling in the core (`src/redux/middleware/poll.ts`), with no React: `ctrl.poll(endpoint, ...args)`
 * fetches a stale call at once, then every `pollFrequency` ms until its stop is called; identical
 * polls share one timer (at the shortest frequency) and each request; a poll retains the call as a
 * mounted hook does; a failed poll is stored and polling goes on. The hook over it is in
 * react/useLive.test.tsx. Only the timers are fake: promises and nock's I/O run for real.
 */
import nock from 'nock';
import { RestEndpoint } from '../../src/index';
import { Account } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork, untilSettled } from '../fixtures/store';

const getAccount = new RestEndpoint({ urlPrefix: API, path: '/account/:id', schema: Account, pollFrequency: 1_000 });
const key = getAccount.key({ id: 1 });

beforeEach(() => {
  strictNetwork();
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
  assertNetworkDone();
});

/** Mocks the next answer for account 1 and counts it in `served`. */
function serve(balance: string, served = { count: 0 }, status = 200) {
  nock(API)
    .get('/account/1')
    .reply(status, () => {
      served.count++;
      return status === 200 ? { id: 1, user: 1, balance, coin_value: '1' } : 'down';
    });
  return served;
}

/** Advances the fake clock by `ms` and waits for the request that started then to be stored. */
async function tick(store: Parameters<typeof untilSettled>[0], ms: number) {
  jest.advanceTimersByTime(ms);
  await untilSettled(store, key);
}

describe('ctrl.poll', () => {
  test('fetches a stale call at once, then every pollFrequency, until stopped', async () => {
    const { store, ctrl } = makeStore();
    serve('10');
    const stop = ctrl.poll(getAccount, { id: 1 });
    await untilSettled(store, key);
    expect(ctrl.get(Account, { id: 1 })?.balance).toBe('10');

    serve('12');
    await tick(store, 999);
    expect(ctrl.get(Account, { id: 1 })?.balance).toBe('10'); // not yet: the interceptor waits
    await tick(store, 1);
    expect(ctrl.get(Account, { id: 1 })?.balance).toBe('12');

    serve('15');
    await tick(store, 1_000);
    expect(ctrl.get(Account, { id: 1 })?.balance).toBe('15');

    stop();
    const dispatched: unknown[] = [];
    store.subscribe(() => dispatched.push(store.getState()));
    jest.advanceTimersByTime(5_000);
    expect(dispatched).toEqual([]);
  });

  test('fresh data is not fetched at once; the first poll comes a pollFrequency later', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getAccount, { id: 1 }, { id: 1, user: 1, balance: '3', coin_value: '1' });
    const stop = ctrl.poll(getAccount, { id: 1 });
    expect(ctrl.getResponse(getAccount, { id: 1 }).isFetching).toBe(false);
    serve('4');
    await tick(store, 1_000);
    expect(ctrl.get(Account, { id: 1 })?.balance).toBe('4');
    stop();
  });

  test('identical polls share one timer and each request; stopping one leaves the other polling; a stop stops once', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getAccount, { id: 1 }, { id: 1, user: 1, balance: '3', coin_value: '1' });
    const first = ctrl.poll(getAccount, { id: 1 });
    jest.advanceTimersByTime(500);
    const second = ctrl.poll(getAccount, { id: 1 }); // half a period later: it joins the first one's timer
    const served = serve('4');
    await tick(store, 500);
    expect(served.count).toBe(1);
    await tick(store, 500); // a timer of its own would fire now
    expect(served.count).toBe(1);

    first();
    first();
    serve('5', served);
    await tick(store, 500);
    expect(served.count).toBe(2);
    second();
    jest.advanceTimersByTime(5_000);
    expect(served.count).toBe(2);
  });

  test('the shared timer runs at the shortest frequency asked for, and goes back when that poll stops', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getAccount, { id: 1 }, { id: 1, user: 1, balance: '3', coin_value: '1' });
    const slow = ctrl.poll(getAccount, { id: 1 });
    const fast = ctrl.poll(getAccount.extend({ pollFrequency: 250 }), { id: 1 });
    const served = serve('4');
    await tick(store, 250);
    expect(served.count).toBe(1);
    fast();
    serve('5', served);
    await tick(store, 250);
    expect(served.count).toBe(1); // back at 1,000 ms: the interceptor waits
    await tick(store, 750);
    expect(served.count).toBe(2);
    slow();
  });

  test('a poll retains the call: its data outlives ctrl.gc() while polled, and goes keepUnusedDataFor after the stop', async () => {
    const { store, ctrl, slice } = makeStore({ keepUnusedDataFor: 10 });
    const still = getAccount.extend({ pollFrequency: undefined });
    serve('10');
    const stop = ctrl.poll(still, { id: 1 });
    await untilSettled(store, key);
    jest.advanceTimersByTime(60_000); // no pollFrequency: fetched once, never again (no interceptor is left)
    expect(ctrl.getResponse(still, { id: 1 })).toMatchObject({ isFetching: false, error: undefined });
    ctrl.gc();
    expect(slice().endpoints[key]).toBeDefined();
    stop();
    jest.advanceTimersByTime(10_000);
    expect(slice().endpoints[key]).toBeUndefined();
  });

  test('a failed poll is stored, a soft error keeps the data, and polling goes on', async () => {
    const { store, ctrl } = makeStore();
    serve('10');
    const stop = ctrl.poll(getAccount, { id: 1 });
    await untilSettled(store, key);
    serve('', undefined, 502);
    await tick(store, 1_000);
    expect(ctrl.getError(getAccount, { id: 1 })).toMatchObject({ status: 502 });
    expect(ctrl.getResponse(getAccount, { id: 1 }).data?.balance).toBe('10');
    serve('11');
    await tick(store, 1_000);
    expect(ctrl.getResponse(getAccount, { id: 1 })).toMatchObject({ error: undefined, data: { balance: '11' } });
    stop();
  });

  test('a store without the data middleware cannot poll: the Controller says how to add it', () => {
    const { ctrl } = makeStore({ dataMiddleware: false });
    expect(() => ctrl.poll(getAccount, { id: 1 })).toThrow("the data middleware for 'entities' is not installed");
  });
});
