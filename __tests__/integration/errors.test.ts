import nock from 'nock';
import { NetworkError, RestEndpoint, fetchEndpoint, schema, selectResponse } from '../../src/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });

async function loadUsers() {
  const setup = makeStore();
  nock(API).get('/users').reply(200, usersResponse);
  await setup.store.dispatch(fetchEndpoint(getUsers));
  return setup;
}

describe('failed requests reject, store a serializable error, and leave the entities untouched', () => {
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

  test('a non-JSON body on a schema endpoint quotes the body', async () => {
    const { store, slice } = await loadUsers();
    const before = slice().entities;
    nock(API).get('/users/1').reply(200, '<html><body>Login</body></html>', { 'Content-Type': 'text/html' });
    await expect(store.dispatch(fetchEndpoint(getUser, { id: 1 }))).rejects.toThrow(/<html><body>Login/);
    expect(selectResponse(getUser, { id: 1 })(store.getState()).error?.message).toMatch(/<html>/);
    expect(slice().entities).toBe(before);
  });

  test('network down rejects with the TypeError and stores it', async () => {
    const { store, slice } = await loadUsers();
    const before = slice().entities;
    nock(API).get('/users/1').replyWithError('connect ECONNREFUSED');
    await expect(store.dispatch(fetchEndpoint(getUser, { id: 1 }))).rejects.toThrow();
    expect(selectResponse(getUser, { id: 1 })(store.getState()).status).toBe('rejected');
    expect(slice().entities).toBe(before);
  });

  test('a missing pk rejects naming the Entity and endpoint, and writes nothing', async () => {
    const { store, slice } = await loadUsers();
    const before = slice().entities;
    nock(API).get('/users').reply(200, [{ id: '5', name: 'Ok' }, { name: 'no id' }]);
    await expect(store.dispatch(fetchEndpoint(getUsers))).rejects.toThrow(/User\.pk\(\) returned undefined while normalizing GET .*\/users/);
    expect(slice().entities).toBe(before);
    expect(selectResponse(getUsers)(store.getState()).error?.message).toMatch(/User\.pk\(\)/);
  });

  test('without the middleware the thunk says how to install it', () => {
    const { store } = makeStore({ dataMiddleware: false });
    expect(() => store.dispatch(fetchEndpoint(getUsers))).toThrow(/createDataMiddleware\(\)/);
  });
});
