/**
 * Security: hostile ids, prototype pollution through response bodies, and path parameters that try
 * to leave their segment. Everything through the real store.
 */
import nock from 'nock';
import {
  Entity,
  RestEndpoint,
  createResource,
  fetchEndpoint,
  getEntitySelectors,
  schema,
  selectEntityMeta,
  selectQuery,
  selectResponse,
} from '../../src/index';
import { User } from '../fixtures/spec';
import { prototypeSnapshot } from '../fixtures/prototypeSnapshot';
import { API, assertNetworkDone, makeStore, strictNetwork, tickingClock } from '../fixtures/store';
import { recordOf } from '../../src/storage/table.js';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Profile extends Entity {
  id = '';
  bio = '';
  pk() {
    return this.id;
  }
  static override key = 'Profile';
}

class Account extends Entity {
  id = '';
  name = '';
  profile: Profile | null = null;
  pk() {
    return this.id;
  }
  static override key = 'Account';
  static override schema = { profile: Profile };
}

const AccountResource = createResource({ urlPrefix: API, path: '/accounts/:id', schema: Account });
const getAccounts = new RestEndpoint({ urlPrefix: API, path: '/accounts', schema: new schema.All(Account) });
const getPage = new RestEndpoint({ urlPrefix: API, path: '/page', schema: { accounts: [Account] } });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const HOSTILE_IDS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const;
const accountSelectors = getEntitySelectors(Account);

describe('hostile ids are ordinary ids', () => {
  test('stored, listed (selectAll, selectIds, selectEntities, selectTotal) and selected (selectById) like any id', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const items = HOSTILE_IDS.map((id) => ({ id, name: `name of ${id}` }));
    nock(API).get('/accounts').reply(200, items);
    const listed = await store.dispatch(fetchEndpoint(getAccounts));
    const state = store.getState();

    expect(listed.map((account) => account.id)).toEqual([...HOSTILE_IDS]);
    expect(Object.keys(slice().entities.Account ?? {})).toEqual([...HOSTILE_IDS]);
    for (const id of HOSTILE_IDS) expect(Object.prototype.hasOwnProperty.call(slice().entities.Account, id)).toBe(true);

    expect(accountSelectors.selectAll(state)).toBe(listed);
    expect(accountSelectors.selectIds(state)).toEqual([...HOSTILE_IDS]);
    expect(accountSelectors.selectTotal(state)).toBe(5);
    const byId = accountSelectors.selectEntities(state);
    expect(Object.keys(byId)).toEqual([...HOSTILE_IDS]);
    for (const [i, id] of HOSTILE_IDS.entries()) {
      const account = accountSelectors.selectById(state, id);
      expect(account).toBeInstanceOf(Account);
      expect(account).toBe(listed[i]);
      expect(byId[id]).toBe(account);
      expect(account?.name).toBe(`name of ${id}`);
      expect(selectQuery(Account, id)(state)).toBe(account);
    }
    // ids that were never stored are not found on the prototype either
    for (const id of ['isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__']) {
      expect(accountSelectors.selectById(state, id)).toBeUndefined();
      expect(selectQuery(Account, id)(state)).toBeUndefined();
    }
  });

  test.each(HOSTILE_IDS)(
    'id %s: fetched by id, updated, deleted, and its endpoint key and meta are its own',
    async (id) => {
      const { store, slice } = makeStore({ now: tickingClock().now });
      nock(API)
        .get(`/accounts/${id}`)
        .reply(200, { id, name: 'first' })
        .patch(`/accounts/${id}`, { name: 'second' })
        .reply(200, { id, name: 'second' })
        .delete(`/accounts/${id}`)
        .reply(204);

      const fetched = await store.dispatch(fetchEndpoint(AccountResource.get, { id }));
      expect(fetched).toBeInstanceOf(Account);
      expect(selectResponse(AccountResource.get, { id })(store.getState()).data).toBe(fetched);
      await store.dispatch(fetchEndpoint(AccountResource.partialUpdate, { id }, { name: 'second' }));
      expect(accountSelectors.selectById(store.getState(), id)?.name).toBe('second');
      expect(selectEntityMeta(store.getState(), 'Account', id)).toMatchObject({ fetchedAt: expect.any(Number) });

      await store.dispatch(fetchEndpoint(AccountResource.delete, { id }));
      expect(accountSelectors.selectById(store.getState(), id)).toBeUndefined();
      expect(accountSelectors.selectIds(store.getState())).toEqual([]);
      expect(Object.keys(slice().entities.Account ?? {})).toEqual([]);
      expect(selectEntityMeta(store.getState(), 'Account', id)?.deleted).toBe(true);
      expect(Object.getPrototypeOf(slice().entities.Account)).not.toBe(Account.prototype);
    },
  );

  test('a user with id "__proto__" and a user with id "1" do not see each other', async () => {
    const { store } = makeStore();
    nock(API)
      .get('/users/__proto__')
      .reply(200, { id: '__proto__', name: 'Proto' })
      .get('/users/1')
      .reply(200, { id: '1', name: 'One' });
    await store.dispatch(fetchEndpoint(getUser, { id: '__proto__' }));
    await store.dispatch(fetchEndpoint(getUser, { id: '1' }));
    const users = getEntitySelectors(User);
    expect(users.selectById(store.getState(), '__proto__')?.name).toBe('Proto');
    expect(users.selectById(store.getState(), '1')?.name).toBe('One');
    expect(Object.getPrototypeOf(users.selectById(store.getState(), '1'))).toBe(User.prototype);
  });
});

