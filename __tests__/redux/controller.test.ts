import nock from 'nock';
import { RestEndpoint, fetchEndpoint, schema } from '../../src/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User), dataExpiryLength: 1000 });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User, dataExpiryLength: 1000 });

function clockedStore() {
  const clock = { now: 10_000 };
  return { ...makeStore({ now: () => clock.now }), clock };
}

describe('Controller', () => {
  test('fetchIfStale skips fresh data and fetches once it expires', async () => {
    const { ctrl, clock } = clockedStore();
    let calls = 0;
    nock(API)
      .get('/users')
      .times(2)
      .reply(200, () => (calls++, usersResponse));
    const first = await ctrl.fetchIfStale(getUsers);
    expect(await ctrl.fetchIfStale(getUsers)).toBe(first);
    expect(calls).toBe(1);
    clock.now += 1001;
    await ctrl.fetchIfStale(getUsers);
    expect(calls).toBe(2);
  });

  test('invalidate hides the data until the next fetch; expireAll keeps it readable but stale', async () => {
    const { ctrl, store, clock } = clockedStore();
    nock(API).get('/users/1').reply(200, usersResponse[0]).get('/users/1').reply(200, usersResponse[0]);
    await ctrl.fetch(getUser, { id: 1 });
    ctrl.expireAll({ testKey: (key) => key.includes('/users/') });
    expect(ctrl.getResponse(getUser, { id: 1 }).data?.name).toBe('Ann');
    expect(ctrl.getResponse(getUser, { id: 1 }).expiresAt).toBe(0);
    ctrl.invalidate(getUser, { id: 1 });
    expect(ctrl.getResponse(getUser, { id: 1 }).data).toBeUndefined();
    clock.now += 1;
    await store.dispatch(fetchEndpoint(getUser, { id: 1 }));
    expect(ctrl.getResponse(getUser, { id: 1 }).data?.name).toBe('Ann');
  });

  test('invalidateAll applies to every stored key that passes the test', async () => {
    const { ctrl } = clockedStore();
    nock(API).get('/users').reply(200, usersResponse).get('/users/2').reply(200, usersResponse[1]);
    await ctrl.fetch(getUsers);
    await ctrl.fetch(getUser, { id: 2 });
    ctrl.invalidateAll({ testKey: (key) => key.endsWith('/users/2') });
    expect(ctrl.getResponse(getUser, { id: 2 }).data).toBeUndefined();
    expect(ctrl.getResponse(getUsers).data).toHaveLength(2);
  });

  test('setResponse normalizes as if fetched, synchronously; setError stores an error', () => {
    const { ctrl, slice } = clockedStore();
    const user = ctrl.setResponse(getUser, { id: 5 }, { id: '5', name: 'Eve' });
    expect(user).toBeInstanceOf(User);
    expect(slice().entities.User?.['5']).toEqual({ id: '5', name: 'Eve' });
    expect(ctrl.get(User, '5')).toBe(user);
    expect(ctrl.get(User, { id: '5' })).toBe(user);
    ctrl.setError(getUser, { id: 6 }, new Error('nope'));
    expect(ctrl.getError(getUser, { id: 6 })).toEqual({ name: 'Error', message: 'nope' });
    expect(() => ctrl.setResponse(getUser, { id: 7 }, { name: 'no id' })).toThrow(/User\.pk\(\)/);
    expect(ctrl.getError(getUser, { id: 7 })?.message).toMatch(/User\.pk\(\)/);
  });

  test('a read whose endpoint never ran answers from the store when it can', () => {
    const { ctrl } = clockedStore();
    ctrl.setResponse(getUsers, usersResponse);
    const response = ctrl.getResponse(getUser, { id: 2 });
    expect(response.data?.name).toBe('Bo');
    expect(response.status).toBe('uninitialized');
  });
});
