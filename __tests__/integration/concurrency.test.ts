import nock from 'nock';
import { RestEndpoint, ResetError, fetchEndpoint, schema, selectResponse } from '../../src/index';
import { User } from '../fixtures/spec';
import { API, assertNetworkDone, deferred, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });
const createUser = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST', schema: User });

describe('requests in flight', () => {
  test('two identical GETs make one request and get the same result', async () => {
    const { store } = makeStore();
    let calls = 0;
    nock(API)
      .get('/users')
      .reply(200, () => {
        calls++;
        return [{ id: '1', name: 'Ann' }];
      });
    const [a, b] = await Promise.all([store.dispatch(fetchEndpoint(getUsers)), store.dispatch(fetchEndpoint(getUsers))]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
  });

  test('two identical POSTs make two requests', async () => {
    const { store } = makeStore();
    nock(API).post('/users').reply(201, { id: '1', name: 'A' }).post('/users').reply(201, { id: '2', name: 'A' });
    const results = await Promise.all([store.dispatch(fetchEndpoint(createUser, { name: 'A' })), store.dispatch(fetchEndpoint(createUser, { name: 'A' }))]);
    expect(results.map((user) => user.pk()).sort()).toEqual(['1', '2']);
  });

  test('out-of-order responses for one entity keep the newer fields', async () => {
    let clock = 1000;
    const { store, slice } = makeStore({ now: () => clock++ });
    const older = deferred();
    nock(API)
      .get('/users/1')
      .reply(200, async () => {
        await older.promise;
        return { id: '1', name: 'Old name', email: 'old@x' };
      })
      .get('/users')
      .query({ page: 2 })
      .reply(200, [{ id: '1', name: 'New name' }]);
    const first = store.dispatch(fetchEndpoint(getUser, { id: 1 })); // started first
    await store.dispatch(fetchEndpoint(getUsers, { page: 2 })); // started later, lands first
    older.resolve();
    await first;
    expect(slice().entities.User?.['1']).toEqual({ id: '1', name: 'New name', email: 'old@x' });
  });

  test('out-of-order responses for one endpoint key: the later-started wins', async () => {
    let clock = 1000;
    const { store, ctrl } = makeStore({ now: () => clock++ });
    const slow = deferred();
    nock(API)
      .post('/users')
      .reply(201, async () => {
        await slow.promise;
        return { id: '1', name: 'first' };
      })
      .post('/users')
      .reply(201, { id: '2', name: 'second' });
    const first = store.dispatch(fetchEndpoint(createUser, { name: 'x' }));
    await store.dispatch(fetchEndpoint(createUser, { name: 'x' }));
    slow.resolve();
    await first;
    expect(ctrl.getResponse(createUser, { name: 'x' }).data?.pk()).toBe('2');
  });

  test('a reset drops late responses and rejects their promises', async () => {
    const { store, ctrl, slice } = makeStore();
    const late = deferred();
    const received = deferred();
    nock(API)
      .get('/users')
      .reply(200, async () => {
        received.resolve();
        await late.promise;
        return [{ id: '1', name: 'Ann' }];
      });
    const request = store.dispatch(fetchEndpoint(getUsers));
    await received.promise; // the server has the request
    ctrl.resetEntireStore();
    late.resolve();
    await expect(request).rejects.toBeInstanceOf(ResetError);
    expect(slice().entities).toEqual({});
    expect(selectResponse(getUsers)(store.getState()).status).toBe('uninitialized');
  });
});
