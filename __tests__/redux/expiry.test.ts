/**
 * Expiry (`src/redux/middleware/expiry.ts`): a response is fresh for its endpoint's dataExpiryLength,
 * and fetchIfStale requests again only once it has expired, been expired by expireAll (still
 * readable, but stale) or been invalidated (hidden until the next fetch).
 */
import nock from 'nock';
import { Endpoint, RestEndpoint, fetchEndpoint, schema } from '../../src/index';
import type { EndpointInterface } from '../../src/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeClockedStore, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({
  urlPrefix: API,
  path: '/users',
  schema: new schema.All(User),
  dataExpiryLength: 1000,
});
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User, dataExpiryLength: 1000 });

describe('Controller', () => {
  test('fetchIfStale skips fresh data and fetches once it expires', async () => {
    const { ctrl, clock } = makeClockedStore();
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
    const { ctrl, store, clock } = makeClockedStore();
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
    const { ctrl } = makeClockedStore();
    nock(API).get('/users').reply(200, usersResponse).get('/users/2').reply(200, usersResponse[1]);
    await ctrl.fetch(getUsers);
    await ctrl.fetch(getUser, { id: 2 });
    ctrl.invalidateAll({ testKey: (key) => key.endsWith('/users/2') });
    expect(ctrl.getResponse(getUser, { id: 2 }).data).toBeUndefined();
    expect(ctrl.getResponse(getUsers).data).toHaveLength(2);
  });
});

describe('on a fake clock', () => {
  beforeEach(() => {
    // only the clock and timers: promises, nextTick and I/O stay real so nock can answer
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test('fresh data is served from the store until dataExpiryLength passes, then fetchIfStale requests again', async () => {
    // the middleware's default clock is Date.now, which the fake clock drives
    const { ctrl } = makeStore();
    const expiring = getUsers.extend({ dataExpiryLength: 60_000 });
    nock(API)
      .get('/users')
      .reply(200, [{ id: '1', name: 'Ann' }]);
    const first = await ctrl.fetchIfStale(expiring);
    jest.advanceTimersByTime(59_999);
    expect(await ctrl.fetchIfStale(expiring)).toBe(first); // no request: no interceptor left to answer one
    jest.advanceTimersByTime(1);
    nock(API)
      .get('/users')
      .reply(200, [{ id: '1', name: 'Ann B' }]);
    const second = await ctrl.fetchIfStale(expiring);
    expect(second.map((user) => user.name)).toEqual(['Ann B']);
  });
});

describe('expiry lengths that are not a number from 0 up', () => {
  test.each([0, Infinity])('%s is an expiry length: the endpoint is defined with it, as given', (length) => {
    const options = { urlPrefix: API, path: '/users', schema: [User], dataExpiryLength: length };
    expect(new RestEndpoint({ ...options, errorExpiryLength: length })).toMatchObject({
      dataExpiryLength: length,
      errorExpiryLength: length,
    });
    expect(Endpoint(async () => [], { name: 'loadUsers', dataExpiryLength: length })).toMatchObject({
      dataExpiryLength: length,
    });
  });

  test.each([
    ['NaN', NaN],
    ['a negative number', -1],
    ['a string', '60s'],
  ])('%s is refused when the endpoint is defined, naming the endpoint and the option', (_name, length) => {
    const options = { urlPrefix: API, path: '/users', schema: [User] };
    expect(() => new RestEndpoint({ ...options, dataExpiryLength: length as number })).toThrow(
      `GET /users: dataExpiryLength should be a number of milliseconds from 0 up (Infinity: never expires), not ${length === '60s' ? '"60s"' : String(length)}.`,
    );
    expect(() => getUsers.extend({ errorExpiryLength: length as number })).toThrow(
      /^GET \/users: errorExpiryLength should be/,
    );
    expect(() => Endpoint(async () => [], { name: 'loadUsers', dataExpiryLength: length as number })).toThrow(
      /^loadUsers: dataExpiryLength should be/,
    );
  });

  test('an endpoint built by hand with a NaN expiry requests once, not on every read', async () => {
    const { ctrl } = makeClockedStore();
    const handMade: EndpointInterface<[]> = {
      name: 'handMade',
      schema: [User],
      sideEffect: false,
      dataExpiryLength: NaN,
      errorExpiryLength: undefined,
      pollFrequency: undefined,
      key: () => 'handMade',
      request: async ({ fetch }) => (await fetch(`${API}/users`)).json(),
    };
    const scope = nock(API).get('/users').reply(200, usersResponse);
    for (let read = 0; read < 20; read++) await ctrl.fetchIfStale(handMade);
    expect(scope.isDone()).toBe(true);
    expect(JSON.parse(JSON.stringify(ctrl.getResponse(handMade).expiresAt))).toEqual(expect.any(Number));
  });

  test('Infinity never expires, and is stored as a time JSON keeps', async () => {
    const { ctrl, clock, slice } = makeClockedStore();
    const forever = getUsers.extend({ dataExpiryLength: Infinity });
    nock(API).get('/users').reply(200, usersResponse);
    await ctrl.fetchIfStale(forever);
    clock.now += 10 * 365 * 24 * 3_600_000;
    await ctrl.fetchIfStale(forever);
    expect(slice().meta[forever.key()]?.expiresAt).toBe(Number.MAX_SAFE_INTEGER);
    expect(JSON.parse(JSON.stringify(slice()))).toEqual(slice());
  });
});
