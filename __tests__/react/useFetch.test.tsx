/** @jest-environment jsdom */
/** useFetch: a request for stale data without suspending, returning the request. */
import { act, screen, waitFor } from '@testing-library/react';
import nock from 'nock';
import { RestEndpoint, schema } from '../../src/index';
import { AsyncBoundary, useCache, useFetch, useSuspense } from '../../src/react/index';
import { Post, User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { renderWithStore, requestsDuring } from './harness';

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });
const getPosts = new RestEndpoint({ urlPrefix: API, path: '/posts', schema: [Post] });

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

describe('useFetch', () => {
  test('fetches stale data without suspending, and returns the request', async () => {
    const { store } = makeStore();
    nock(API).get('/users').reply(200, usersResponse);
    const returned: (Promise<User[]> | undefined)[] = [];
    function Prefetch() {
      returned.push(useFetch(getUsers));
      return <p>{useCache(getUsers)?.length ?? 'none'} users</p>;
    }
    renderWithStore(store, <Prefetch />);
    expect(screen.getByText('none users')).toBeTruthy();
    expect(returned[0]).toBeInstanceOf(Promise);
    const users = await act(() => returned[0] as Promise<User[]>);
    expect(users.map((user) => user.name)).toEqual(['Ann', 'Bo']);
    expect(screen.getByText('2 users')).toBeTruthy();
    expect(returned.at(-1)).toBeUndefined();
  });

  test('fresh data: undefined, and no request', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    let returned: Promise<User[]> | undefined | 'unset' = 'unset';
    function Prefetch() {
      returned = useFetch(getUsers);
      return null;
    }
    expect(await requestsDuring(store, () => renderWithStore(store, <Prefetch />))).toEqual([]);
    expect(returned).toBeUndefined();
  });

  test('null skips', () => {
    const { store } = makeStore();
    let returned: Promise<User> | undefined | 'unset' = 'unset';
    function Prefetch() {
      returned = useFetch(getUser, null);
      return null;
    }
    renderWithStore(store, <Prefetch />);
    expect(returned).toBeUndefined();
    expect(store.getState().entities.meta).toEqual({});
  });

  test('the returned request rejects with the failure, which is also stored', async () => {
    const { store, ctrl } = makeStore();
    nock(API).get('/users').reply(404, {});
    let returned: Promise<User[]> | undefined;
    function Prefetch() {
      returned ??= useFetch(getUsers);
      return null;
    }
    renderWithStore(store, <Prefetch />);
    await act(async () => {
      await expect(returned).rejects.toMatchObject({ status: 404 });
    });
    expect(ctrl.getError(getUsers)).toMatchObject({ status: 404 });
  });

  test('starts a request in parallel with a useSuspense that suspends below it', async () => {
    const { store } = makeStore();
    const started: string[] = [];
    nock(API)
      .get('/users/1')
      .delay(30)
      .reply(200, () => {
        started.push('user');
        return { id: '1', name: 'Ann' };
      })
      .get('/posts')
      .reply(200, () => {
        started.push('posts');
        return [{ id: 1, type: 'post', content: 'Hi' }];
      });
    function Page() {
      useFetch(getPosts);
      const user = useSuspense(getUser, { id: 1 });
      return <p>{user.name}</p>;
    }
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Page />
      </AsyncBoundary>,
    );
    await waitFor(() => expect(started).toContain('posts'));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Ann')).toBeTruthy();
    expect(started).toEqual(['posts', 'user']);
  });
});
