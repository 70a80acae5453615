/**
 * Deduplication, through a store (the request registry, `src/redux/middleware/requestRegistry.ts`):
 * identical reads in flight share one request and every caller gets the same object; once it settles, the next identical read is a new request;
 * mutations are never shared. Callers of a shared read that abort are in callerAbort.test.ts, a read
 * right after a reset in reset.test.ts.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint, getEntitySelectors, schema } from '../../src/index';
import { User } from '../fixtures/spec';
import { API, assertNetworkDone, held, makeStore, strictNetwork, tickingClock } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const createUser = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST', schema: User });

describe('deduplication', () => {
  test('two identical GETs make one request and get the same result', async () => {
    const { store } = makeStore();
    let calls = 0;
    nock(API)
      .get('/users')
      .reply(200, () => {
        calls++;
        return [{ id: '1', name: 'Ann' }];
      });
    const [a, b] = await Promise.all([
      store.dispatch(fetchEndpoint(getUsers)),
      store.dispatch(fetchEndpoint(getUsers)),
    ]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
  });

  test('two identical POSTs make two requests', async () => {
    const { store } = makeStore();
    nock(API).post('/users').reply(201, { id: '1', name: 'A' }).post('/users').reply(201, { id: '2', name: 'A' });
    const results = await Promise.all([
      store.dispatch(fetchEndpoint(createUser, { name: 'A' })),
      store.dispatch(fetchEndpoint(createUser, { name: 'A' })),
    ]);
    expect(results.map((user) => user.pk()).sort()).toEqual(['1', '2']);
  });

  test('identical GETs in flight share one request: every caller gets the same object', async () => {
    const { store, ctrl, slice } = makeStore({ now: tickingClock().now });
    const server = held('get', '/users', 200, [{ id: '1', name: 'Ann' }], undefined, { active: 'true', page: '1' });

    const a = store.dispatch(fetchEndpoint(getUsers, { page: 1, active: true }));
    const b = ctrl.fetch(getUsers, { active: true, page: 1 }); // same call, params in another order
    const c = store.dispatch(fetchEndpoint(getUsers, { page: 1, active: true }));
    await server.arrived;
    expect(slice().meta[getUsers.key({ page: 1, active: true })]?.pending).toBe(1);
    server.release(); // the one interceptor answers one request; a second request would find none

    const [first, second, third] = await Promise.all([a, b, c]);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(slice().meta[getUsers.key({ page: 1, active: true })]?.pending).toBeUndefined();

    // once settled, the next identical GET is a new request
    nock(API)
      .get('/users')
      .query({ active: 'true', page: '1' })
      .reply(200, [{ id: '1', name: 'Ann B' }]);
    const again = await ctrl.fetch(getUsers, { page: 1, active: true });
    expect(again.map((user) => user.name)).toEqual(['Ann B']);
  });

  test('identical POSTs are not shared: both are sent, both resolve with their own result', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const one = held('post', '/users', 201, { id: '1', name: 'Same' });
    const two = held('post', '/users', 201, { id: '2', name: 'Same' });

    const a = store.dispatch(fetchEndpoint(createUser, { name: 'Same' }));
    const b = store.dispatch(fetchEndpoint(createUser, { name: 'Same' }));
    await Promise.all([one.arrived, two.arrived]); // both on the wire at once
    expect(slice().meta[createUser.key({ name: 'Same' })]?.pending).toBe(2);
    two.release();
    one.release();

    const [first, second] = await Promise.all([a, b]);
    expect(first).not.toBe(second);
    expect([first.pk(), second.pk()].sort()).toEqual(['1', '2']);
    expect(getEntitySelectors(User).selectIds(store.getState()).sort()).toEqual(['1', '2']);
    expect(slice().meta[createUser.key({ name: 'Same' })]?.pending).toBeUndefined();
  });
});
