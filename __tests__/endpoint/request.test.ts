/**
 * RestEndpoint.request: the HTTP request an endpoint makes (URL, method, headers, body) through
 * context.fetch, and the bodies JSON cannot send.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint } from '../../src/index';
import { makeStore } from '../fixtures/store';
import { User } from '../fixtures/spec';
import { API, context, recordRequest, useNock, type SeenRequest } from './http';
import { freshModule, inProduction } from '../fixtures/production';

useNock();

describe('RestEndpoint.request', () => {
  test('GET: fetches the URL with its sorted query and returns the parsed JSON', async () => {
    nock(API)
      .get('/users')
      .query({ active: 'true', page: '2' })
      .reply(200, [{ id: '1', name: 'Ann' }]);
    const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users' });
    await expect(getUsers.request(context, { page: 2, active: true, q: undefined })).resolves.toEqual([
      { id: '1', name: 'Ann' },
    ]);
  });

  test('GET: sends no body and no Content-Type', async () => {
    const seen: SeenRequest[] = [];
    nock(API).get('/trade/1').reply(recordRequest(seen));
    await new RestEndpoint({ urlPrefix: API, path: '/trade/:id' }).request(context, { id: 1 });
    expect(seen[0]?.body).toBe('');
    expect(seen[0]?.headers['content-type']).toBeUndefined();
  });

  test('the path param is sent percent-encoded', async () => {
    nock(API).get('/trade/a%2Fb%3F%23').reply(200, { id: 'a/b?#' });
    const getTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id' });
    await expect(getTrade.request(context, { id: 'a/b?#' })).resolves.toEqual({ id: 'a/b?#' });
  });

  test('POST without path params: a single argument is the body, sent as JSON', async () => {
    const seen: SeenRequest[] = [];
    nock(API)
      .post('/users')
      .reply(recordRequest(seen, 201, { id: '9', name: 'Ann' }));
    const createUser = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST', schema: User });
    await expect(createUser.request(context, { name: 'Ann' })).resolves.toEqual({ id: '9', name: 'Ann' });
    expect(seen[0]?.body).toBe('{"name":"Ann"}');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  test('POST without path params: (params, body) puts params in the query', async () => {
    const seen: SeenRequest[] = [];
    nock(API).post('/users').query({ notify: 'false' }).reply(recordRequest(seen));
    const createUser = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST' });
    await createUser.request(context, { notify: false }, { name: 'Bo' });
    expect(seen[0]?.body).toBe('{"name":"Bo"}');
    expect(createUser.url({ notify: false }, { name: 'Bo' })).toBe(`${API}/users?notify=false`);
  });

  test('PATCH with path params: (params, body)', async () => {
    const seen: SeenRequest[] = [];
    nock(API)
      .patch('/trade/5')
      .reply(recordRequest(seen, 200, { id: 5, amount: '2' }));
    const updateTrade = new RestEndpoint({
      urlPrefix: API,
      path: '/trade/:id',
      method: 'PATCH',
      body: {} as { amount: string },
    });
    await expect(updateTrade.request(context, { id: 5 }, { amount: '2' })).resolves.toEqual({ id: 5, amount: '2' });
    expect(seen[0]?.body).toBe('{"amount":"2"}');
  });

  test('PUT and DELETE use their method', async () => {
    nock(API).put('/trade/5', { amount: '3' }).reply(200, { id: 5 });
    nock(API).delete('/trade/5').reply(204);
    const putTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id', method: 'PUT' });
    const deleteTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id', method: 'DELETE' });
    await expect(putTrade.request(context, { id: 5 }, { amount: '3' })).resolves.toEqual({ id: 5 });
    await expect(deleteTrade.request(context, { id: 5 })).resolves.toBeNull();
  });

  test('POST with `body: undefined` sends no body; its single argument is the params', async () => {
    const seen: SeenRequest[] = [];
    nock(API).post('/trade/5/close').query({ reason: 'done' }).reply(recordRequest(seen));
    const closeTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id/close', method: 'POST', body: undefined });
    await closeTrade.request(context, { id: 5, reason: 'done' });
    expect(seen[0]?.body).toBe('');
    expect(seen[0]?.headers['content-type']).toBeUndefined();
  });

  test('FormData passes through; fetch sets the multipart Content-Type', async () => {
    const seen: SeenRequest[] = [];
    nock(API).post('/upload').reply(recordRequest(seen));
    const form = new FormData();
    form.append('title', 'hello');
    const upload = new RestEndpoint({ urlPrefix: API, path: '/upload', method: 'POST', body: {} as FormData });
    await upload.request(context, form);
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="title"\r\n\r\nhello');
  });

  test('URLSearchParams, strings and Blobs pass through without the JSON header', async () => {
    const seen: SeenRequest[] = [];
    nock(API).post('/raw').times(3).reply(recordRequest(seen));
    const send = new RestEndpoint({
      urlPrefix: API,
      path: '/raw',
      method: 'POST',
      body: {} as URLSearchParams | string | Blob,
    });
    await send.request(context, new URLSearchParams({ a: '1', b: 'x y' }));
    await send.request(context, 'plain text');
    await send.request(context, new Blob(['<p/>'], { type: 'text/html' }));
    expect(seen.map((request) => [request.headers['content-type'], request.body])).toEqual([
      ['application/x-www-form-urlencoded;charset=UTF-8', 'a=1&b=x+y'],
      ['text/plain;charset=UTF-8', 'plain text'],
      ['text/html', '<p/>'],
    ]);
  });

  test('requestInit headers are sent, and may replace the JSON Content-Type', async () => {
    const seen: SeenRequest[] = [];
    nock(API).post('/users').times(2).reply(recordRequest(seen));
    const createUser = new RestEndpoint({
      urlPrefix: API,
      path: '/users',
      method: 'POST',
      requestInit: { headers: { 'X-Client': 'test' } },
    });
    await createUser.request(context, { name: 'Ann' });
    const createMerge = createUser.extend({
      requestInit: { headers: new Headers({ 'content-type': 'application/merge-patch+json' }) },
    });
    await createMerge.request(context, { name: 'Ann' });
    expect(seen[0]?.headers['x-client']).toBe('test');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[1]?.headers['content-type']).toBe('application/merge-patch+json');
  });

  test('getHeaders (async) receives the headers as a plain object and decides what is sent', async () => {
    const seen: SeenRequest[] = [];
    const received: Record<string, string>[] = [];
    nock(API).post('/users').reply(recordRequest(seen));
    const createUser = new RestEndpoint({
      urlPrefix: API,
      path: '/users',
      method: 'POST',
      requestInit: { headers: [['X-Client', 'test']] },
      async getHeaders(headers) {
        received.push(headers);
        await Promise.resolve();
        return { ...headers, Authorization: 'Bearer t0ken' };
      },
    });
    await createUser.request(context, { name: 'Ann' });
    expect(received).toEqual([{ 'X-Client': 'test', 'Content-Type': 'application/json' }]);
    expect(seen[0]?.headers.authorization).toBe('Bearer t0ken');
    expect(seen[0]?.headers['x-client']).toBe('test');
  });

  test('requests go through context.fetch', async () => {
    nock(API).get('/users').matchHeader('x-from-context', 'yes').reply(200, []);
    const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users' });
    const tagging = {
      fetch: (input: string | URL | Request, init?: RequestInit) =>
        fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-from-context': 'yes' } }),
    };
    await expect(getUsers.request(tagging, {})).resolves.toEqual([]);
  });

  test('process transforms the parsed response and sees the arguments', async () => {
    nock(API).get('/trade/3').query({ currency: 'eur' }).reply(200, { id: 3, amount: '1.5' });
    const getAmount = new RestEndpoint({
      urlPrefix: API,
      path: '/trade/:id',
      process(value, params) {
        return `${(value as { amount: string }).amount} ${String(params.currency)} for ${params.id}`;
      },
    });
    await expect(getAmount.request(context, { id: 3, currency: 'eur' })).resolves.toBe('1.5 eur for 3');
  });

  test('a rejected param makes no request', async () => {
    const scope = nock(API).get(/.*/).reply(200, {});
    const getFile = new RestEndpoint({ urlPrefix: API, path: '/files/:name' });
    await expect(getFile.request(context, { name: '%2E%2e' })).rejects.toThrow(
      'GET /files/:name: path parameter \'name\' is "%2E%2e", a dot segment',
    );
    expect(scope.isDone()).toBe(false);
    nock.cleanAll();
  });

  describe('bodies JSON cannot send are refused before any request', () => {
    const createUser = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST' });
    const circular: Record<string, unknown> = { name: 'Ann' };
    circular.self = circular;
    /** `{ a: { a: … {} } }`, `levels` objects deep. */
    const deep = (levels: number) => {
      let body: object = {};
      for (let level = 1; level < levels; level++) body = { a: body };
      return body;
    };

    test.each([
      [
        'a Map',
        new Map([['name', 'Ann']]),
        'the body is a Map: [["name","Ann"]], which JSON sends as {}. Send Object.fromEntries(map) instead.',
      ],
      ['a Set', new Set(['a']), 'the body is a Set: ["a"], which JSON sends as {}. Send [...set] instead.'],
      [
        'a Map inside',
        { name: 'Ann', roles: new Map([['admin', true]]) },
        'body.roles is a Map: [["admin",true]], which JSON sends as {}. Send Object.fromEntries(map) instead.',
      ],
      [
        'a function',
        function makeBody() {},
        'the body is a function (makeBody), which JSON cannot send (fetch would send no body at all). Send data.',
      ],
      [
        'a symbol',
        Symbol('s'),
        'the body is a symbol (Symbol(s)), which JSON cannot send (fetch would send no body at all). Send data.',
      ],
      [
        'a BigInt inside',
        { amount: 10n },
        'body.amount is a BigInt (10n), which JSON cannot send. Send it as a string.',
      ],
      ['a circular body', circular, 'body.self contains itself (a circular reference), which JSON cannot send.'],
      [
        'a body nested 10,000 levels',
        deep(10_000),
        'body.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a… nests deeper than 1000 levels, which JSON.stringify cannot send (it overflows the call stack). Flatten the body.',
      ],
    ])('%s', async (_label, body, problem) => {
      const scope = nock(API).post('/users').reply(201, {});
      await expect(createUser.request(context, body as never)).rejects.toThrow(
        new TypeError(`POST /users: ${problem}`),
      );
      expect(scope.isDone()).toBe(false);
      nock.cleanAll();
    });

    test('in production, the error names the endpoint, where the value is and what it is; why JSON refuses it is development advice', () => {
      inProduction(() => {
        const Production = freshModule<{ RestEndpoint: typeof RestEndpoint }>(
          '../../src/endpoint/RestEndpoint',
        ).RestEndpoint;
        const create = new Production({ urlPrefix: API, path: '/users', method: 'POST' });
        expect(() => create.key(new Map([['name', 'Ann']]) as never)).toThrow(
          new TypeError('POST /users: the body is a Map: [["name","Ann"]].'),
        );
        expect(() => create.key({ amount: 10n })).toThrow(new TypeError('POST /users: body.amount is a BigInt (10n).'));
        expect(() => create.key(circular)).toThrow(
          new TypeError('POST /users: body.self contains itself (a circular reference).'),
        );
        expect(() => create.key(deep(10_000) as never)).toThrow(
          new TypeError('POST /users: body.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a… nests deeper than 1000 levels.'),
        );
      });
    });

    test('a body nested 1,000 levels is sent', async () => {
      nock(API).post('/users').reply(201, {});
      await expect(createUser.request(context, deep(999) as never)).resolves.toEqual({});
    });

    test('through a store: the fetch rejects and nothing is stored, not even an error', async () => {
      const { store, slice } = makeStore();
      const before = slice();
      await expect(store.dispatch(fetchEndpoint(createUser, new Map([['name', 'Ann']]) as never))).rejects.toThrow(
        /^POST \/users: the body is a Map/,
      );
      expect(slice()).toBe(before);
    });

    test('Dates, class instances and function fields are sent as JSON sends them', async () => {
      const seen: SeenRequest[] = [];
      nock(API).post('/users').reply(recordRequest(seen));
      class Person {
        name = 'Ann';
        greet() {
          return this.name;
        }
      }
      await createUser.request(context, { born: new Date(0), person: new Person(), onDone: () => 1 });
      expect(seen[0]?.body).toBe('{"born":"1970-01-01T00:00:00.000Z","person":{"name":"Ann"}}');
    });
  });
});
