/** @jest-environment jsdom */
/**
 * useDebounce: a value once it has stayed the same for `delay` ms, set in a transition whose
 * `isPending` covers a read that suspends on the new value.
 */
import { act, renderHook, screen } from '@testing-library/react';
import nock from 'nock';
import { RestEndpoint } from '../../src/index';
import { AsyncBoundary, useDebounce, useSuspense } from '../../src/react/index';
import { User } from '../fixtures/spec';
import { fakeOnly } from '../fixtures/fakeClock';
import { API, assertNetworkDone, held, makeStore, strictNetwork } from '../fixtures/store';
import { renderWithStore } from './harness';

beforeEach(() => {
  strictNetwork();
  // only the debounce timers runs on the fake clock: React, nock and promises keep real time
  fakeOnly('setTimeout', 'clearTimeout');
});
afterEach(() => {
  jest.useRealTimers();
  assertNetworkDone();
});

describe('useDebounce', () => {
  test('takes the value once it stayed the same for delay ms, skipping the ones in between', () => {
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ value }) => {
        const debounced = useDebounce(value, 200);
        seen.push(debounced[0]);
        return debounced;
      },
      { initialProps: { value: 'a' } },
    );
    rerender({ value: 'ab' });
    act(() => void jest.advanceTimersByTime(150));
    rerender({ value: 'abc' });
    act(() => void jest.advanceTimersByTime(150));
    expect(result.current[0]).toBe('a');
    act(() => void jest.advanceTimersByTime(50));
    expect(result.current).toEqual(['abc', false]);
    expect(new Set(seen)).toEqual(new Set(['a', 'abc']));
  });

  test('updatable false holds the value', () => {
    const { result, rerender } = renderHook(({ value, updatable }) => useDebounce(value, 100, updatable), {
      initialProps: { value: 1, updatable: false },
    });
    rerender({ value: 2, updatable: false });
    act(() => void jest.advanceTimersByTime(500));
    expect(result.current[0]).toBe(1);
    rerender({ value: 2, updatable: true });
    act(() => void jest.advanceTimersByTime(100));
    expect(result.current[0]).toBe(2);
  });

  test('isPending covers a read that suspends on the new value: the old data stays shown, no fallback', async () => {
    const searchUsers = new RestEndpoint({
      urlPrefix: API,
      path: '/users',
      searchParams: {} as { q: string },
      schema: [User],
    });
    function Results({ q }: { q: string }) {
      return (
        <p>
          {useSuspense(searchUsers, { q })
            .map((user) => user.name)
            .join(', ')}
        </p>
      );
    }
    function Search({ query }: { query: string }) {
      const [q, isPending] = useDebounce(query, 200);
      return (
        <>
          <p>{isPending ? 'updating' : 'settled'}</p>
          <AsyncBoundary fallback={<p>Loading</p>}>
            <Results q={q} />
          </AsyncBoundary>
        </>
      );
    }
    const { store } = makeStore();
    nock(API)
      .get('/users')
      .query({ q: 'a' })
      .reply(200, [{ id: '1', name: 'Ann' }]);
    const view = renderWithStore(store, <Search query="a" />);
    expect(await screen.findByText('Ann')).toBeTruthy();

    const slow = held('get', '/users', 200, [{ id: '2', name: 'Bo' }], undefined, { q: 'b' });
    view.rerender(<Search query="b" />);
    act(() => void jest.advanceTimersByTime(200));
    await slow.arrived;
    expect(screen.getByText('updating')).toBeTruthy();
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();

    slow.release();
    expect(await screen.findByText('Bo')).toBeTruthy();
    expect(screen.getByText('settled')).toBeTruthy();
  });
});
