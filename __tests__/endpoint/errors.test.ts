/**
 * The errors an endpoint's request rejects with: NetworkError (a status), FetchError (no response),
 * the error policy that classifies them, and aborts and timeouts.
 */
import nock from 'nock';
import { FetchError, NetworkError, RestEndpoint } from '../../src/index';
import { API, context, useNock } from './http';

useNock();

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users' });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

describe('NetworkError', () => {
  test('a non-2xx status rejects with a NetworkError carrying status and response', async () => {
    nock(API).get('/users').reply(404, { message: 'no users here' });
    const error = await failure(getUsers.request(context));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(Error);
    const networkError = error as NetworkError;
    expect(networkError.name).toBe('NetworkError');
    expect(networkError.status).toBe(404);
    expect(networkError.response).toBeInstanceOf(Response);
    expect(networkError.response.status).toBe(404);
  });

  test('its message names the endpoint, the status and the start of the body', async () => {
    nock(API)
      .get('/users')
      .reply(503, `Service Unavailable: ${'z'.repeat(300)}`);
    const error = (await failure(getUsers.request(context))) as NetworkError;
    expect(error.message).toBe(
      `GET /users failed with 503 Service Unavailable from ${API}/users. Body starts with "Service Unavailable: ${'z'.repeat(79)}"….`,
    );
  });

  test('without a body the message ends at the URL', async () => {
    nock(API).get('/users').reply(401);
    const error = (await failure(getUsers.request(context))) as NetworkError;
    expect(error.message).toBe(`GET /users failed with 401 Unauthorized from ${API}/users.`);
  });

  test('the response body is still readable by whoever catches it', async () => {
    nock(API)
      .get('/users')
      .reply(422, { errors: { name: 'required' } });
    const error = (await failure(getUsers.request(context))) as NetworkError;
    await expect(error.response.json()).resolves.toEqual({ errors: { name: 'required' } });
  });

  test('can be constructed by custom endpoints; the message defaults to the status', () => {
    const error = new NetworkError(new Response('nope', { status: 418, statusText: "I'm a teapot" }));
    expect(error.message).toBe("418 I'm a teapot");
    expect(error.status).toBe(418);
    expect(new NetworkError(new Response(null, { status: 500 }), 'custom').message).toBe('custom');
  });
});

describe('FetchError: no response at all', () => {
  test('a connection that fails rejects with a FetchError naming the endpoint and the URL, the original error as its cause', async () => {
    nock(API).get('/users').replyWithError('connect ECONNREFUSED 10.0.0.1:443');
    const error = await failure(getUsers.request(context));
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({
      name: 'FetchError',
      url: `${API}/users`,
      message: `GET /users got no response from ${API}/users: connect ECONNREFUSED 10.0.0.1:443.`,
    });
    expect((error as FetchError).cause).toMatchObject({ message: 'connect ECONNREFUSED 10.0.0.1:443' });
  });

  test("fetch's own TypeError and its cause are both in the message", async () => {
    const down = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo ENOTFOUND api.endpoint.test'), { code: 'ENOTFOUND' }),
    });
    const error = await failure(getUsers.request({ fetch: () => Promise.reject(down) }));
    expect((error as Error).message).toBe(
      `GET /users got no response from ${API}/users: fetch failed (getaddrinfo ENOTFOUND api.endpoint.test).`,
    );
    expect((error as FetchError).cause).toBe(down);
  });

  test('an abort is not wrapped: it stays the abort reason', async () => {
    const controller = new AbortController();
    controller.abort('gone');
    nock(API).get('/users').delay(1000).reply(200, []);
    await expect(getUsers.request({ ...context, signal: controller.signal })).rejects.toBe('gone');
    nock.cleanAll();
  });
});

