/** @jest-environment jsdom */
/**
 * useCache and useError: reads of the store that never fetch. A store without the slice or the
 * data middleware, where such a read would stay empty in silence, is reported once in development.
 */
import { act, screen } from '@testing-library/react';
import nock from 'nock';
import { RestEndpoint, createEntities, schema } from '../../src/index';
import { createHooks, useCache, useError, useQuery } from '../../src/react/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { renderCounter, renderWithStore, requestsDuring } from './harness';

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

function Names({ counter }: { counter?: { hit(): void } }) {
  counter?.hit();
  const users = useCache(getUsers);
  return <p>{users === undefined ? 'nothing stored' : users.map((user) => user.name).join(', ')}</p>;
}

describe('useCache', () => {
  test('reads the store only: nothing stored, no request; then what a fetch stored', async () => {
    const { store, ctrl } = makeStore();
    renderWithStore(store, <Names />);
    expect(screen.getByText('nothing stored')).toBeTruthy();
    expect(store.getState().entities.meta).toEqual({});

    nock(API).get('/users').reply(200, usersResponse);
    await act(() => ctrl.fetch(getUsers));
    expect(screen.getByText('Ann, Bo')).toBeTruthy();
  });

  test('an entity read elsewhere is listed by a schema.All endpoint, without a request', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUser, { id: '5' }, { id: '5', name: 'Eve' });
    const requests = await requestsDuring(store, () => {
      renderWithStore(store, <Names />);
      expect(screen.getByText('Eve')).toBeTruthy();
    });
    expect(requests).toEqual([]);
    expect(store.getState().entities.meta[getUsers.key()]).toBeUndefined();
  });

  test('re-renders only when the data changes', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    const counter = renderCounter();
    renderWithStore(store, <Names counter={counter} />);
    const initial = counter.count;
    act(() => ctrl.expireAll({ testKey: () => true }));
    act(() => void ctrl.setResponse(new RestEndpoint({ urlPrefix: API, path: '/other' }), { unrelated: true }));
    expect(counter.count).toBe(initial);
    act(() => void ctrl.setResponse(getUser, { id: '1' }, { id: '1', name: 'Anna' }));
    expect(screen.getByText('Anna, Bo')).toBeTruthy();
    expect(counter.count).toBe(initial + 1);
  });

  test('null skips', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUser, { id: '5' }, { id: '5', name: 'Eve' });
    function Maybe() {
      return <p>{useCache(getUser, null) === undefined ? 'skipped' : 'read'}</p>;
    }
    renderWithStore(store, <Maybe />);
    expect(screen.getByText('skipped')).toBeTruthy();
  });
});

describe('useError', () => {
  function Status() {
    const error = useError(getUsers);
    const users = useCache(getUsers);
    return (
      <p>
        {users?.length ?? 0} users; {error === undefined ? 'no error' : `${error.name} ${error.status}`}
      </p>
    );
  }

  test('reports a soft error while the data stays readable, and clears on the next success', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    renderWithStore(store, <Status />);
    expect(screen.getByText('2 users; no error')).toBeTruthy();

    nock(API).get('/users').reply(503, 'busy');
    await act(async () => {
      await expect(ctrl.fetch(getUsers)).rejects.toMatchObject({ status: 503 });
    });
    expect(screen.getByText('2 users; NetworkError 503')).toBeTruthy();

    nock(API).get('/users').reply(200, usersResponse);
    await act(() => ctrl.fetch(getUsers));
    expect(screen.getByText('2 users; no error')).toBeTruthy();
  });

  test('reports a hard error, which hides the data; never fetches', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    renderWithStore(store, <Status />);
    nock(API).get('/users').reply(401, {});
    await act(async () => {
      await expect(ctrl.fetch(getUsers)).rejects.toMatchObject({ status: 401 });
    });
    expect(screen.getByText('0 users; NetworkError 401')).toBeTruthy();
  });
});

describe('in a store without the data middleware', () => {
  test("useCache, useQuery and useError read what the store was given, follow the slice's actions from elsewhere and unmount cleanly", async () => {
    // the missing middleware is reported (the test below checks what it says)
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    // the data arrives as another store's actions (a server render, another tab), with no request of its own
    const source = makeStore({ logActions: true });
    const { store } = makeStore({ dataMiddleware: false });
    const everyone = new schema.All(User);
    function StoreOnly() {
      const users = useCache(getUsers);
      const listed = useQuery(everyone);
      const error = useError(getUser, { id: '9' });
      return (
        <p>
          {users?.map((user) => user.name).join(', ') ?? 'nothing stored'}; {listed?.length ?? 0} listed;{' '}
          {error?.message ?? 'no error'}
        </p>
      );
    }
    const view = renderWithStore(store, <StoreOnly />);
    expect(screen.getByText('nothing stored; 0 listed; no error')).toBeTruthy();
    source.ctrl.setResponse(getUsers, usersResponse);
    source.ctrl.setError(getUser, { id: '9' }, new Error('gone'));
    const requests = await requestsDuring(store, () => {
      for (const action of source.actions) act(() => void store.dispatch(action));
    });
    expect(requests).toEqual([]);
    expect(screen.getByText('Ann, Bo; 2 listed; gone')).toBeTruthy();
    expect(() => view.unmount()).not.toThrow();
    expect(errors).toHaveBeenCalledTimes(1);
  });
});

describe('development errors for a read that would stay empty in silence', () => {
  test('a store without the data middleware: useCache says so once, naming createDataMiddleware()', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const cache = createEntities({ reducerPath: 'noMiddleware' });
    const hooks = createHooks(cache);
    const { store } = makeStore({ entities: cache, dataMiddleware: false });
    function Count() {
      return <p>{hooks.useCache(getUsers)?.length ?? 'nothing'}</p>;
    }
    renderWithStore(
      store,
      <>
        <Count />
        <Count />
      </>,
    );
    expect(screen.getAllByText('nothing')).toHaveLength(2);
    expect(errors.mock.calls).toEqual([
      [
        "rtk-entities: the data middleware for 'noMiddleware' is not installed. Add the middleware of createEntities({ reducerPath: 'noMiddleware' }) " +
          'to configureStore: `middleware: (getDefault) => getDefault().concat(noMiddleware.createDataMiddleware())`, where `noMiddleware` is ' +
          'what that createEntities call returned. Without it, nothing in this store fetches: useCache and useQuery read only what is there.',
      ],
    ]);
  });

  test('a store without the entities slice: useCache says so once, naming the reducer to add', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = makeStore({ slice: false });
    function Count() {
      return <p>{useCache(getUsers)?.length ?? 'nothing'}</p>;
    }
    renderWithStore(
      store,
      <>
        <Count />
        <Count />
      </>,
    );
    expect(screen.getAllByText('nothing')).toHaveLength(2);
    expect(errors.mock.calls).toEqual([
      [
        "rtk-entities: this store's reads find no data (undefined, [] or 'uninitialized'): the 'entities' slice is not in the store. " +
          'Add `[entitiesSlice.reducerPath]: entitiesSlice.reducer` to the reducer of configureStore.',
      ],
    ]);
  });

  test('a store with both reads in silence', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    renderWithStore(store, <Names />);
    expect(screen.getByText('Ann, Bo')).toBeTruthy();
  });
});
