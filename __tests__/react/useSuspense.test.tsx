/** @jest-environment jsdom */
/**
 * useSuspense: suspends until the data is there, one request per call, stale data refreshed in the
 * background, errors to the boundary, resets and unmounts.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import nock from 'nock';
import { StrictMode, useState } from 'react';
import { Entity, RestEndpoint, Scalar, schema } from '../../src/index';
import { AsyncBoundary, useSuspense, type ErrorComponentProps } from '../../src/react/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { caughtErrors, renderCounter, renderWithStore, requestsDuring } from './harness';

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

function Users({ counter }: { counter?: { hit(): void } }) {
  counter?.hit();
  const users = useSuspense(getUsers);
  return (
    <ul>
      {users.map((user) => (
        <li key={user.id}>{user.name}</li>
      ))}
    </ul>
  );
}

function UserName({ id }: { id: string }) {
  const user = useSuspense(getUser, { id });
  return <p>user {user.name}</p>;
}

function ShowError({ error, resetErrorBoundary }: ErrorComponentProps) {
  return (
    <div role="alert">
      {error.name} {error.status} {error.message}
      <button onClick={resetErrorBoundary}>retry</button>
    </div>
  );
}

/** Counts the requests nock answers for `path`, replying `body` with `status`. */
function serve(path: string, body: unknown, { status = 200, times = 1 } = {}) {
  const served = { count: 0 };
  nock(API)
    .get(path)
    .times(times)
    .reply(status, () => {
      served.count++;
      return body;
    });
  return served;
}