describe('errorPolicy', () => {
  test('defaults: 5xx and no response at all are soft, any other failure is hard', async () => {
    nock(API).get('/users').reply(500);
    nock(API).get('/users').reply(599);
    nock(API).get('/users').reply(404);
    nock(API).get('/users').reply(400);
    const policies: unknown[] = [];
    for (let i = 0; i < 4; i++) policies.push(getUsers.errorPolicy(await failure(getUsers.request(context))));
    expect(policies).toEqual(['soft', 'soft', 'hard', 'hard']);
    expect(getUsers.errorPolicy(new TypeError('parse failed'))).toBe('hard');
    expect(getUsers.errorPolicy('a string')).toBe('hard');
    // DESIGN §5.13: offline, refused, DNS, timeout
    nock(API).get('/users').replyWithError('connect ECONNREFUSED 10.0.0.1:443');
    expect(getUsers.errorPolicy(await failure(getUsers.request(context)))).toBe('soft');
    for (const message of [
      'Failed to fetch',
      'fetch failed',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
      'Network request failed',
    ]) {
      expect([message, getUsers.errorPolicy(new TypeError(message))]).toEqual([message, 'soft']);
    }
    expect(getUsers.errorPolicy(new DOMException('slow', 'TimeoutError'))).toBe('soft');
    expect(getUsers.errorPolicy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe('soft');
    expect(
      getUsers.errorPolicy(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ENOTFOUND' }) })),
    ).toBe('soft');
    expect(getUsers.errorPolicy(new DOMException('stopped', 'AbortError'))).toBe('hard');
  });

  test('the option replaces the default', async () => {
    const lenient = getUsers.extend({
      errorPolicy: (error) => (error instanceof NetworkError && error.status === 404 ? 'soft' : undefined),
    });
    nock(API).get('/users').reply(404);
    expect(lenient.errorPolicy(await failure(lenient.request(context)))).toBe('soft');
    expect(lenient.errorPolicy(new Error('x'))).toBeUndefined();
  });
});

describe('aborting', () => {
  test('timeout aborts the request with a TimeoutError naming the endpoint and the URL', async () => {
    nock(API).get('/users').delay(1000).reply(200, []);
    const slow = getUsers.extend({ timeout: 30 });
    const started = Date.now();
    const error = await failure(slow.request(context));
    expect(Date.now() - started).toBeLessThan(800);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect((error as DOMException).message).toBe(`GET /users timed out after 30ms waiting for ${API}/users`);
    nock.abortPendingRequests();
  });

  test('the timeout also covers reading the body', async () => {
    nock(API).get('/users').delayBody(1000).reply(200, [1]);
    const error = await failure(getUsers.extend({ timeout: 30 }).request(context));
    expect((error as DOMException).name).toBe('TimeoutError');
    nock.abortPendingRequests();
  });

  test('a fetch that reports every abort as a plain AbortError (as polyfills do) still gives the TimeoutError', async () => {
    nock(API).get('/users').delay(1000).reply(200, []);
    const polyfillLike = {
      fetch: (input: string | URL | Request, init?: RequestInit) =>
        fetch(input, init).catch(() => {
          throw new DOMException('The operation was aborted.', 'AbortError');
        }),
    };
    const error = await failure(getUsers.extend({ timeout: 30 }).request(polyfillLike));
    expect((error as DOMException).name).toBe('TimeoutError');
    expect((error as DOMException).message).toBe(`GET /users timed out after 30ms waiting for ${API}/users`);
    nock.abortPendingRequests();
  });

  test('a response in time is not affected by the timeout', async () => {
    nock(API).get('/users').reply(200, [1]);
    await expect(getUsers.extend({ timeout: 1000 }).request(context)).resolves.toEqual([1]);
  });

  test("context.signal aborts the request with the signal's reason", async () => {
    nock(API).get('/users').delay(1000).reply(200, []);
    const controller = new AbortController();
    const request = getUsers.extend({ timeout: 5000 }).request({ ...context, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('store reset')), 10);
    await expect(request).rejects.toThrow('store reset');
    nock.abortPendingRequests();
  });

  test('an already aborted signal rejects without waiting for the server', async () => {
    nock(API).get('/users').delay(1000).reply(200, []);
    const controller = new AbortController();
    controller.abort();
    const error = await failure(getUsers.request({ ...context, signal: controller.signal }));
    expect((error as DOMException).name).toBe('AbortError');
    nock.cleanAll();
  });
});
