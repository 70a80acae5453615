/**
 * Network faults: what a store shows and keeps when the server or the network misbehaves. A failed
 * request rejects, stores a serializable error and leaves the entities untouched; 5xx and no
 * response at all are soft (cached data stays readable), other failures hard. HTTP only through
 * nock, answers released by the test; the timeout runs on jest's fake clock.
 */
import nock from 'nock';
import {
  Entity,
  FetchError,
  NetworkError,
  RestEndpoint,
  createResource,
  fetchEndpoint,
  getEntitySelectors,
  schema,
  selectEntityMeta,
  selectResponse,
} from '../../src/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, held, makeStore, rejectionOf, strictNetwork, tickingClock } from '../fixtures/store';
import { recordOf } from '../../src/storage/table.js';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Todo';
}
const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo });

/** A store holding users 1, 2 and 9 (from the list endpoint). */
async function withUsers() {
  const setup = makeStore({ now: tickingClock().now });
  nock(API)
    .get('/users')
    .reply(200, [
      { id: '1', name: 'Ann' },
      { id: '2', name: 'Bo' },
      { id: '9', name: 'Nine' },
    ]);
  await setup.store.dispatch(fetchEndpoint(getUsers));
  return setup;
}

/** A store holding users 1 and 2, on the middleware's default clock. */
async function loadUsers() {
  const setup = makeStore();
  nock(API).get('/users').reply(200, usersResponse);
  await setup.store.dispatch(fetchEndpoint(getUsers));
  return setup;
}

describe('HTTP errors', () => {
  test('404 on a detail read is a hard error', async () => {
    const { store, slice } = await loadUsers();
    const before = slice().entities;
    nock(API).get('/users/9').reply(404, { detail: 'not found' });
    const failure = store.dispatch(fetchEndpoint(getUser, { id: 9 }));
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    await expect(failure).rejects.toMatchObject({ status: 404 });
    const response = selectResponse(getUser, { id: 9 })(store.getState());
    expect(response).toMatchObject({ status: 'rejected', isError: true, data: undefined });
    expect(response.error).toMatchObject({ name: 'NetworkError', status: 404 });
    expect(JSON.parse(JSON.stringify(response.error))).toEqual(response.error);
    expect(slice().entities).toBe(before);
  });

  test('500 on a refetch is soft: the cached data stays readable', async () => {
    const { store, slice } = await loadUsers();
    const before = slice().entities;
    const data = selectResponse(getUsers)(store.getState()).data;
    nock(API).get('/users').reply(500, 'down');
    await expect(store.dispatch(fetchEndpoint(getUsers))).rejects.toMatchObject({ status: 500 });
    const response = selectResponse(getUsers)(store.getState());
    expect(response.data).toBe(data);
    expect(response.error).toMatchObject({ status: 500 });
    expect(slice().entities).toBe(before);
  });

  test('404 on a detail read is hard: rejected, serialized error in meta, data hidden even though the entity is cached', async () => {
    const { store, slice } = await withUsers();
    const tables = slice().entities;
    // before the read, the cached entity answers the detail selector
    expect(selectResponse(getUser, { id: 9 })(store.getState()).data?.name).toBe('Nine');
    nock(API).get('/users/9').reply(404, { detail: 'gone' });

    const error = await rejectionOf(store.dispatch(fetchEndpoint(getUser, { id: 9 })));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 404 });

    const key = getUser.key({ id: 9 });
    const meta = slice().meta[key];
    expect(meta?.errorPolicy).toBe('hard');
    expect(meta?.pending).toBeUndefined();
    expect(meta?.error).toEqual({
      name: 'NetworkError',
      status: 404,
      message: `GET /users/:id failed with 404 Not Found from ${API}/users/9. Body starts with "{\\"detail\\":\\"gone\\"}".`,
    });
    expect(JSON.parse(JSON.stringify(meta?.error))).toEqual(meta?.error);
    const response = selectResponse(getUser, { id: 9 })(store.getState());
    expect(response).toMatchObject({
      data: undefined,
      status: 'rejected',
      isError: true,
      isLoading: false,
      isFetching: false,
      isSuccess: false,
    });
    expect(slice().entities).toBe(tables);
  });

  test('500 on a refetch is soft: the cached data stays readable (same object) next to the error', async () => {
    const { store, slice } = await withUsers();
    const tables = slice().entities;
    const data = selectResponse(getUsers)(store.getState()).data;
    expect(data).toHaveLength(3);
    nock(API).get('/users').reply(500, 'Internal Server Error');

    await expect(store.dispatch(fetchEndpoint(getUsers))).rejects.toMatchObject({ name: 'NetworkError', status: 500 });
    const response = selectResponse(getUsers)(store.getState());
    expect(response.data).toBe(data);
    expect(response).toMatchObject({ status: 'rejected', isError: true, error: { name: 'NetworkError', status: 500 } });
    expect(slice().meta[getUsers.key()]?.errorPolicy).toBe('soft');
    expect(slice().entities).toBe(tables);

    // the next success clears the error
    nock(API)
      .get('/users')
      .reply(200, [{ id: '1', name: 'Ann' }]);
    await store.dispatch(fetchEndpoint(getUsers));
    expect(selectResponse(getUsers)(store.getState())).toMatchObject({
      status: 'fulfilled',
      error: undefined,
      isError: false,
    });
  });

  test('500 on the first load behaves hard: nothing to show, the promise rejects, nothing is stored', async () => {
    const { store, slice } = makeStore();
    const before = slice();
    nock(API).get('/users').reply(503, { detail: 'maintenance' });

    await expect(store.dispatch(fetchEndpoint(getUsers))).rejects.toMatchObject({ status: 503 });
    const response = selectResponse(getUsers)(store.getState());
    expect(response).toMatchObject({
      data: undefined,
      status: 'rejected',
      isError: true,
      isLoading: false,
      error: { status: 503 },
    });
    expect(slice().entities).toBe(before.entities);
    expect(slice().endpoints).toBe(before.endpoints);
    expect(getEntitySelectors(User).selectAll(store.getState())).toEqual([]);
  });
});