describe('response bodies with "__proto__" or "constructor" fields pollute nothing', () => {
  test('through a list, a nested entity and an object schema, fetched twice (merging into the stored record)', async () => {
    // JSON.stringify drops a literal's __proto__, so the body is written out by hand
    const body =
      '[{"id":"a","name":"A","__proto__":{"polluted":"via __proto__","isAdmin":true},' +
      '"constructor":{"prototype":{"polluted":"via constructor.prototype"}},' +
      '"profile":{"id":"p","bio":"x","__proto__":{"polluted":"nested"},"constructor":{"prototype":{"polluted":"nested ctor"}}}}]';
    const page = `{"__proto__":{"polluted":"page"},"constructor":{"prototype":{"polluted":"page ctor"}},"accounts":${body}}`;
    const before = prototypeSnapshot(Account.prototype, Profile.prototype, Entity.prototype);
    const { store, slice } = makeStore({ now: tickingClock().now });
    nock(API)
      .get('/accounts')
      .times(2)
      .reply(200, body, { 'Content-Type': 'application/json' })
      .get('/page')
      .reply(200, page, { 'Content-Type': 'application/json' });

    await store.dispatch(fetchEndpoint(getAccounts));
    const [account] = await store.dispatch(fetchEndpoint(getAccounts)); // merged into the stored record
    const pageResult = await store.dispatch(fetchEndpoint(getPage));

    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.create(null).polluted).toBeUndefined();
    expect((Account.prototype as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypeSnapshot(Account.prototype, Profile.prototype, Entity.prototype)).toEqual(before);

    // instances keep their class; the hostile fields are plain data
    expect(account).toBeInstanceOf(Account);
    expect(Object.getPrototypeOf(account)).toBe(Account.prototype);
    expect(account?.pk()).toBe('a');
    expect(account?.name).toBe('A');
    expect(account?.profile).toBeInstanceOf(Profile);
    expect(Object.getPrototypeOf(account?.profile)).toBe(Profile.prototype);
    expect(account?.profile?.pk()).toBe('p');
    expect((account as unknown as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(account, '__proto__')?.value).toEqual({
      polluted: 'via __proto__',
      isAdmin: true,
    });
    expect(pageResult.accounts[0]).toBe(accountSelectors.selectById(store.getState(), 'a'));
    expect(Object.getPrototypeOf(pageResult)).toBe(Object.prototype);
    expect((pageResult as Record<string, unknown>).polluted).toBeUndefined();

    // the stored records are plain objects with the fields as own data
    const record = recordOf(slice().entities.Account, 'a') as Record<string, unknown>;
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(record.polluted).toBeUndefined();
    expect(Object.keys(record).sort()).toEqual(['__proto__', 'constructor', 'id', 'name', 'profile']);
    expect(Object.getPrototypeOf(slice().entities.Account)).not.toBe(Account.prototype);
    expect(JSON.parse(JSON.stringify(store.getState()))).toEqual(store.getState());
  });
});

describe('path parameters cannot leave their segment', () => {
  test.each([
    ['a/b', '/accounts/a%2Fb'],
    ['?', '/accounts/%3F'],
    ['#', '/accounts/%23'],
    ['a?x=1#frag', '/accounts/a%3Fx%3D1%23frag'],
    ['..a', '/accounts/..a'],
    ['%2F', '/accounts/%252F'],
  ])('%j is percent-encoded into one segment', async (id, path) => {
    const { store } = makeStore();
    nock(API).get(path).reply(200, { id, name: 'encoded' });
    const account = await store.dispatch(fetchEndpoint(AccountResource.get, { id }));
    expect(account.id).toBe(id);
    expect(AccountResource.get.url({ id })).toBe(`${API}${path}`);
  });

  test.each(['.', '..', '%2e', '%2e%2e', '%2E%2E', '.%2e', '%252e%252e'])(
    '%j is rejected before any request; the store is untouched',
    async (id) => {
      const { store, ctrl, slice } = makeStore();
      const trap = nock(API).get(/.*/).reply(200, { id: 'x', name: 'should not be fetched' });
      const before = slice();
      try {
        await expect(store.dispatch(fetchEndpoint(AccountResource.get, { id }))).rejects.toThrow(
          new RegExp(`^Account\\.get: path parameter 'id' is ${escape(JSON.stringify(id))}, a dot segment`),
        );
        await expect(ctrl.fetch(AccountResource.delete, { id })).rejects.toBeInstanceOf(TypeError);
        await expect(ctrl.fetch(AccountResource.partialUpdate, { id }, { name: 'x' })).rejects.toBeInstanceOf(
          TypeError,
        );
        expect(trap.isDone()).toBe(false);
        expect(slice()).toBe(before); // not even a pending mark
      } finally {
        nock.cleanAll(); // the trap must stay unused
      }
    },
  );

  test("{ id: '1?x=1' } and { id: '1', x: '1' } are different calls: different keys, two requests, two results", async () => {
    const { store, slice } = makeStore();
    const encoded = AccountResource.get.key({ id: '1?x=1' });
    const query = AccountResource.get.key({ id: '1', x: '1' });
    expect(encoded).not.toBe(query);
    expect(encoded).toBe(`GET ${API}/accounts/1%3Fx%3D1`);
    expect(query).toBe(`GET ${API}/accounts/1?x=1`);

    nock(API)
      .get('/accounts/1%3Fx%3D1')
      .reply(200, { id: '1?x=1', name: 'odd id' })
      .get('/accounts/1')
      .query({ x: '1' })
      .reply(200, { id: '1', name: 'plain id' });
    const [odd, plain] = await Promise.all([
      store.dispatch(fetchEndpoint(AccountResource.get, { id: '1?x=1' })),
      store.dispatch(fetchEndpoint(AccountResource.get, { id: '1', x: '1' })),
    ]);
    expect(odd.name).toBe('odd id');
    expect(plain.name).toBe('plain id');
    expect(Object.keys(slice().endpoints).sort()).toEqual([query, encoded].sort());
    expect(Object.keys(slice().entities.Account ?? {}).sort()).toEqual(['1', '1?x=1']);
  });
});
