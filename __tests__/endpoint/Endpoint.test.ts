import nock from 'nock';
import { Endpoint, NetworkError, schema } from '../../src/index';
import { User } from '../fixtures/spec';
import { API, context, useNock } from './http';

useNock();

async function fetchUsers(page: number, filter?: { role?: string; active?: boolean }): Promise<unknown> {
  const query = new URLSearchParams({ page: String(page), ...(filter?.role === undefined ? {} : { role: filter.role }) });
  const response = await fetch(`${API}/users?${query}`);
  if (!response.ok) throw new NetworkError(response);
  return response.json();
}

describe('Endpoint(fetchFn, options)', () => {
  test('request calls the function with the arguments and resolves with its result', async () => {
    nock(API).get('/users').query({ page: '2', role: 'admin' }).reply(200, [{ id: '1', name: 'Ann' }]);
    const getUsers = Endpoint(fetchUsers, { schema: new schema.All(User) });
    await expect(getUsers.request(context, 2, { role: 'admin' })).resolves.toEqual([{ id: '1', name: 'Ann' }]);
    expect(getUsers.fetch).toBe(fetchUsers);
  });

  test('errors of the function reach the caller, and the default policy classifies them', async () => {
    nock(API).get('/users').query(true).reply(502);
    const getUsers = Endpoint(fetchUsers);
    const error = await getUsers.request(context, 1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(getUsers.errorPolicy(error)).toBe('soft');
    expect(getUsers.errorPolicy(new Error('bug'))).toBe('hard');
  });

  test('defaults: name from the function, no schema, not a side effect, no expiry', () => {
    const getUsers = Endpoint(fetchUsers);
    expect(getUsers.name).toBe('fetchUsers');
    expect(getUsers.schema).toBeUndefined();
    expect(getUsers.sideEffect).toBe(false);
    expect([getUsers.dataExpiryLength, getUsers.errorExpiryLength, getUsers.pollFrequency]).toEqual([undefined, undefined, undefined]);
    expect('getOptimisticResponse' in getUsers).toBe(false);
  });

  test('the default key is the name and the arguments, stable under key order', () => {
    const getUsers = Endpoint(fetchUsers);
    expect(getUsers.key(1, { role: 'a', active: true })).toBe('fetchUsers [1,{"active":true,"role":"a"}]');
    expect(getUsers.key(1, { active: true, role: 'a' })).toBe(getUsers.key(1, { role: 'a', active: true }));
    expect(getUsers.key(1)).not.toBe(getUsers.key(2));
  });

  test('unnamed functions get distinct names, so their keys never collide', () => {
    const first = Endpoint(async (id: number) => id);
    const second = Endpoint(async (id: number) => id * 2);
    expect(first.name).toMatch(/^anonymous endpoint \d+$/);
    expect(first.key(1)).not.toBe(second.key(1));
  });

  test('options set the name, key, schema, side effect, expiry and policies', () => {
    const optimistic = (_snapshot: unknown, name: string) => ({ id: 'tmp', name });
    const createUser = Endpoint(async (name: string) => ({ id: '1', name }), {
      name: 'createUser',
      schema: User,
      sideEffect: true,
      key: (name) => `user ${name}`,
      dataExpiryLength: 10,
      errorExpiryLength: 20,
      pollFrequency: 30,
      errorPolicy: () => 'soft',
      getOptimisticResponse: optimistic,
    });
    expect(createUser.name).toBe('createUser');
    expect(createUser.schema).toBe(User);
    expect(createUser.sideEffect).toBe(true);
    expect(createUser.key('Ann')).toBe('user Ann');
    expect([createUser.dataExpiryLength, createUser.errorExpiryLength, createUser.pollFrequency]).toEqual([10, 20, 30]);
    expect(createUser.errorPolicy(new Error('x'))).toBe('soft');
    expect(createUser.getOptimisticResponse?.({}, 'Ann')).toEqual({ id: 'tmp', name: 'Ann' });
  });

  test('works with new, and instanceof Endpoint holds', () => {
    const getUsers = new Endpoint(fetchUsers);
    expect(getUsers).toBeInstanceOf(Endpoint);
    expect(Endpoint(fetchUsers)).toBeInstanceOf(Endpoint);
    expect(getUsers.name).toBe('fetchUsers');
  });

  test('extend merges options into a new endpoint and leaves the original unchanged', async () => {
    const getUsers = Endpoint(fetchUsers, { dataExpiryLength: 5 });
    const getUserList = getUsers.extend({ schema: [User], pollFrequency: 100 });
    expect(getUserList).not.toBe(getUsers);
    expect([getUserList.schema, getUserList.dataExpiryLength, getUserList.pollFrequency, getUserList.name]).toEqual([[User], 5, 100, 'fetchUsers']);
    expect([getUsers.schema, getUsers.pollFrequency]).toEqual([undefined, undefined]);
    nock(API).get('/users').query({ page: '1' }).reply(200, []);
    await expect(getUserList.request(context, 1)).resolves.toEqual([]);
  });

  test('an extended unnamed endpoint keeps its name and keys', () => {
    const first = Endpoint(async (id: number) => id);
    expect(first.extend({ dataExpiryLength: 1 }).key(1)).toBe(first.key(1));
  });

  test('a non-function is refused', () => {
    expect(() => Endpoint('nope' as unknown as () => Promise<unknown>)).toThrow(new TypeError('Endpoint(fetchFn) needs an async function; received string.'));
  });
});
