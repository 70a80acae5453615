/** @jest-environment jsdom */
/**
 * useCancelling: the same endpoint while the arguments are equal; new arguments give a new one and
 * abort the previous arguments' request in flight, which stores no error and whose late answer
 * never reaches the store.
 */
import { act, renderHook, screen } from '@testing-library/react';
import nock from 'nock';
import { Endpoint, RestEndpoint } from '../../src/index';
import { AsyncBoundary, useCancelling, useSuspense } from '../../src/react/index';
import { User } from '../fixtures/spec';
import { API, assertNetworkDone, deferred, held, makeStore, strictNetwork } from '../fixtures/store';
import { renderWithStore, untilStore } from './harness';

const searchUsers = new RestEndpoint({
  urlPrefix: API,
  path: '/users',
  searchParams: {} as { q: string },
  schema: [User],
});

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

function Results({ q }: { q: string }) {
  const users = useSuspense(useCancelling(searchUsers, { q }), { q });
  return <p>{users.map((user) => user.name).join(', ') || 'none'}</p>;
}

describe('useCancelling', () => {
  test('the same endpoint while the arguments are equal, a new one for new arguments', () => {
    const { result, rerender } = renderHook(({ q }) => useCancelling(searchUsers, { q }), {
      initialProps: { q: 'a' },
    });
    const first = result.current;
    expect(first).not.toBe(searchUsers);
    expect(first.key({ q: 'a' })).toBe(searchUsers.key({ q: 'a' }));
    expect(first.url({ q: 'a' })).toBe(`${API}/users?q=a`);
    rerender({ q: 'a' });
    expect(result.current).toBe(first);
    rerender({ q: 'b' });
    expect(result.current).not.toBe(first);
  });

  /** Results for 'a' shown, then the request for 'b' in flight (held) while the fallback shows. */
  async function searchingForB() {
    const setup = makeStore();
    nock(API)
      .get('/users')
      .query({ q: 'a' })
      .reply(200, [{ id: '1', name: 'Ann' }]);
    const slow = held('get', '/users', 200, [{ id: '2', name: 'Bo' }], undefined, { q: 'b' });
    const show = (q: string) => (
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Results q={q} />
      </AsyncBoundary>
    );
    const view = renderWithStore(setup.store, show('a'));
    expect(await screen.findByText('Ann')).toBeTruthy();
    view.rerender(show('b'));
    await slow.arrived;
    return { ...setup, slow, rerender: (q: string) => view.rerender(show(q)) };
  }

  test('new arguments abort the request of the previous ones: no error stored, their answer never stored', async () => {
    const { store, ctrl, slice, slow, rerender } = await searchingForB();
    nock(API)
      .get('/users')
      .query({ q: 'c' })
      .reply(200, [{ id: '3', name: 'Cy' }]);

    rerender('c');
    expect(await screen.findByText('Cy')).toBeTruthy();
    await untilStore(store, () => (slice().meta[searchUsers.key({ q: 'b' })]?.pending ?? 0) === 0);
    slow.release();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(ctrl.getResponse(searchUsers, { q: 'b' })).toMatchObject({ data: undefined, error: undefined });
    expect(Object.keys(slice().entities.User ?? {}).sort()).toEqual(['1', '3']);
  });

  test('a render with the same arguments aborts nothing: the request in flight answers', async () => {
    const { slow, rerender } = await searchingForB();
    rerender('b');
    rerender('b');
    slow.release();
    expect(await screen.findByText('Bo')).toBeTruthy();
  });

  test('an endpoint that ignores its abort signal: its late answer still never reaches the store', async () => {
    type Found = { id: string; name: string }[];
    const answers: Record<string, ReturnType<typeof deferred<Found>>> = {
      a: deferred<Found>(),
      b: deferred<Found>(),
      c: deferred<Found>(),
    };
    const search = Endpoint(
      (params: { q: string }) => (answers[params.q] as ReturnType<typeof deferred<Found>>).promise,
      {
        name: 'search',
        schema: [User],
      },
    );
    function Names({ q }: { q: string }) {
      const users = useSuspense(useCancelling(search, { q }), { q });
      return <p>{users.map((user) => user.name).join(', ')}</p>;
    }
    const show = (q: string) => (
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Names q={q} />
      </AsyncBoundary>
    );
    const { store, ctrl, slice } = makeStore();
    const pending = (q: string) => (slice().meta[search.key({ q })]?.pending ?? 0) > 0;
    const view = renderWithStore(store, show('a'));
    await act(async () => answers.a?.resolve([{ id: '1', name: 'Ann' }]));
    expect(await screen.findByText('Ann')).toBeTruthy();
    view.rerender(show('b'));
    await untilStore(store, () => pending('b'));

    view.rerender(show('c'));
    await act(async () => answers.c?.resolve([{ id: '3', name: 'Cy' }]));
    expect(await screen.findByText('Cy')).toBeTruthy();
    await act(async () => answers.b?.resolve([{ id: '2', name: 'Bo' }]));
    await untilStore(store, () => !pending('b'));

    expect(ctrl.getResponse(search, { q: 'b' })).toMatchObject({ data: undefined, error: undefined });
    expect(Object.keys(slice().entities.User ?? {}).sort()).toEqual(['1', '3']);
  });
});
