/**
 * A caller abort (DESIGN §5.10), through an endpoint's own `requestInit.signal` or the `abort()` of
 * the promise `fetchEndpoint` and `ctrl.fetch` return.
 *
 * An aborted read rejects its caller with the abort reason, stores NO error whatever the reason (the
 * request simply did not happen: `pending` is cleared, earlier data and status stay, no meta entry is
 * left behind), and a later identical read makes a new request, even one started right after the
 * abort. Callers sharing one read abort only themselves: the request goes on for the others.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint, schema, selectResponse } from '../../src/index';
import { User } from '../fixtures/spec';
import {
  API,
  assertNetworkDone,
  held,
  makeStore,
  rejectionOf,
  strictNetwork,
  tickingClock,
  untilSettled,
} from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });

describe('a caller abort', () => {
  test('through the endpoint (requestInit.signal): rejects with the AbortError, stores no error, and the next identical read requests again', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const caller = new AbortController();
    const cancellable = getUsers.extend({ requestInit: { signal: caller.signal } });
    const server = held('get', '/users', 200, [{ id: '1', name: 'never shown' }]);
    const before = slice();

    const request = store.dispatch(fetchEndpoint(cancellable));
    await server.arrived;
    caller.abort();
    const error = await rejectionOf(request);
    expect(error).toMatchObject({ name: 'AbortError' });

    const meta = slice().meta[getUsers.key()];
    expect(meta?.error).toBeUndefined();
    expect(meta?.pending).toBeUndefined();
    expect(selectResponse(getUsers)(store.getState()).status).toBe('uninitialized');
    expect(slice().entities).toBe(before.entities);
    server.release();

    nock(API)
      .get('/users')
      .reply(200, [{ id: '1', name: 'Ann' }]);
    await expect(store.dispatch(fetchEndpoint(getUsers))).resolves.toEqual([expect.objectContaining({ name: 'Ann' })]);
  });

  test("through the store (RTK's promise.abort()): rejects with the AbortError, stores no error, keeps earlier data; an identical read started right after makes a new request", async () => {
    const { store, ctrl, slice } = makeStore({ now: tickingClock().now });
    nock(API)
      .get('/users')
      .reply(200, [{ id: '1', name: 'Ann' }]);
    const data = await store.dispatch(fetchEndpoint(getUsers));
    const tables = slice().entities;

    const server = held('get', '/users', 200, [{ id: '1', name: 'aborted' }]);
    const request = store.dispatch(fetchEndpoint(getUsers));
    await server.arrived;
    request.abort();
    // started before the aborted one has settled: must not share the aborted request
    nock(API)
      .get('/users')
      .reply(200, [{ id: '1', name: 'Ann B' }]);
    const again = ctrl.fetch(getUsers);

    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(slice().meta[getUsers.key()]?.error).toBeUndefined();
    expect(slice().entities).toBe(tables);
    expect(selectResponse(getUsers)(store.getState()).data).toBe(data);
    server.release();

    await expect(again).resolves.toEqual([expect.objectContaining({ name: 'Ann B' })]);
    expect(selectResponse(getUsers)(store.getState())).toMatchObject({ status: 'fulfilled', error: undefined });
  });

  test.each([
    ['a string', 'component unmounted'],
    ['an Error', new Error('navigated away')],
    ['a plain object', { why: 'user cancelled' }],
    ['null', null],
  ])(
    'promise.abort(reason) with %s as reason: rejects with that reason, stores no error, the cached data stays shown',
    async (_label, reason) => {
      const { store, slice } = makeStore({ now: tickingClock().now });
      nock(API)
        .get('/users')
        .reply(200, [{ id: '1', name: 'Ann' }]);
      const data = await store.dispatch(fetchEndpoint(getUsers));

      const server = held('get', '/users', 200, [{ id: '1', name: 'aborted' }]);
      const request = store.dispatch(fetchEndpoint(getUsers));
      await server.arrived;
      request.abort(reason);

      await expect(request).rejects.toBe(reason);
      await untilSettled(store, getUsers.key());
      const meta = slice().meta[getUsers.key()];
      expect(meta?.error).toBeUndefined();
      expect(meta?.errorPolicy).toBeUndefined();
      expect(meta?.pending).toBeUndefined();
      expect(selectResponse(getUsers)(store.getState())).toMatchObject({
        status: 'fulfilled',
        error: undefined,
        isError: false,
      });
      expect(selectResponse(getUsers)(store.getState()).data).toBe(data);
      server.release();
    },
  );

  test("the endpoint's own signal aborted with a reason that is not an AbortError stores no error either", async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const caller = new AbortController();
    const cancellable = getUsers.extend({ requestInit: { signal: caller.signal } });
    const server = held('get', '/users', 200, [{ id: '1', name: 'never shown' }]);

    const request = store.dispatch(fetchEndpoint(cancellable));
    await server.arrived;
    caller.abort('route changed');
    await expect(request).rejects.toBe('route changed');
    await untilSettled(store, getUsers.key());
    expect(slice().meta[getUsers.key()]).toBeUndefined();
    server.release();
  });

  test("the endpoint's own signal timing out (AbortSignal.timeout) is a timeout, not a caller abort: its error is stored", async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const timed = getUsers.extend({ requestInit: { signal: AbortSignal.timeout(30) } });
    const server = held('get', '/users', 200, [{ id: '1', name: 'too late' }]);
    const request = store.dispatch(fetchEndpoint(timed));
    await server.arrived;
    await expect(request).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(slice().meta[getUsers.key()]).toMatchObject({ error: { name: 'TimeoutError' }, errorPolicy: 'soft' });
    server.release();
  });

  test('a first read aborted leaves no meta entry behind', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const server = held('get', '/users', 200, [{ id: '1', name: 'never shown' }]);
    const request = store.dispatch(fetchEndpoint(getUsers));
    await server.arrived;
    expect(slice().meta[getUsers.key()]?.pending).toBe(1);
    request.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    await untilSettled(store, getUsers.key());
    expect(slice().meta).toEqual({});
    expect(getUsers.key() in slice().meta).toBe(false);
    server.release();
  });

  test('callers sharing a read abort only themselves: the request goes on and the others get the data', async () => {
    const { store, ctrl, slice } = makeStore({ now: tickingClock().now });
    const server = held('get', '/users', 200, [{ id: '1', name: 'Ann' }]);
    const leaving = store.dispatch(fetchEndpoint(getUsers));
    const staying = ctrl.fetch(getUsers);
    await server.arrived;
    leaving.abort('unmounted');
    await expect(leaving).rejects.toBe('unmounted');
    expect(slice().meta[getUsers.key()]?.pending).toBe(1);

    server.release(); // one interceptor: a second request would find none
    await expect(staying).resolves.toEqual([expect.objectContaining({ name: 'Ann' })]);
    expect(selectResponse(getUsers)(store.getState())).toMatchObject({ status: 'fulfilled', error: undefined });
  });

  test('when every caller of a shared read aborts, the request itself is aborted: its late answer stores nothing', async () => {
    const { store, ctrl, slice } = makeStore({ now: tickingClock().now });
    const server = held('get', '/users', 200, [{ id: '1', name: 'never shown' }]);
    const before = slice();
    const first = store.dispatch(fetchEndpoint(getUsers));
    const second = ctrl.fetch(getUsers);
    await server.arrived;
    first.abort('a');
    expect(slice().meta[getUsers.key()]?.pending).toBe(1);
    second.abort('b');
    await expect(first).rejects.toBe('a');
    await expect(second).rejects.toBe('b');
    await untilSettled(store, getUsers.key());
    server.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slice().entities).toBe(before.entities);
    expect(slice().endpoints).toBe(before.endpoints);
    expect(slice().meta).toEqual({});
  });
});
