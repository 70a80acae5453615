/**
 * The error policy (DESIGN §5.13), one rule in one place (`src/endpoint/defaultErrorPolicy.ts`):
 * server errors (500-599) and failures with no HTTP status at all (offline, refused, DNS, timeout)
 * are soft, anything else is hard. Pinned on the rule itself, on the policy a failure is stored
 * with (`errorPolicyOf`: the endpoint's own first), and on what the store records through the middleware.
 */
import nock from 'nock';
import { Endpoint, FetchError, RestEndpoint } from '../../src/index';
import { defaultErrorPolicy, errorPolicyOf } from '../../src/endpoint/defaultErrorPolicy';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

/** An error carrying an HTTP status, as `NetworkError` does (which cannot be built with a status outside 200-599). */
function withStatus(status: number): Error {
  return Object.assign(new Error(`status ${status}`), { status });
}

describe('the rule', () => {
  test.each([
    [599, 'soft'],
    [503, 'soft'],
    [500, 'soft'],
    [600, 'hard'],
    [499, 'hard'],
    [404, 'hard'],
    [401, 'hard'],
    [302, 'hard'],
  ])('status %i is %s', (status, policy) => {
    expect(defaultErrorPolicy(withStatus(status))).toBe(policy);
  });

  test('a failure with no HTTP status is soft when no response came at all', () => {
    const fetchError = new FetchError('GET /users', `${API}/users`, new TypeError('fetch failed'));
    expect(defaultErrorPolicy(fetchError)).toBe('soft');
    expect(defaultErrorPolicy(new TypeError('fetch failed'))).toBe('soft');
    expect(defaultErrorPolicy(new TypeError('Failed to fetch'))).toBe('soft');
    expect(defaultErrorPolicy(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe('soft');
    expect(defaultErrorPolicy(new Error('fetch failed', { cause: { code: 'ENOTFOUND' } }))).toBe('soft');
    expect(defaultErrorPolicy(new DOMException('The operation timed out.', 'TimeoutError'))).toBe('soft');
  });

  test('a failure with no HTTP status that is not a network failure (a bug, a bad response) is hard', () => {
    expect(defaultErrorPolicy(new Error('Cannot read properties of undefined'))).toBe('hard');
    expect(defaultErrorPolicy(new TypeError('x is not a function'))).toBe('hard');
    expect(defaultErrorPolicy('a string')).toBe('hard');
    expect(defaultErrorPolicy(undefined)).toBe('hard');
  });

  test('a status that is not a number does not count as one', () => {
    expect(defaultErrorPolicy({ status: '503' })).toBe('hard');
  });
});

describe('errorPolicyOf: the policy a failure is stored with', () => {
  test("the endpoint's own policy wins", () => {
    expect(errorPolicyOf({ errorPolicy: () => 'hard' }, withStatus(503))).toBe('hard');
    expect(errorPolicyOf({ errorPolicy: () => 'soft' }, withStatus(404))).toBe('soft');
  });

  test('an endpoint without a policy, or whose policy answers undefined, gets the rule', () => {
    for (const endpoint of [{}, { errorPolicy: () => undefined }]) {
      expect(errorPolicyOf(endpoint, withStatus(599))).toBe('soft');
      expect(errorPolicyOf(endpoint, withStatus(600))).toBe('hard');
      expect(errorPolicyOf(endpoint, new TypeError('fetch failed'))).toBe('soft');
    }
  });
});

describe('what the store records', () => {
  /** A store whose server answers GET /users with `status`, or fails with no response for `undefined`. */
  function storeAnswering(status: number | undefined) {
    const scope = nock(API).get('/users');
    if (status === undefined)
      scope.replyWithError(Object.assign(new TypeError('fetch failed'), { code: 'ECONNREFUSED' }));
    else scope.reply(status, {});
    return makeStore();
  }

  const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users' });

  test.each([
    { answer: 'status 599', status: 599, policy: 'soft' },
    { answer: 'status 500', status: 500, policy: 'soft' },
    { answer: 'status 404', status: 404, policy: 'hard' },
    { answer: 'no response at all', status: undefined, policy: 'soft' },
  ])('a RestEndpoint answered with $answer stores a $policy error', async ({ status, policy }) => {
    const { store, ctrl } = storeAnswering(status);
    await expect(ctrl.fetch(getUsers)).rejects.toThrow();
    const meta = store.getState().entities.meta[getUsers.key()];
    expect(meta?.error).toBeDefined();
    expect(meta?.errorPolicy).toBe(policy);
  });

  test('an Endpoint failing with status 600 stores a hard error, one with 599 a soft one', async () => {
    const { store, ctrl } = makeStore();
    const failWith = new Endpoint(async (status: number) => Promise.reject(withStatus(status)), { name: 'failWith' });
    await expect(ctrl.fetch(failWith, 600)).rejects.toThrow('status 600');
    await expect(ctrl.fetch(failWith, 599)).rejects.toThrow('status 599');
    const { meta } = store.getState().entities;
    expect(meta[failWith.key(600)]?.errorPolicy).toBe('hard');
    expect(meta[failWith.key(599)]?.errorPolicy).toBe('soft');
  });
});