describe('useSuspense', () => {
  test('suspends, makes one request, then renders the data', async () => {
    const { store } = makeStore();
    const served = serve('/users', usersResponse);
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Users />
      </AsyncBoundary>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Bo')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(served.count).toBe(1);
  });

  test('in StrictMode (double renders and effects) it still makes one request, without warnings', async () => {
    const { store } = makeStore();
    const served = serve('/users', usersResponse);
    renderWithStore(
      store,
      <StrictMode>
        <AsyncBoundary fallback={<p>Loading</p>}>
          <Users />
          <Users />
        </AsyncBoundary>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getAllByText('Bo')).toHaveLength(2));
    expect(served.count).toBe(1);
  });

  test('two components suspending on the same call make one request', async () => {
    const { store } = makeStore();
    const served = serve('/users', usersResponse);
    renderWithStore(
      store,
      <>
        <AsyncBoundary fallback={<p>first loading</p>}>
          <Users />
        </AsyncBoundary>
        <AsyncBoundary fallback={<p>second loading</p>}>
          <Users />
        </AsyncBoundary>
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('Ann')).toHaveLength(2));
    expect(served.count).toBe(1);
  });

  test('fresh stored data renders at once, without a request', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    const requests = await requestsDuring(store, () => {
      renderWithStore(
        store,
        <AsyncBoundary fallback={<p>Loading</p>}>
          <Users />
        </AsyncBoundary>,
      );
      expect(screen.getByText('Ann')).toBeTruthy();
    });
    expect(requests).toEqual([]);
    expect(screen.queryByText('Loading')).toBeNull();
  });

  test('expired data renders at once and is refreshed in the background', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    ctrl.expireAll({ testKey: () => true });
    const served = serve('/users', [...usersResponse, { id: '3', name: 'Cy' }]);
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Users />
      </AsyncBoundary>,
    );
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(await screen.findByText('Cy')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(served.count).toBe(1);
  });

  test("a record past its Entity's dataExpiryLength renders at once and is refreshed in the background", async () => {
    class Quote extends Entity {
      id = '';
      text = '';
      pk() {
        return this.id;
      }
      static override key = 'Quote';
      static override dataExpiryLength = 1_000;
    }
    const getQuote = new RestEndpoint({ urlPrefix: API, path: '/quotes/:id', schema: Quote });
    const clock = { now: 10_000 };
    const { store, ctrl } = makeStore({ now: () => clock.now });
    ctrl.setResponse(getQuote, { id: '1' }, { id: '1', text: 'old' });
    function Quoted() {
      return <p>{useSuspense(getQuote, { id: '1' }).text}</p>;
    }
    clock.now += 999;
    const fresh = renderWithStore(store, <Quoted />);
    await act(async () => {});
    expect(ctrl.getResponse(getQuote, { id: '1' })).toMatchObject({ isFetching: false, error: undefined });
    fresh.unmount(); // fresh: no request (no interceptor is mocked yet)
    clock.now += 1;
    const served = serve('/quotes/1', { id: '1', text: 'new' });
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Quoted />
      </AsyncBoundary>,
    );
    expect(screen.getByText('old')).toBeTruthy();
    expect(await screen.findByText('new')).toBeTruthy();
    expect(served.count).toBe(1);
  });

  test('invalidating a mounted call suspends it and fetches again', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Users />
      </AsyncBoundary>,
    );
    const served = serve('/users', [{ id: '3', name: 'Cy' }]);
    act(() => ctrl.invalidate(getUsers));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Cy')).toBeTruthy();
    expect(served.count).toBe(1);
  });

  test('a hard error (404) reaches the error boundary as an Error with the stored name, status and message', async () => {
    const { store } = makeStore();
    serve('/users/9', { detail: 'missing' }, { status: 404 });
    const { caught, onCaughtError } = caughtErrors();
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>} errorComponent={ShowError}>
        <UserName id="9" />
      </AsyncBoundary>,
      { onCaughtError },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^NetworkError 404 .*404/);
    expect(caught).toHaveLength(1);
    expect(caught[0]).toBeInstanceOf(Error);
    expect(caught[0]).toMatchObject({ name: 'NetworkError', status: 404 });
  });

  test('reset retries a failed call: the next render fetches again', async () => {
    const { store } = makeStore();
    serve('/users/9', { detail: 'missing' }, { status: 404 });
    const { onCaughtError } = caughtErrors();
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>} errorComponent={ShowError}>
        <UserName id="9" />
      </AsyncBoundary>,
      { onCaughtError },
    );
    await screen.findByRole('alert');
    const served = serve('/users/9', { id: '9', name: 'Nine' });
    fireEvent.click(screen.getByText('retry'));
    expect(await screen.findByText('user Nine')).toBeTruthy();
    expect(served.count).toBe(1);
  });

  test('an error before any data reaches the boundary even when it is soft (500)', async () => {
    const { store } = makeStore();
    serve('/users', 'down', { status: 503 });
    const { caught, onCaughtError } = caughtErrors();
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>} errorComponent={ShowError}>
        <Users />
      </AsyncBoundary>,
      { onCaughtError },
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/NetworkError 503/);
    expect(caught).toHaveLength(1);
  });

  test('a soft error on a refresh keeps the data on screen', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>} errorComponent={ShowError}>
        <Users />
      </AsyncBoundary>,
    );
    serve('/users', 'down', { status: 500 });
    await act(async () => {
      await expect(ctrl.fetch(getUsers)).rejects.toMatchObject({ status: 500 });
    });
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('null arguments skip: undefined, and no request', () => {
    const { store } = makeStore();
    function Maybe({ id }: { id?: string }) {
      const user = useSuspense(getUser, id === undefined ? null : { id });
      return <p>{user === undefined ? 'nobody' : user.name}</p>;
    }
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Maybe />
      </AsyncBoundary>,
    );
    expect(screen.getByText('nobody')).toBeTruthy();
    expect(store.getState().entities.meta).toEqual({});
  });

  test('arguments 1 → 2 → 1: the new call suspends and fetches; going back reads the cache at once', async () => {
    const { store } = makeStore();
    serve('/users/1', { id: '1', name: 'Ann' });
    serve('/users/2', { id: '2', name: 'Bo' });
    function Picker() {
      const [id, setId] = useState('1');
      return (
        <>
          <button onClick={() => setId('2')}>next</button>
          <button onClick={() => setId('1')}>back</button>
          <AsyncBoundary fallback={<p>Loading</p>}>
            <UserName id={id} />
          </AsyncBoundary>
        </>
      );
    }
    renderWithStore(store, <Picker />);
    expect(await screen.findByText('user Ann')).toBeTruthy();
    fireEvent.click(screen.getByText('next'));
    expect(await screen.findByText('user Bo')).toBeTruthy();
    const annMeta = store.getState().entities.meta[getUser.key({ id: '1' })];
    fireEvent.click(screen.getByText('back'));
    expect(screen.getByText('user Ann')).toBeTruthy(); // synchronously: fresh data, no suspense
    expect(screen.queryByText('Loading')).toBeNull();
    await act(async () => {});
    // no request followed: the call's bookkeeping is the very same object (a request would mark it pending)
    expect(store.getState().entities.meta[getUser.key({ id: '1' })]).toBe(annMeta);
  });

  test('a write to an unrelated entity does not re-render the list; a write to a listed user does', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    const counter = renderCounter();
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Users counter={counter} />
      </AsyncBoundary>,
    );
    const initial = counter.count;

    class Note extends User {
      static override key = 'Note';
    }
    const getNote = new RestEndpoint({ urlPrefix: API, path: '/notes/:id', schema: Note });
    act(() => void ctrl.setResponse(getNote, { id: 'n' }, { id: 'n', name: 'unrelated' }));
    act(() => void ctrl.setResponse(getNote, { id: 'm' }, { id: 'm', name: 'also unrelated' }));
    expect(counter.count).toBe(initial);

    act(() => void ctrl.setResponse(getUser, { id: '2' }, { id: '2', name: 'Bob' }));
    expect(screen.getByText('Bob')).toBeTruthy();
    expect(counter.count).toBe(initial + 1);
  });

  test('a background refresh that brings back equal data does not re-render', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    const counter = renderCounter();
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Users counter={counter} />
      </AsyncBoundary>,
    );
    const initial = counter.count;
    serve('/users', usersResponse);
    await act(() => ctrl.fetch(getUsers));
    expect(counter.count).toBe(initial);
  });

  test('responses stale on arrival (dataExpiryLength 0) are not fetched again in a loop', async () => {
    const { store, ctrl } = makeStore();
    const getNow = new RestEndpoint({
      urlPrefix: API,
      path: '/users',
      schema: new schema.All(User),
      dataExpiryLength: 0,
    });
    const served = serve('/users', usersResponse);
    function Now() {
      const users = useSuspense(getNow);
      return <p>{users.length} now</p>;
    }
    const view = renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Now />
      </AsyncBoundary>,
    );
    expect(await screen.findByText('2 now')).toBeTruthy();
    view.rerender(
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Now />
      </AsyncBoundary>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(served.count).toBe(1);
    expect(ctrl.getResponse(getNow).isFetching).toBe(false);
  });

  test('errors stale on arrival (errorExpiryLength 0) reach the boundary once, without a retry loop', async () => {
    const { store } = makeStore();
    const getFlaky = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User, errorExpiryLength: 0 });
    const served = serve('/users/7', { detail: 'missing' }, { status: 404 });
    function Flaky() {
      const user = useSuspense(getFlaky, { id: 7 });
      return <p>{user.name}</p>;
    }
    const { onCaughtError } = caughtErrors();
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>} errorComponent={ShowError}>
        <Flaky />
      </AsyncBoundary>,
      { onCaughtError },
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/404/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(served.count).toBe(1);
  });

  test('without the data middleware the boundary says how to install it, and nothing loops', async () => {
    const { store } = makeStore({ dataMiddleware: false });
    const { caught, onCaughtError } = caughtErrors();
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Users />
      </AsyncBoundary>,
      { onCaughtError },
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/createDataMiddleware\(\)/);
    expect(caught).toHaveLength(1);
  });

  test('a reset while mounted suspends again and refetches; a reset mid-request drops it and refetches', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Users />
      </AsyncBoundary>,
    );
    nock(API)
      .get('/users')
      .delay(200)
      .reply(200, [{ id: '9', name: 'dropped' }]);
    act(() => ctrl.resetEntireStore());
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => {});
    expect(ctrl.getResponse(getUsers).isFetching).toBe(true);

    const served = serve('/users', [{ id: '3', name: 'Cy' }]);
    act(() => ctrl.resetEntireStore());
    expect(await screen.findByText('Cy')).toBeTruthy();
    expect(screen.queryByText('dropped')).toBeNull();
    expect(served.count).toBe(1);
  });

  test('unmounting while the request is in flight is quiet, and the response is still stored', async () => {
    const { store, ctrl } = makeStore();
    nock(API).get('/users').delay(50).reply(200, usersResponse);
    const view = renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Users />
      </AsyncBoundary>,
    );
    await act(async () => {});
    expect(ctrl.getResponse(getUsers).isFetching).toBe(true);
    view.unmount();
    await waitFor(() => expect(ctrl.getResponse(getUsers).status).toBe('fulfilled'));
  });

  test('two components show one entity through two lenses at once (schema.Scalar)', async () => {
    const inCurrency = new Scalar({ lens: (args) => args[0]?.currency, key: 'currency' });
    class Product extends Entity {
      id = '';
      name = '';
      price = 0;
      pk() {
        return this.id;
      }
      static override key = 'Product';
      static override schema = { price: inCurrency };
    }
    const getProduct = new RestEndpoint({
      urlPrefix: API,
      path: '/products/:id',
      searchParams: {} as { currency: string },
      schema: Product,
    });
    function Price({ currency }: { currency: string }) {
      const product = useSuspense(getProduct, { id: '1', currency });
      return (
        <p>
          {product.name} {product.price} {currency}
        </p>
      );
    }
    const { store, slice } = makeStore();
    nock(API)
      .get('/products/1')
      .query({ currency: 'EUR' })
      .reply(200, { id: '1', name: 'Tea', price: 3 })
      .get('/products/1')
      .query({ currency: 'USD' })
      .reply(200, { id: '1', name: 'Tea', price: 4 });
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <Price currency="EUR" />
        <Price currency="USD" />
      </AsyncBoundary>,
    );
    expect(await screen.findByText('Tea 3 EUR')).toBeTruthy();
    expect(screen.getByText('Tea 4 USD')).toBeTruthy();
    expect(Object.keys(slice().entities.Product ?? {})).toEqual(['1']);
  });
});
