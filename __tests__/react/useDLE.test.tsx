/** @jest-environment jsdom */
/**
 * useDLE: data, loading and error without suspending, with one request, and across a store reset.
 */
import { act, screen, waitFor } from '@testing-library/react';
import nock from 'nock';
import { RestEndpoint, schema } from '../../src/index';
import { useDLE, type DLE } from '../../src/react/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { renderCounter, renderWithStore, requestsDuring } from './harness';

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

function Users({ seen }: { seen: DLE<User[]>[] }) {
  const result = useDLE(getUsers);
  seen.push(result);
  const { data, loading, error } = result;
  if (error) return <p role="alert">{error.message}</p>;
  if (loading || data === undefined) return <p>Loading</p>;
  return <p>{data.map((user) => user.name).join(', ')}</p>;
}

describe('useDLE', () => {
  test('loading from the first render, then the data; one request; never suspends', async () => {
    const { store } = makeStore();
    nock(API).get('/users').reply(200, usersResponse);
    const seen: DLE<User[]>[] = [];
    renderWithStore(store, <Users seen={seen} />);
    expect(seen[0]).toEqual({ data: undefined, loading: true, error: undefined });
    expect(await screen.findByText('Ann, Bo')).toBeTruthy();
    expect(seen.at(-1)).toMatchObject({ loading: false, error: undefined });
  });

  test('a failure comes back in `error`, not thrown', async () => {
    const { store } = makeStore();
    nock(API).get('/users').reply(404, { detail: 'missing' });
    const seen: DLE<User[]>[] = [];
    renderWithStore(store, <Users seen={seen} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/404/);
    expect(seen.at(-1)).toMatchObject({
      data: undefined,
      loading: false,
      error: { name: 'NetworkError', status: 404 },
    });
  });

  test('fresh data: no request, not loading, and the same object across renders', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    const seen: DLE<User[]>[] = [];
    const requests = await requestsDuring(store, () => {
      const view = renderWithStore(store, <Users seen={seen} />);
      view.rerender(<Users seen={seen} />);
    });
    expect(requests).toEqual([]);
    expect(screen.getByText('Ann, Bo')).toBeTruthy();
    expect(seen[0]).toMatchObject({ loading: false });
    expect(seen[1]).toBe(seen[0]);
  });

  test('stale data stays on screen while it refreshes (not loading)', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    ctrl.expireAll({ testKey: () => true });
    nock(API)
      .get('/users')
      .reply(200, [{ id: '3', name: 'Cy' }, ...usersResponse]);
    const seen: DLE<User[]>[] = [];
    renderWithStore(store, <Users seen={seen} />);
    expect(screen.getByText('Ann, Bo')).toBeTruthy();
    expect(await screen.findByText('Ann, Bo, Cy')).toBeTruthy();
    expect(seen.every((result) => !result.loading)).toBe(true);
  });

  test('null skips: not loading, no data, no request', () => {
    const { store } = makeStore();
    const seen: DLE<User | undefined>[] = [];
    function Maybe() {
      seen.push(useDLE(getUser, null));
      return null;
    }
    renderWithStore(store, <Maybe />);
    expect(seen[0]).toEqual({ data: undefined, loading: false, error: undefined });
    expect(store.getState().entities.meta).toEqual({});
  });

  test('an unrelated write does not re-render', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    const counter = renderCounter();
    function Counted() {
      counter.hit();
      return <p>{useDLE(getUsers).data?.length}</p>;
    }
    renderWithStore(store, <Counted />);
    const initial = counter.count;
    act(() => void ctrl.setResponse(new RestEndpoint({ urlPrefix: API, path: '/other' }), { unrelated: true }));
    expect(counter.count).toBe(initial);
    await waitFor(() => expect(screen.getByText('2')).toBeTruthy());
  });
});

describe('useDLE and a store reset', () => {
  test('a reset while the request is in flight drops it and fetches again', async () => {
    const { store, ctrl } = makeStore();
    nock(API)
      .get('/users')
      .delay(200)
      .reply(200, [{ id: '9', name: 'dropped' }]);
    const seen: DLE<User[]>[] = [];
    renderWithStore(store, <Users seen={seen} />);
    await act(async () => {});
    expect(ctrl.getResponse(getUsers).isFetching).toBe(true);

    nock(API).get('/users').reply(200, usersResponse);
    act(() => ctrl.resetEntireStore());
    expect(seen.at(-1)).toMatchObject({ loading: true });
    expect(await screen.findByText('Ann, Bo')).toBeTruthy();
    expect(screen.queryByText('dropped')).toBeNull();
  });
});
