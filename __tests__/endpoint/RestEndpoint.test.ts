/**
 * RestEndpoint's options and defaults (method, name, side effect, expiry, schema, optimistic
 * response), and extend.
 */
import nock from 'nock';
import { RestEndpoint, schema } from '../../src/index';
import { Account, Trade, User } from '../fixtures/spec';
import { API, context, recordRequest, useNock, type SeenRequest } from './http';

useNock();

describe('RestEndpoint defaults', () => {
  test('method GET, name `${method} ${path}`, no schema, GET is not a side effect', () => {
    const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users' });
    expect(getUsers.method).toBe('GET');
    expect(getUsers.name).toBe('GET /users');
    expect(getUsers.schema).toBeUndefined();
    expect(getUsers.sideEffect).toBe(false);
    expect(getUsers.urlPrefix).toBe(API);
    expect(getUsers.path).toBe('/users');
    expect(new RestEndpoint({ path: '/users' }).url()).toBe('/users');
  });

  test.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const)(
    '%s is a side effect by default',
    (method) => {
      const endpoint = new RestEndpoint({ path: '/users', method });
      expect(endpoint.sideEffect).toBe(true);
      expect(endpoint.name).toBe(`${method} /users`);
    },
  );

  test('sideEffect and name can be set', () => {
    const search = new RestEndpoint({ path: '/search', method: 'POST', sideEffect: false, name: 'search' });
    expect(search.sideEffect).toBe(false);
    expect(search.name).toBe('search');
    expect(new RestEndpoint({ path: '/x', sideEffect: true }).sideEffect).toBe(true);
  });

  test('with no method, sideEffect: true means POST (as in Data Client): the method, the name, the key and the request', async () => {
    const track = new RestEndpoint({ urlPrefix: API, path: '/events', sideEffect: true });
    expect(track.method).toBe('POST');
    expect(track.name).toBe('POST /events');
    expect(track.key()).toBe(`POST ${API}/events`);
    const seen: SeenRequest[] = [];
    nock(API)
      .post('/events')
      .reply(recordRequest(seen, 201, { ok: true }));
    await expect(
      (track as unknown as RestEndpoint<'/events', undefined, 'POST'>).request(context, { type: 'click' }),
    ).resolves.toEqual({ ok: true });
    expect(seen[0]?.body).toBe('{"type":"click"}');
    // an explicit method wins, and sideEffect: false keeps GET
    expect(new RestEndpoint({ path: '/x', method: 'PUT', sideEffect: true }).method).toBe('PUT');
    expect(new RestEndpoint({ path: '/x', sideEffect: false }).method).toBe('GET');
    expect(new RestEndpoint({ path: '/x' }).extend({ sideEffect: true }).method).toBe('POST');
  });

  test('expiry, polling and timeout options are exposed; unset ones are undefined', () => {
    const live = new RestEndpoint({
      path: '/ticker',
      dataExpiryLength: 1000,
      errorExpiryLength: 50,
      pollFrequency: 2000,
      timeout: 300,
    });
    expect([live.dataExpiryLength, live.errorExpiryLength, live.pollFrequency, live.timeout]).toEqual([
      1000, 50, 2000, 300,
    ]);
    const plain = new RestEndpoint({ path: '/ticker' });
    expect([plain.dataExpiryLength, plain.errorExpiryLength, plain.pollFrequency, plain.timeout]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('the schema is kept as given', () => {
    const all = new schema.All(User);
    expect(new RestEndpoint({ path: '/users', schema: all }).schema).toBe(all);
  });

  test('getOptimisticResponse is present only when given, and receives the arguments', () => {
    expect('getOptimisticResponse' in new RestEndpoint({ path: '/users', method: 'POST' })).toBe(false);
    const createUser = new RestEndpoint({
      path: '/users',
      method: 'POST',
      schema: User,
      getOptimisticResponse: (_snapshot, ...args) => ({ id: 'temp', ...(args.length === 1 ? args[0] : args[1]) }),
    });
    expect(createUser.getOptimisticResponse?.({}, { name: 'Ann' })).toEqual({ id: 'temp', name: 'Ann' });
  });
});

describe('RestEndpoint.extend', () => {
  const getTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id', schema: Trade, dataExpiryLength: 500 });

  test('returns a new endpoint with merged options and leaves the original unchanged', () => {
    const fresh = getTrade.extend({ dataExpiryLength: 60_000, pollFrequency: 1000 });
    expect(fresh).not.toBe(getTrade);
    expect(fresh).toBeInstanceOf(RestEndpoint);
    expect([fresh.dataExpiryLength, fresh.pollFrequency, fresh.schema, fresh.urlPrefix]).toEqual([
      60_000,
      1000,
      Trade,
      API,
    ]);
    expect([getTrade.dataExpiryLength, getTrade.pollFrequency]).toEqual([500, undefined]);
    expect(fresh.url({ id: 1 })).toBe(getTrade.url({ id: 1 }));
  });

  test('a new path changes URLs and the default name', () => {
    const getTrades = getTrade.extend({ path: '/trade', schema: new schema.All(Trade) });
    expect(getTrades.url({ page: 2 })).toBe(`${API}/trade?page=2`);
    expect(getTrades.name).toBe('GET /trade');
    expect(getTrade.name).toBe('GET /trade/:id');
  });

  test('an explicit name survives extend', () => {
    const named = getTrade.extend({ name: 'getTrade' }).extend({ path: '/t/:id' });
    expect(named.name).toBe('getTrade');
  });

  test('a new method recomputes sideEffect unless it was set', () => {
    const updateTrade = getTrade.extend({ method: 'PATCH' });
    expect(updateTrade.sideEffect).toBe(true);
    expect(updateTrade.name).toBe('PATCH /trade/:id');
    expect(getTrade.extend({ sideEffect: true }).extend({ method: 'GET' }).sideEffect).toBe(true);
  });

  test("a new method without `body` takes that method's default body", async () => {
    const seen: SeenRequest[] = [];
    nock(API).post('/trade/1/close').reply(recordRequest(seen));
    nock(API).put('/trade/1/close').reply(recordRequest(seen));
    const close = new RestEndpoint({ urlPrefix: API, path: '/trade/:id/close', method: 'POST', body: undefined });
    await close.request(context, { id: 1 });
    await close.extend({ method: 'PUT' }).request(context, { id: 1 }, { reason: 'x' });
    expect(seen.map((request) => request.body)).toEqual(['', '{"reason":"x"}']);
  });

  test('keeping the method keeps the body declaration', async () => {
    const seen: SeenRequest[] = [];
    nock(API).post('/trade/1/close').reply(recordRequest(seen));
    const close = new RestEndpoint({ urlPrefix: API, path: '/trade/:id/close', method: 'POST', body: undefined });
    await close.extend({ method: 'POST', name: 'close' }).request(context, { id: 1 });
    expect(seen[0]?.body).toBe('');
  });

  test("a bundled mutation schema (the spec's create)", async () => {
    nock(API)
      .post('/trade/', { amount: '5', coin: 'btc' })
      .reply(201, { trade: { id: 1, amount: '5' }, account: { id: 9, balance: '95' } });
    const push = new RestEndpoint({ urlPrefix: API, path: '/trade/', method: 'POST', schema: Trade });
    const create = push.extend({ schema: { trade: push.schema, account: Account } });
    expect(create.schema).toEqual({ trade: Trade, account: Account });
    expect(push.schema).toBe(Trade);
    await expect(create.request(context, { amount: '5', coin: 'btc' })).resolves.toEqual({
      trade: { id: 1, amount: '5' },
      account: { id: 9, balance: '95' },
    });
  });

  test('a subclass stays a subclass, with its overrides', async () => {
    class AuthEndpoint<P extends string> extends RestEndpoint<P> {
      override getHeaders(headers: Record<string, string>) {
        return { ...headers, Authorization: 'Bearer abc' };
      }
    }
    nock(API).get('/me/1').matchHeader('authorization', 'Bearer abc').reply(200, { id: 1 });
    const getMe = new AuthEndpoint({ urlPrefix: API, path: '/me' }).extend({ path: '/me/:id' });
    expect(getMe).toBeInstanceOf(AuthEndpoint);
    await expect(getMe.request(context, { id: 1 })).resolves.toEqual({ id: 1 });
  });
});
