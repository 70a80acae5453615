/**
 * Endpoint(fetchFn, options): a function as an endpoint (request, name, key, schema, policies,
 * extend), and its default cache key, faithful to the arguments and refusing what it cannot key.
 */
import nock from 'nock';
import { Endpoint, NetworkError, fetchEndpoint, schema } from '../../src/index';
import { makeStore } from '../fixtures/store';
import { User } from '../fixtures/spec';
import { API, context, useNock } from './http';

useNock();

async function fetchUsers(page: number, filter?: { role?: string; active?: boolean }): Promise<unknown> {
  const query = new URLSearchParams({
    page: String(page),
    ...(filter?.role === undefined ? {} : { role: filter.role }),
  });
  const response = await fetch(`${API}/users?${query}`);
  if (!response.ok) throw new NetworkError(response);
  return response.json();
}

describe('Endpoint(fetchFn, options)', () => {
  test('request calls the function with the arguments and resolves with its result', async () => {
    nock(API)
      .get('/users')
      .query({ page: '2', role: 'admin' })
      .reply(200, [{ id: '1', name: 'Ann' }]);
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
    expect([getUsers.dataExpiryLength, getUsers.errorExpiryLength, getUsers.pollFrequency]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
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
    expect([getUserList.schema, getUserList.dataExpiryLength, getUserList.pollFrequency, getUserList.name]).toEqual([
      [User],
      5,
      100,
      'fetchUsers',
    ]);
    expect([getUsers.schema, getUsers.pollFrequency]).toEqual([undefined, undefined]);
    nock(API).get('/users').query({ page: '1' }).reply(200, []);
    await expect(getUserList.request(context, 1)).resolves.toEqual([]);
  });

  test('an extended unnamed endpoint keeps its name and keys', () => {
    const first = Endpoint(async (id: number) => id);
    expect(first.extend({ dataExpiryLength: 1 }).key(1)).toBe(first.key(1));
  });

  test('a non-function is refused', () => {
    expect(() => Endpoint('nope' as unknown as () => Promise<unknown>)).toThrow(
      new TypeError('Endpoint(fetchFn) needs an async function; received string.'),
    );
  });
});

describe('the default cache key', () => {
  const getByFilter = Endpoint(async (filter: unknown) => filter, { name: 'getByFilter' });

  test('is faithful: values that JSON would merge give different keys', () => {
    const different: [unknown, unknown][] = [
      [new Map([['user', 'alice']]), new Map([['user', 'bob']])],
      [new Map([['user', 'alice']]), {}],
      [new Set(['a']), new Set(['b'])],
      [new Set(['a']), []],
      [new Date(0), '1970-01-01T00:00:00.000Z'],
      [new Date(0), new Date(1)],
      [NaN, null],
      [Infinity, null],
      [[undefined], [null]],
      [1n, 1],
      [1n, '1'],
      [{ a: undefined }, { a: null }],
    ];
    for (const [a, b] of different) expect([a, b, getByFilter.key(a) === getByFilter.key(b)]).toEqual([a, b, false]);
  });

  test('equal contents give one key: object keys, Map entries and Set items in any order', () => {
    expect(
      getByFilter.key(
        new Map([
          ['a', 1],
          ['b', 2],
        ]),
      ),
    ).toBe(
      getByFilter.key(
        new Map([
          ['b', 2],
          ['a', 1],
        ]),
      ),
    );
    expect(getByFilter.key(new Set([1, 2]))).toBe(getByFilter.key(new Set([2, 1])));
    expect(getByFilter.key(new Date(5))).toBe(getByFilter.key(new Date(5)));
    expect(getByFilter.key({ a: 1, b: undefined })).toBe(getByFilter.key({ a: 1 }));
    // plain JSON data keeps its JSON form
    expect(getByFilter.key({ b: [1, 'x', true, null], a: { c: 1.5 } })).toBe(
      'getByFilter [{"a":{"c":1.5},"b":[1,"x",true,null]}]',
    );
  });

  test('two calls with Maps that differ make two requests and store two results', async () => {
    const { store, slice } = makeStore();
    nock(API)
      .get('/users')
      .query({ user: 'alice' })
      .reply(200, [{ id: 'a', name: 'Alice' }]);
    nock(API)
      .get('/users')
      .query({ user: 'bob' })
      .reply(200, [{ id: 'b', name: 'Bob' }]);
    const search = Endpoint(
      async (filter: Map<string, string>) => (await fetch(`${API}/users?${new URLSearchParams([...filter])}`)).json(),
      { name: 'search', schema: [User] },
    );
    const alice = await store.dispatch(fetchEndpoint(search, new Map([['user', 'alice']])));
    const bob = await store.dispatch(fetchEndpoint(search, new Map([['user', 'bob']])));
    expect(alice.map((user) => user.name)).toEqual(['Alice']);
    expect(bob.map((user) => user.name)).toEqual(['Bob']);
    expect(Object.keys(slice().endpoints)).toHaveLength(2);
  });

  test.each([
    [
      'a function',
      [{ onDone: function notify() {} }],
      'getByFilter: cannot make a cache key of its arguments: args[0].onDone is a function (notify), which has no value to compare.',
    ],
    [
      'a symbol',
      [Symbol('token')],
      'getByFilter: cannot make a cache key of its arguments: args[0] is a symbol (Symbol(token)), which has no value to compare.',
    ],
    [
      'a value with no fields',
      [new WeakMap()],
      'getByFilter: cannot make a cache key of its arguments: args[0] is a WeakMap with no fields of its own, which has no value to compare.',
    ],
  ])('refuses %s loudly, naming the endpoint and where the value is', (_label, args, message) => {
    expect(() => getByFilter.key(...(args as [unknown]))).toThrow(
      new TypeError(
        `${message} Pass plain data (Maps, Sets and Dates are keyed by their contents), or give the endpoint a key(...args) option.`,
      ),
    );
  });

  test('a circular argument gets a clear message, not a stack overflow', () => {
    const filter: Record<string, unknown> = { user: 'alice' };
    filter.self = filter;
    expect(() => getByFilter.key(filter)).toThrow(
      /^getByFilter: cannot make a cache key of its arguments: args\[0\]\.self contains itself \(a circular reference\)\./,
    );
  });

  test('keys by contents at any depth: Map keys and values, Set items, RegExps, toJSON, prototype-free objects', () => {
    const key = (value: unknown) => getByFilter.key(value);
    expect(key(new Map([[{ id: 1 }, new Set([undefined])]]))).toBe('getByFilter [Map([[{"id":1},Set([undefined])]])]');
    expect(key(new Map([[{ id: 1 }, 'a']]))).not.toBe(key(new Map([[{ id: 2 }, 'a']])));
    expect(key(new Set([{ a: 1 }]))).not.toBe(key(new Set([{ a: 2 }])));
    expect(key(/a/g)).toBe('getByFilter [RegExp("/a/g")]');
    expect(key(/a/g)).not.toBe(key(/a/i));
    expect(key(new URL('https://a.test/x'))).toBe('getByFilter ["https://a.test/x"]');
    expect(key({ when: new Date(Number.NaN) })).toBe('getByFilter [{"when":Date(Invalid)}]');
    expect(key(Object.assign(Object.create(null) as object, { b: 1, a: [NaN, -Infinity] }))).toBe(
      'getByFilter [{"a":[NaN,-Infinity],"b":1}]',
    );
    expect(key(Object.create(null))).toBe('getByFilter [{}]');
    expect((getByFilter.key as (...args: unknown[]) => string)()).toBe('getByFilter []');
    expect(getByFilter.key(undefined)).toBe('getByFilter [undefined]');
  });

  test('the refusal names where the value is, also inside Maps, Sets and arrays, and an anonymous function as such', () => {
    const refused = (value: unknown) => {
      try {
        getByFilter.key(value);
      } catch (error) {
        return (error as Error).message
          .replace(/^getByFilter: cannot make a cache key of its arguments: /, '')
          .replace(/ Pass plain data.*$/, '');
      }
      return 'no error';
    };
    expect(refused(new Map([['cb', () => 1]]))).toBe(
      'args[0].get(cb) is a function (an anonymous function), which has no value to compare.',
    );
    expect(refused([1, [Symbol.for('s')]])).toBe(
      'args[0][1][0] is a symbol (Symbol(s)), which has no value to compare.',
    );
    expect(refused(new Set([new WeakSet()]))).toBe(
      'args[0]<item 0> is a WeakSet with no fields of its own, which has no value to compare.',
    );
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 1_100; i++) cursor = (cursor.a = {}) as Record<string, unknown>;
    expect(refused(deep)).toMatch(/^args\[0\](\.a)+ is nested more than 1000 levels deep\.$/);
  });

  test('a BigInt argument is keyed, distinct from the number and the string', () => {
    expect(getByFilter.key(10n)).toBe('getByFilter [10n]');
  });

  test('a refused argument rejects the fetch before any request, and stores nothing', async () => {
    const { store, slice } = makeStore();
    const before = slice();
    await expect(store.dispatch(fetchEndpoint(getByFilter, { callback: () => 1 }))).rejects.toThrow(
      /^getByFilter: cannot make a cache key/,
    );
    expect(slice()).toBe(before);
  });
});