describe('bodies that are not what the endpoint expects', () => {
  test('a non-JSON body on a schema endpoint quotes the body', async () => {
    const { store, slice } = await loadUsers();
    const before = slice().entities;
    nock(API).get('/users/1').reply(200, '<html><body>Login</body></html>', { 'Content-Type': 'text/html' });
    await expect(store.dispatch(fetchEndpoint(getUser, { id: 1 }))).rejects.toThrow(/<html><body>Login/);
    expect(selectResponse(getUser, { id: 1 })(store.getState()).error?.message).toMatch(/<html>/);
    expect(slice().entities).toBe(before);
  });

  test('200 with an HTML body on a schema endpoint: the error names the endpoint and quotes the start of the body', async () => {
    const { store, slice } = await withUsers();
    const tables = slice().entities;
    const page = `<!doctype html><html><head><title>Sign in</title></head><body>${'x'.repeat(500)}</body></html>`;
    nock(API).get('/users/1').reply(200, page, { 'Content-Type': 'text/html; charset=utf-8' });

    const error = await rejectionOf(store.dispatch(fetchEndpoint(getUser, { id: 1 })));
    expect(error).toBeInstanceOf(TypeError);
    const { message } = error as TypeError;
    expect(message).toMatch(/^GET \/users\/:id: expected a JSON response/);
    expect(message).toContain('text/html');
    expect(message).toContain('"<!doctype html><html><head><title>Sign in');
    expect(message).not.toContain('x'.repeat(200)); // quotes the start, not the whole page
    expect(slice().meta[getUser.key({ id: 1 })]?.error).toEqual({ name: 'TypeError', message });
    expect(slice().entities).toBe(tables);
  });

  test('invalid JSON labelled as JSON: rejected with the parse error and the start of the body', async () => {
    const { store, slice } = await withUsers();
    const tables = slice().entities;
    nock(API).get('/users/1').reply(200, '{"id": "1", "name": ', { 'Content-Type': 'application/json' });

    const error = await rejectionOf(store.dispatch(fetchEndpoint(getUser, { id: 1 })));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(
      /^GET \/users\/:id: the response is labelled application\/json but its body is not valid JSON \(.+\)\. Body starts with "\{\\"id\\": \\"1\\", \\"name\\": "/,
    );
    expect(selectResponse(getUser, { id: 1 })(store.getState()).error).toEqual({
      name: 'TypeError',
      message: (error as Error).message,
    });
    expect(slice().entities).toBe(tables);
  });

  test('204 on DELETE: the resource delete removes the entity everywhere and resolves', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    nock(API)
      .get('/todos')
      .reply(200, [
        { id: 1, title: 'a' },
        { id: 2, title: 'b' },
      ]);
    await store.dispatch(fetchEndpoint(TodoResource.getList));
    nock(API).delete('/todos/1').reply(204);

    await expect(store.dispatch(fetchEndpoint(TodoResource.delete, { id: 1 }))).resolves.toBeUndefined();
    expect(selectResponse(TodoResource.getList)(store.getState()).data?.map((todo) => todo.pk())).toEqual(['2']);
    expect(getEntitySelectors(Todo).selectIds(store.getState())).toEqual(['2']);
    expect(getEntitySelectors(Todo).selectById(store.getState(), 1)).toBeUndefined();
    expect(selectEntityMeta(store.getState(), 'Todo', 1)?.deleted).toBe(true);
    expect(selectResponse(TodoResource.delete, { id: 1 })(store.getState()).status).toBe('fulfilled');
  });

  test('204 on an entity endpoint rejects saying the status and what to do; the cached entity stays', async () => {
    const { store, slice } = await withUsers();
    const tables = slice().entities;
    nock(API).get('/users/1').reply(204);
    const error = await rejectionOf(store.dispatch(fetchEndpoint(getUser, { id: 1 })));
    expect((error as Error).message).toMatch(
      /^GET \/users\/:id: the server answered 204 No Content from https:\/\/api\.example\.test\/users\/1, but the schema User needs a response to normalize\./,
    );
    expect(slice().meta[getUser.key({ id: 1 })]?.error).toEqual({
      name: 'TypeError',
      message: (error as Error).message,
    });
    expect(slice().entities).toBe(tables);
  });

  test('204 on a DELETE without a schema resolves null and is stored as fulfilled', async () => {
    const { store } = makeStore();
    const deleteSession = new RestEndpoint({ urlPrefix: API, path: '/session', method: 'DELETE' });
    nock(API).delete('/session').reply(204);
    await expect(store.dispatch(fetchEndpoint(deleteSession))).resolves.toBeNull();
    expect(selectResponse(deleteSession)(store.getState())).toMatchObject({
      data: null,
      status: 'fulfilled',
      error: undefined,
    });
  });
});

