/**
 * Issue 7, network faults: a caller abort (AbortSignal), through an endpoint's own
 * `requestInit.signal` or the `abort()` of the promise `fetchEndpoint` and `ctrl.fetch` return.
 *
 * An aborted read rejects its caller with the AbortError, stores NO error (the request
 * simply did not happen: `pending` is cleared, earlier data and status stay), and a later identical
 * read makes a new request, even one started right after the abort.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint, schema, selectResponse } from '../../src/index';
import { User } from '../fixtures/spec';
import { assertNetworkDone, strictNetwork } from '../fixtures/store';
import { API, buildStore, held, rejectionOf, tickingClock } from './helpers';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });


describe('a caller abort', () => {
  test('through the endpoint (requestInit.signal): rejects with the AbortError, stores no error, and the next identical read requests again', async () => {
    const { store, slice } = buildStore({ now: tickingClock().now });
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

    nock(API).get('/users').reply(200, [{ id: '1', name: 'Ann' }]);
    await expect(store.dispatch(fetchEndpoint(getUsers))).resolves.toEqual([expect.objectContaining({ name: 'Ann' })]);
  });

  test("through the store (RTK's promise.abort()): rejects with the AbortError, stores no error, keeps earlier data; an identical read started right after makes a new request", async () => {
    const { store, ctrl, slice } = buildStore({ now: tickingClock().now });
    nock(API).get('/users').reply(200, [{ id: '1', name: 'Ann' }]);
    const data = await store.dispatch(fetchEndpoint(getUsers));
    const tables = slice().entities;

    const server = held('get', '/users', 200, [{ id: '1', name: 'aborted' }]);
    const request = store.dispatch(fetchEndpoint(getUsers));
    await server.arrived;
    request.abort();
    // started before the aborted one has settled: must not share the aborted request
    nock(API).get('/users').reply(200, [{ id: '1', name: 'Ann B' }]);
    const again = ctrl.fetch(getUsers);

    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(slice().meta[getUsers.key()]?.error).toBeUndefined();
    expect(slice().entities).toBe(tables);
    expect(selectResponse(getUsers)(store.getState()).data).toBe(data);
    server.release();

    await expect(again).resolves.toEqual([expect.objectContaining({ name: 'Ann B' })]);
    expect(selectResponse(getUsers)(store.getState())).toMatchObject({ status: 'fulfilled', error: undefined });
  });
});
