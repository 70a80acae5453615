/** @jest-environment jsdom */
/** useLive: useSuspense that polls at the endpoint's pollFrequency while mounted. */
import { act, screen } from '@testing-library/react';
import nock from 'nock';
import { RestEndpoint } from '../../src/index';
import { AsyncBoundary, useLive } from '../../src/react/index';
import { Account } from '../fixtures/spec';
import { fakeOnly } from '../fixtures/fakeClock';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { renderWithStore, untilStore } from './harness';

const getAccount = new RestEndpoint({ urlPrefix: API, path: '/account/:id', schema: Account, pollFrequency: 1000 });

beforeEach(() => {
  strictNetwork();
  // only the polling interval runs on the fake clock: React, nock and promises keep real time
  fakeOnly('setInterval', 'clearInterval');
});
afterEach(() => {
  jest.useRealTimers();
  assertNetworkDone();
});

function Balance({ id }: { id: number }) {
  const account = useLive(getAccount, { id });
  return <p>balance {account.balance}</p>;
}

function serveBalance(balance: string) {
  nock(API).get('/account/1').reply(200, { id: 1, user: 1, balance, coin_value: '1' });
}

describe('useLive', () => {
  test('suspends for the first read, then polls at pollFrequency', async () => {
    const { store } = makeStore();
    serveBalance('10');
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Balance id={1} />
      </AsyncBoundary>,
    );
    expect(await screen.findByText('balance 10')).toBeTruthy();

    serveBalance('12');
    await act(async () => void jest.advanceTimersByTime(1000));
    expect(await screen.findByText('balance 12')).toBeTruthy();

    serveBalance('15');
    await act(async () => void jest.advanceTimersByTime(1000));
    expect(await screen.findByText('balance 15')).toBeTruthy();
  });

  test('stops polling on unmount: nothing is dispatched or requested afterwards', async () => {
    const { store } = makeStore();
    serveBalance('10');
    const view = renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Balance id={1} />
      </AsyncBoundary>,
    );
    await screen.findByText('balance 10');
    view.unmount();
    expect(jest.getTimerCount()).toBe(0);

    const dispatched: unknown[] = [];
    const unsubscribe = store.subscribe(() => dispatched.push(store.getState()));
    await act(async () => void jest.advanceTimersByTime(5000));
    unsubscribe();
    expect(dispatched).toEqual([]);
  });

  test('without pollFrequency it reads like useSuspense and sets no timer', async () => {
    const { store, ctrl } = makeStore();
    const getStill = getAccount.extend({ pollFrequency: undefined });
    ctrl.setResponse(getStill, { id: 1 }, { id: 1, user: 1, balance: '3', coin_value: '1' });
    function Still() {
      return <p>still {useLive(getStill, { id: 1 }).balance}</p>;
    }
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Still />
      </AsyncBoundary>,
    );
    expect(screen.getByText('still 3')).toBeTruthy();
    expect(jest.getTimerCount()).toBe(0);
  });

  test('a failed poll with a soft error keeps the data on screen', async () => {
    const { store, ctrl } = makeStore();
    serveBalance('10');
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Balance id={1} />
      </AsyncBoundary>,
    );
    await screen.findByText('balance 10');
    nock(API).get('/account/1').reply(502, 'bad gateway');
    await act(async () => void jest.advanceTimersByTime(1000));
    // waitFor polls with setInterval, which is fake here: wait on the store instead
    await act(() => untilStore(store, () => ctrl.getError(getAccount, { id: 1 }) !== undefined));
    expect(ctrl.getError(getAccount, { id: 1 })).toMatchObject({ status: 502 });
    expect(screen.getByText('balance 10')).toBeTruthy();
  });
});