describe('the network itself', () => {
  test('network down rejects with the TypeError and stores it', async () => {
    const { store, slice } = await loadUsers();
    const before = slice().entities;
    nock(API).get('/users/1').replyWithError('connect ECONNREFUSED');
    await expect(store.dispatch(fetchEndpoint(getUser, { id: 1 }))).rejects.toThrow();
    expect(selectResponse(getUser, { id: 1 })(store.getState()).status).toBe('rejected');
    expect(slice().entities).toBe(before);
  });

  test('the connection fails (nock replyWithError): rejected with a FetchError naming the endpoint and URL, stored as plain data, soft, entities untouched; a retry works', async () => {
    const { store, slice } = await withUsers();
    const tables = slice().entities;
    nock(API).get('/users/1').replyWithError('connect ECONNREFUSED 10.0.0.1:443');

    const error = await rejectionOf(store.dispatch(fetchEndpoint(getUser, { id: 1 })));
    const message = `GET /users/:id got no response from ${API}/users/1: connect ECONNREFUSED 10.0.0.1:443.`;
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ message, url: `${API}/users/1` });
    const stored = slice().meta[getUser.key({ id: 1 })];
    expect(stored?.error).toEqual({ name: 'FetchError', message });
    expect(stored?.errorPolicy).toBe('soft');
    expect(stored?.pending).toBeUndefined();
    expect(slice().entities).toBe(tables);

    nock(API).get('/users/1').reply(200, { id: '1', name: 'Ann (again)' });
    await store.dispatch(fetchEndpoint(getUser, { id: 1 }));
    expect(selectResponse(getUser, { id: 1 })(store.getState())).toMatchObject({
      status: 'fulfilled',
      error: undefined,
      data: { name: 'Ann (again)' },
    });
  });

  test.each([
    ['a browser offline', new TypeError('Failed to fetch'), 'Failed to fetch'],
    [
      "Node's fetch, connection refused",
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
      'fetch failed (connect ECONNREFUSED)',
    ],
  ])(
    'fetch rejecting with a TypeError (%s): rejects with a FetchError whose cause it is; the stored message names the endpoint and the URL; nothing else is stored',
    async (_label, networkDown, reason) => {
      const { store, slice } = makeStore({ fetch: () => Promise.reject(networkDown) });
      const before = slice();
      const error = await rejectionOf(store.dispatch(fetchEndpoint(getUsers)));
      expect(error).toBeInstanceOf(FetchError);
      expect((error as FetchError).cause).toBe(networkDown);
      expect(slice().meta[getUsers.key()]).toMatchObject({ errorPolicy: 'soft' });
      expect(slice().meta[getUsers.key()]?.error).toEqual({
        name: 'FetchError',
        message: `GET /users got no response from ${API}/users: ${reason}.`,
      });
      expect(slice().entities).toBe(before.entities);
      expect(slice().endpoints).toBe(before.endpoints);
    },
  );

  test('offline on a refetch is soft (DESIGN §5.13): the cached data stays shown, the same object, beside an error naming the endpoint and URL', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    nock(API)
      .get('/users')
      .reply(200, [{ id: '1', name: 'Ann' }]);
    const data = await store.dispatch(fetchEndpoint(getUsers));
    const tables = slice().entities;

    nock(API).get('/users').replyWithError({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND api.example.test' });
    await expect(store.dispatch(fetchEndpoint(getUsers))).rejects.toBeInstanceOf(FetchError);
    const response = selectResponse(getUsers)(store.getState());
    expect(response.data).toBe(data);
    expect(response).toMatchObject({
      status: 'rejected',
      isError: true,
      error: {
        name: 'FetchError',
        message: `GET /users got no response from ${API}/users: getaddrinfo ENOTFOUND api.example.test.`,
      },
    });
    expect(slice().meta[getUsers.key()]?.errorPolicy).toBe('soft');
    expect(slice().entities).toBe(tables);
  });

  test('a custom errorPolicy that answers undefined falls back to the default: 5xx and no response soft, 4xx hard', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const onlyTeapots = getUser.extend({
      errorPolicy: (error) => ((error as { status?: number }).status === 418 ? 'soft' : undefined),
    });
    nock(API)
      .get('/users/1')
      .reply(418)
      .get('/users/2')
      .reply(503)
      .get('/users/3')
      .reply(404)
      .get('/users/4')
      .replyWithError('connect ECONNREFUSED');
    for (const id of [1, 2, 3, 4]) await rejectionOf(store.dispatch(fetchEndpoint(onlyTeapots, { id })));
    expect([1, 2, 3, 4].map((id) => slice().meta[onlyTeapots.key({ id })]?.errorPolicy)).toEqual([
      'soft',
      'soft',
      'hard',
      'soft',
    ]);
  });

  describe('on a fake clock', () => {
    beforeEach(() => {
      // only the clock and timers: promises, nextTick and I/O stay real so nock can answer
      jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'] });
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    test('the timeout option aborts the request and records a soft TimeoutError naming the endpoint and the URL', async () => {
      const { store, slice } = await withUsers();
      const tables = slice().entities;
      const slowUser = getUser.extend({ timeout: 5_000 });
      const server = held('get', '/users/1', 200, { id: '1', name: 'too late' });

      const request = store.dispatch(fetchEndpoint(slowUser, { id: 1 }));
      const outcome = rejectionOf(request);
      await server.arrived;
      expect(selectResponse(slowUser, { id: 1 })(store.getState()).isFetching).toBe(true);
      await jest.advanceTimersByTimeAsync(4_999);
      expect(selectResponse(slowUser, { id: 1 })(store.getState()).isFetching).toBe(true);
      await jest.advanceTimersByTimeAsync(1);

      const error = await outcome;
      const message = `GET /users/:id timed out after 5000ms waiting for ${API}/users/1`;
      expect(error).toMatchObject({ name: 'TimeoutError', message });
      expect(slice().meta[slowUser.key({ id: 1 })]).toMatchObject({
        error: { name: 'TimeoutError', message },
        errorPolicy: 'soft',
      });
      expect(slice().meta[slowUser.key({ id: 1 })]?.pending).toBeUndefined();
      server.release(); // the answer arrives after the abort: nothing changes
      await jest.advanceTimersByTimeAsync(10);
      expect(slice().entities).toBe(tables);
      expect(recordOf(slice().entities.User, '1')).toEqual({ id: '1', name: 'Ann' });
    });
  });
});
