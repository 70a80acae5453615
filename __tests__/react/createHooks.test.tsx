/** @jest-environment jsdom */
/**
 * createHooks: hooks bound to a createEntities() mount point, and to a custom react-redux context.
 */
import { act, render, screen } from '@testing-library/react';
import nock from 'nock';
import { createContext } from 'react';
import { Provider, type ReactReduxContextValue } from 'react-redux';
import { RestEndpoint, createEntities, schema } from '../../src/index';
import { AsyncBoundary, createHooks } from '../../src/react/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { renderWithStore } from './harness';

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

function makeCacheStore() {
  const cache = createEntities({ reducerPath: 'cache' });
  return { cache, store: makeStore({ entities: cache }).store };
}

describe('createHooks', () => {
  test('hooks bound to a createEntities({ reducerPath }) instance read and fetch through that slice', async () => {
    const { cache, store } = makeCacheStore();
    const { useSuspense, useQuery, useController } = createHooks(cache);
    nock(API).get('/users').reply(200, usersResponse);
    const allUsers = new schema.All(User);
    let controller: ReturnType<typeof useController> | undefined;
    function Users() {
      controller = useController();
      const users = useSuspense(getUsers);
      const listed = useQuery(allUsers);
      return (
        <p>
          {users.length} fetched, {listed?.length} listed
        </p>
      );
    }
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Users />
      </AsyncBoundary>,
    );
    expect(await screen.findByText('2 fetched, 2 listed')).toBeTruthy();
    expect(Object.keys(store.getState().cache.entities.User ?? {})).toEqual(['1', '2']);

    act(
      () =>
        void controller?.setResponse(
          new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User }),
          { id: '3' },
          { id: '3', name: 'Cy' },
        ),
    );
    expect(screen.getByText('3 fetched, 3 listed')).toBeTruthy();
  });

  test('a custom react-redux context: the hooks use the store provided on it', () => {
    const { cache, store } = makeCacheStore();
    cache.createController(store).setResponse(getUsers, usersResponse);
    const context = createContext<ReactReduxContextValue | null>(null);
    const { useCache } = createHooks(cache, { context });
    function Count() {
      return <p>{useCache(getUsers)?.length} users</p>;
    }
    render(
      <Provider store={store} context={context}>
        <Count />
      </Provider>,
    );
    expect(screen.getByText('2 users')).toBeTruthy();
  });
});
