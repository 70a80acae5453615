/** @jest-environment jsdom */
/**
 * useSubscription: keeps a call fresh through `ctrl.poll` at the endpoint's pollFrequency while
 * mounted, never suspends, stops on unmount; `null` arguments subscribe to nothing.
 */
import { act, render, screen } from '@testing-library/react';
import nock from 'nock';
import { RestEndpoint } from '../../src/index';
import { AsyncBoundary, ErrorBoundary, useCache, useSubscription } from '../../src/react/index';
import { Account } from '../fixtures/spec';
import { fakeOnly } from '../fixtures/fakeClock';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { caughtErrors, renderWithStore, requestsDuring } from './harness';

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

function Balance({ id }: { id: number | null }) {
  useSubscription(getAccount, id === null ? null : { id });
  const account = useCache(getAccount, id === null ? null : { id });
  return <p>{account === undefined ? 'no balance yet' : `balance ${account.balance}`}</p>;
}

function serveBalance(balance: string) {
  nock(API).get('/account/1').reply(200, { id: 1, user: 1, balance, coin_value: '1' });
}

describe('useSubscription', () => {
  test('never suspends: the component shows at once, then each poll at pollFrequency', async () => {
    const { store } = makeStore();
    serveBalance('10');
    const fallbacks: string[] = [];
    function Fallback() {
      fallbacks.push('shown');
      return <p>Loading</p>;
    }
    renderWithStore(
      store,
      <AsyncBoundary fallback={<Fallback />}>
        <Balance id={1} />
      </AsyncBoundary>,
    );
    expect(screen.getByText('no balance yet')).toBeTruthy();
    expect(await screen.findByText('balance 10')).toBeTruthy();

    serveBalance('12');
    await act(async () => void jest.advanceTimersByTime(1000));
    expect(await screen.findByText('balance 12')).toBeTruthy();
    expect(fallbacks).toEqual([]);
  });

  test('stops polling on unmount: no timer is left and nothing is requested afterwards', async () => {
    const { store } = makeStore();
    serveBalance('10');
    const view = renderWithStore(store, <Balance id={1} />);
    await screen.findByText('balance 10');
    view.unmount();
    expect(jest.getTimerCount()).toBe(0);
    expect(await requestsDuring(store, () => jest.advanceTimersByTime(5000))).toEqual([]);
  });

  test('null arguments subscribe to nothing', async () => {
    const { store } = makeStore();
    let view: ReturnType<typeof renderWithStore> | undefined;
    expect(await requestsDuring(store, () => (view = renderWithStore(store, <Balance id={null} />)))).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
    expect(screen.getByText('no balance yet')).toBeTruthy();
    view?.unmount();
  });

  test('outside the Provider it throws, naming the hook and the endpoint', () => {
    const { caught, onCaughtError } = caughtErrors();
    function Bare() {
      useSubscription(getAccount, { id: 1 });
      return null;
    }
    render(
      <ErrorBoundary>
        <Bare />
      </ErrorBoundary>,
      { onCaughtError },
    );
    expect(screen.getByRole('alert').textContent).toMatch(/useSubscription\(GET \/account\/:id\) needs the store/);
    expect(caught).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /^useSubscription\(GET \/account\/:id\) needs the store: render it inside react-redux's <Provider store=\{store\}>/,
        ),
      }),
    ]);
  });
});
