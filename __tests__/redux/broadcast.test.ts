/**
 * Tabs (`createDataMiddleware({ broadcastChannel: tabs(name) })`, `src/tabs`, `src/redux/middleware/broadcast.ts`): two
 * stores on one channel in one process, as two tabs. A committed write of one (a response, a
 * Collection push, a deletion, `ctrl.set`, an invalidation) shows in the other with no request of
 * its own; writes of one record apply in the order they started whichever tab's answer lands
 * first; optimistic layers and requests in flight stay in their tab; channels of other names hear
 * nothing; a message that is not ours (or names a kind every object inherits, `__proto__`) is
 * ignored with a warning and changes nothing; results received from another tab do not stop this
 * tab's collection.
 */
import nock from 'nock';
import {
  Entity,
  RestEndpoint,
  createResource,
  fetchEndpoint,
  getEntitySelectors,
  schema,
  selectQuery,
  selectResponse,
} from '../../src/index';
import type { DataMiddlewareOptions } from '../../src/index';
import { tabs } from '../../src/tabs/index';
import { API, assertNetworkDone, held, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Trade extends Entity {
  id = 0;
  user = 0;
  amount = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Trade';
}

class Member extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Member';
  static override indexes = ['name'];
}

const TradeResource = createResource({ urlPrefix: API, path: '/trades/:id', schema: Trade, optimistic: true });
const getMembers = new RestEndpoint({ urlPrefix: API, path: '/members', schema: [Member] });
const trade = (store: Tab, id: number) => getEntitySelectors(Trade).selectById(store.store.getState(), id);
const listIds = (store: Tab) =>
  selectResponse(TradeResource.getList)(store.store.getState()).data?.map((item) => item.id);

type Tab = ReturnType<typeof makeStore>;

/** Every store a test opened: their channels close after it, or the process would not end. */
const opened: AbortController[] = [];
afterEach(() => {
  for (const stop of opened.splice(0)) stop.abort();
});

let channels = 0;
/** A channel name no other test uses. */
const newChannel = () => `tabs-test-${++channels}`;

/** A store on `channel`, as one tab of the app. */
function openTab(channel: string, options: DataMiddlewareOptions = {}): Tab {
  const stop = new AbortController();
  opened.push(stop);
  return makeStore({ broadcastChannel: tabs(channel), signal: stop.signal, ...options });
}

/** Two tabs on one channel, on one clock the test moves (`clock.now`). */
function twoTabs() {
  const clock = { now: 1_000 };
  const channel = newChannel();
  const now = () => clock.now;
  return { a: openTab(channel, { now }), b: openTab(channel, { now }), clock, channel };
}

/** Resolves once `check` holds in `tab` (checked after each of its updates); fails after 2 s. */
function until(tab: Tab, check: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('the other tab never saw the write'));
    }, 2_000);
    const unsubscribe = tab.store.subscribe(() => {
      if (!check()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

/** Resolves once `spy` was called `times` times; fails after 2 s. */
async function calls(spy: jest.SpyInstance, times: number): Promise<void> {
  for (let waited = 0; spy.mock.calls.length < times; waited += 10) {
    if (waited > 2_000) throw new Error(`expected ${times} warnings, got ${spy.mock.calls.length}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('two tabs on one channel', () => {
  test('a fetch in one tab shows in the other, fresh, with no request of its own', async () => {
    const { a, b } = twoTabs();
    nock(API)
      .get('/trades')
      .reply(200, [
        { id: 1, user: 1, amount: '10' },
        { id: 2, user: 1, amount: '20' },
      ]);
    await a.store.dispatch(fetchEndpoint(TradeResource.getList));
    await until(b, () => listIds(b) !== undefined);

    expect(listIds(b)).toEqual([1, 2]);
    expect(trade(b, 2)).toBeInstanceOf(Trade);
    // fresh: asking for it fetches nothing (strictNetwork would fail an unmocked request)
    expect(b.ctrl.getResponse(TradeResource.getList).expiresAt).toBeGreaterThan(1_000);
    await b.ctrl.fetchIfStale(TradeResource.getList);
    expect(b.slice().endpoints).toEqual(a.slice().endpoints);
    expect(b.slice().entities).toEqual(a.slice().entities);
  });

  test('a Collection push in one tab shows in the other tab’s list', async () => {
    const { a, b, clock } = twoTabs();
    nock(API)
      .get('/trades')
      .reply(200, [{ id: 1, user: 1, amount: '10' }]);
    await a.store.dispatch(fetchEndpoint(TradeResource.getList));
    await until(b, () => listIds(b)?.length === 1);

    clock.now += 10;
    nock(API).post('/trades').reply(201, { id: 3, user: 1, amount: '30' });
    await a.ctrl.fetch(TradeResource.getList.push, { id: 3, user: 1, amount: '30' });
    await until(b, () => listIds(b)?.length === 2);

    expect(listIds(b)).toEqual([1, 3]);
    expect(trade(b, 3)?.amount).toBe('30');
  });

  test('a deletion in one tab removes the record from the other, and is remembered there', async () => {
    const { a, b, clock } = twoTabs();
    nock(API)
      .get('/trades')
      .reply(200, [
        { id: 1, user: 1, amount: '10' },
        { id: 2, user: 1, amount: '20' },
      ]);
    await a.store.dispatch(fetchEndpoint(TradeResource.getList));
    await until(b, () => listIds(b)?.length === 2);

    clock.now += 10;
    nock(API).delete('/trades/2').reply(204);
    await a.ctrl.fetch(TradeResource.delete, { id: 2 });
    await until(b, () => trade(b, 2) === undefined);

    expect(listIds(b)).toEqual([1]);
    expect(b.slice().entities.Trade).toEqual(a.slice().entities.Trade);
    expect(b.slice().entitiesMeta.Trade).toContainEqual(
      expect.objectContaining({ meta: expect.objectContaining({ deleted: true }), pks: ['2'] }),
    );
  });

  test('ctrl.set and setResponse in one tab show in the other', async () => {
    const { a, b } = twoTabs();
    a.ctrl.set(Trade, { id: 7, user: 2, amount: '70' });
    a.ctrl.setResponse(TradeResource.get, { id: 8 }, { id: 8, user: 2, amount: '80' });
    await until(b, () => trade(b, 8) !== undefined);

    expect(trade(b, 7)?.amount).toBe('70');
    expect(b.ctrl.getResponse(TradeResource.get, { id: 8 }).data?.amount).toBe('80');
  });

  test('an invalidation in one tab reaches the other; receiving it fetches nothing', async () => {
    const { a, b } = twoTabs();
    nock(API).get('/trades/1').reply(200, { id: 1, user: 1, amount: '10' });
    await a.store.dispatch(fetchEndpoint(TradeResource.get, { id: 1 }));
    await until(b, () => trade(b, 1) !== undefined);

    a.ctrl.invalidate(TradeResource.get, { id: 1 });
    const key = TradeResource.get.key({ id: 1 });
    await until(b, () => b.slice().meta[key]?.invalidated === true);
    expect(b.ctrl.getResponse(TradeResource.get, { id: 1 }).data).toBeUndefined();
    expect(b.slice().meta[key]?.pending).toBeUndefined();
  });

  test('two writes of one record started A then B, answered B then A: both tabs keep B’s', async () => {
    const { a, b, clock } = twoTabs();
    const first = held('get', '/trades/1', 200, { id: 1, user: 1, amount: 'from A (older)' });
    const requestA = a.store.dispatch(fetchEndpoint(TradeResource.get, { id: 1 }));
    await first.arrived;
    clock.now += 10;
    const second = held('get', '/trades/1', 200, { id: 1, user: 1, amount: 'from B (newer)' });
    const requestB = b.store.dispatch(fetchEndpoint(TradeResource.get, { id: 1 }));
    await second.arrived;

    second.release();
    await requestB;
    await until(a, () => trade(a, 1)?.amount === 'from B (newer)');
    // A's own request is still in flight: the write it received did not settle it
    expect(a.slice().meta[TradeResource.get.key({ id: 1 })]?.pending).toBe(1);

    first.release();
    await requestA;
    // A's older answer, landing last in A and then in B, overwrites neither
    a.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker' });
    await until(b, () => trade(b, 99) !== undefined);
    for (const tab of [a, b]) {
      expect(trade(tab, 1)?.amount).toBe('from B (newer)');
      expect(tab.ctrl.getResponse(TradeResource.get, { id: 1 }).data?.amount).toBe('from B (newer)');
    }
    expect(a.slice().meta[TradeResource.get.key({ id: 1 })]?.pending).toBeUndefined();
  });

  test('a write from another tab that started before a newer local one of the same record loses, index and deletion included', async () => {
    const { a, b, clock } = twoTabs();
    clock.now = 900;
    a.ctrl.set(Member, { id: 2, name: 'two' });
    await until(b, () => b.slice().entities.Member?.['2'] !== undefined);

    // B writes member 1 and deletes member 2 at 1010; A, a moment behind, wrote both at 1000
    clock.now = 1_010;
    b.ctrl.set(Member, { id: 1, name: 'newer' });
    b.ctrl.set(new schema.Invalidate(Member), { id: 2 });
    clock.now = 1_000;
    a.ctrl.set(Member, { id: 1, name: 'older' });
    a.ctrl.set(Member, { id: 2, name: 'two, edited' });
    a.ctrl.set(Trade, { id: 98, user: 0, amount: 'marker A' });
    b.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker B' });
    await until(a, () => trade(a, 99) !== undefined);
    await until(b, () => trade(b, 98) !== undefined);

    for (const tab of [a, b]) {
      expect(tab.slice().entities.Member).toEqual({ 1: { id: 1, name: 'newer' } });
      expect(tab.slice().indexes.Member?.name).toMatchObject({ newer: '1' });
      expect(tab.slice().indexes.Member?.name).not.toHaveProperty('older');
      expect(selectQuery(Member, { name: 'newer' })(tab.store.getState())?.id).toBe(1);
      expect(selectQuery(Member, { name: 'older' })(tab.store.getState())).toBeUndefined();
    }
  });

  test('two writes started in one millisecond are ordered by tab id, alike in both tabs', async () => {
    const { a, b } = twoTabs();
    a.ctrl.set(Trade, { id: 1, user: 1, amount: 'A' });
    b.ctrl.set(Trade, { id: 1, user: 1, amount: 'B' });
    a.ctrl.set(Trade, { id: 98, user: 0, amount: 'marker A' });
    b.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker B' });
    await until(a, () => trade(a, 99) !== undefined);
    await until(b, () => trade(b, 98) !== undefined);

    const tabOf = (tab: Tab) => tab.slice().entitiesMeta.Trade?.[0]?.meta.tab as string;
    const winner = tabOf(a) > tabOf(b) ? 'A' : 'B';
    expect(trade(a, 1)?.amount).toBe(winner);
    expect(trade(b, 1)?.amount).toBe(winner);
  });

  test('an optimistic write in flight stays in its tab; its confirmed result is shared', async () => {
    const { a, b, clock } = twoTabs();
    nock(API).get('/trades/1').reply(200, { id: 1, user: 1, amount: '10' });
    await a.store.dispatch(fetchEndpoint(TradeResource.get, { id: 1 }));
    await until(b, () => trade(b, 1) !== undefined);

    clock.now += 10;
    const server = held('patch', '/trades/1', 200, { id: 1, user: 1, amount: '12 (server)' });
    const update = a.store.dispatch(fetchEndpoint(TradeResource.partialUpdate, { id: 1 }, { amount: '12' }));
    expect(trade(a, 1)?.amount).toBe('12');
    await server.arrived;
    // a later write from A reaching B shows the messages before it were all applied
    a.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker' });
    await until(b, () => trade(b, 99) !== undefined);
    expect(trade(b, 1)?.amount).toBe('10');
    expect(b.slice().optimistic).toEqual([]);
    expect(b.slice().meta[TradeResource.partialUpdate.key({ id: 1 }, { amount: '12' })]).toBeUndefined();

    server.release();
    await update;
    await until(b, () => trade(b, 1)?.amount === '12 (server)');
  });

  test('a write that started before the tab’s optimistic update goes under its layer', async () => {
    const { a, b, clock } = twoTabs();
    nock(API).get('/trades/1').reply(200, { id: 1, user: 1, amount: '10' });
    await a.store.dispatch(fetchEndpoint(TradeResource.get, { id: 1 }));
    await until(b, () => trade(b, 1) !== undefined);

    clock.now = 1_020;
    const server = held('patch', '/trades/1', 200, { id: 1, user: 2, amount: '12 (server)' });
    const update = b.store.dispatch(fetchEndpoint(TradeResource.partialUpdate, { id: 1 }, { amount: '12' }));
    // A's write started (1015) before B's update (1020), and reaches B while the update is in flight
    clock.now = 1_015;
    a.ctrl.set(Trade, { id: 1, user: 5, amount: '11' });
    await until(b, () => trade(b, 1)?.user === 5);
    expect(trade(b, 1)?.amount).toBe('12');
    expect(b.slice().committed?.entities.Trade?.['1']).toEqual({ id: 1, user: 5, amount: '11' });

    server.release();
    await update;
    expect(trade(b, 1)).toMatchObject({ user: 2, amount: '12 (server)' });
  });
});

describe('channels and teardown', () => {
  test('stores on channels of different names do not see each other', async () => {
    const one = newChannel();
    const two = newChannel();
    const [a, b, c, d] = [openTab(one), openTab(one), openTab(two), openTab(two)];
    c.ctrl.set(Trade, { id: 2, user: 2, amount: 'on two' });
    a.ctrl.set(Trade, { id: 1, user: 1, amount: 'on one' });
    await until(b, () => trade(b, 1) !== undefined);
    await until(d, () => trade(d, 2) !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(trade(b, 2)).toBeUndefined();
    expect(trade(d, 1)).toBeUndefined();
    expect(trade(c, 1)).toBeUndefined();
    expect(trade(a, 2)).toBeUndefined();
  });

  test('a store whose signal aborted neither posts nor receives', async () => {
    const channel = newChannel();
    const stop = new AbortController();
    const closed = openTab(channel, { signal: stop.signal });
    const [a, b] = [openTab(channel), openTab(channel)];
    stop.abort();
    closed.ctrl.set(Trade, { id: 1, user: 1, amount: 'from the closed store' });
    a.ctrl.set(Trade, { id: 2, user: 1, amount: 'from A' });
    await until(b, () => trade(b, 2) !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(trade(b, 1)).toBeUndefined();
    expect(trade(closed, 2)).toBeUndefined();
  });

  test('a channel named by a plain string is refused in development, naming the line to write', () => {
    const named = { broadcastChannel: 'my-app' } as unknown as DataMiddlewareOptions;
    expect(() => makeStore(named)).toThrow(
      new TypeError(
        "createDataMiddleware({ broadcastChannel: 'my-app' }): the tabs are an entry of their own, so an app that " +
          "shares none carries none of their code: import { tabs } from 'rtk-entities/tabs' and pass " +
          "broadcastChannel: tabs('my-app').",
      ),
    );
  });

  test('without broadcastChannel a store writes no tab id and shares nothing', async () => {
    const channel = newChannel();
    const alone = makeStore();
    const listener = openTab(channel);
    alone.ctrl.set(Trade, { id: 1, user: 1, amount: 'alone' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(trade(listener, 1)).toBeUndefined();
    expect(alone.slice().entitiesMeta.Trade?.[0]?.meta).not.toHaveProperty('tab');
  });
});

describe('hostile messages', () => {
  test('a message that is not an object, has the wrong shape or an unknown kind is ignored with a warning', async () => {
    const { a, b, channel } = twoTabs();
    nock(API).get('/trades/1').reply(200, { id: 1, user: 1, amount: '10' });
    await a.store.dispatch(fetchEndpoint(TradeResource.get, { id: 1 }));
    await until(b, () => trade(b, 1) !== undefined);
    const before = b.store.getState();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const attacker = new BroadcastChannel(channel);
    const valid = { protocol: 'rtk-entities/1', tab: 'x', meta: { fetchedAt: 9e15, date: 0, expiresAt: 0 } };
    try {
      attacker.postMessage('{"kind":"write"}');
      attacker.postMessage({ ...valid, kind: 'write', entities: { Trade: { 1: 'not a record' } } });
      attacker.postMessage({
        ...valid,
        kind: 'write',
        entities: { Trade: { 1: { id: 1, amount: 'evil' } } },
        entitiesMeta: { Trade: [{ meta: { fetchedAt: 'soon' }, pks: ['1'] }] },
        indexes: {},
      });
      attacker.postMessage({ ...valid, kind: 'write', entities: {}, entitiesMeta: {}, indexes: { Trade: [] } });
      attacker.postMessage({ ...valid, kind: 'replaceEverything', keys: [] });
      attacker.postMessage({ ...valid, kind: 'invalidate', start: { fetchedAt: 9e15 }, keys: [1] });
      attacker.postMessage({ kind: 'write', tab: 'x', entities: {} });
      await calls(warn, 7);
    } finally {
      attacker.close();
    }

    expect(b.store.getState()).toBe(before);
    const messages = warn.mock.calls.map(([message]) => String(message));
    expect(messages).toEqual([
      expect.stringMatching(
        /broadcast channel "tabs-test-\d+" was ignored: the message should be an object, not a string/,
      ),
      expect.stringContaining(`its "entities"["Trade"]["1"] should be an object, not a string`),
      expect.stringContaining(`its "entitiesMeta"["Trade"][0].meta.fetchedAt should be a number`),
      expect.stringContaining(`its "indexes"["Trade"] should be an object, not an array`),
      expect.stringContaining('it names an unknown kind, "replaceEverything"'),
      expect.stringContaining(`its "keys"[0] should be a string, not a number`),
      expect.stringContaining('it has no "protocol": "rtk-entities/1"'),
    ]);
    expect(a.store.getState().entities).toEqual(b.store.getState().entities);
  });

  test('ids such as __proto__ and constructor travel as ordinary records', async () => {
    const { a, b } = twoTabs();
    a.ctrl.set(Trade, { id: '__proto__' as unknown as number, user: 1, amount: 'proto' });
    a.ctrl.set(Trade, { id: 'constructor' as unknown as number, user: 1, amount: 'ctor' });
    await until(b, () => Object.hasOwn(b.slice().entities.Trade ?? {}, 'constructor'));

    const table = b.slice().entities.Trade ?? {};
    expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
    expect(Object.keys(table).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(table, '__proto__')?.value).toEqual({
      id: '__proto__',
      user: 1,
      amount: 'proto',
    });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw poster on `channel`: another tab running other code (another deploy of the app). */
function post(channel: string, message: unknown) {
  const raw = new BroadcastChannel(channel);
  raw.postMessage(message);
  raw.close();
}
const write = (tables: object) => ({
  protocol: 'rtk-entities/1',
  kind: 'write',
  tab: 'other',
  meta: { fetchedAt: 5_000, date: 5_000, expiresAt: 10_000 },
  entities: {},
  entitiesMeta: {},
  indexes: {},
  ...tables,
});

describe('a message whose kind (Entity.key) is __proto__', () => {
  test('in entities: never changes the prototype of the entities table', async () => {
    const channel = newChannel();
    const b = openTab(channel);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => {});

    post(
      channel,
      write({ entities: JSON.parse('{"__proto__": {"Member": {"id": 1, "name": "from the prototype"}}}') }),
    );
    await wait(50);
    const entities = b.slice().entities;
    expect(Object.getPrototypeOf(entities)).toBe(Object.prototype);
    expect((entities as { Member?: unknown }).Member).toBeUndefined();
    warnings.mockRestore();
  });

  test('in indexes: never changes the prototype of the indexes table', async () => {
    const channel = newChannel();
    const b = openTab(channel);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => {});
    post(
      channel,
      write({
        entities: { Trade: { 1: { id: 1, amount: '1' } } },
        entitiesMeta: { Trade: [{ meta: { fetchedAt: 5_000, date: 5_000, expiresAt: 10_000 }, pks: ['1'] }] },
        indexes: JSON.parse('{"__proto__": {"Trade": {"x": "1"}}}'),
      }),
    );
    await wait(50);
    expect(Object.getPrototypeOf(b.slice().indexes)).toBe(Object.prototype);
    warnings.mockRestore();
  });
});

test('results another tab fetched do not stop this tab from collecting its own released data', async () => {
  const channel = newChannel();
  const a = openTab(channel, { keepUnusedDataFor: 0.05 });
  const b = openTab(channel, { keepUnusedDataFor: 0.05 });
  // a's list arrives in b, which never reads it
  nock(API)
    .get('/trades')
    .reply(200, [{ id: 1, amount: '1' }]);
  await a.ctrl.fetch(TradeResource.getList);
  await wait(20);
  expect(getEntitySelectors(Trade).selectAll(b.store.getState())).toHaveLength(1);
  // b shows its members, then lets them go
  nock(API)
    .get('/members')
    .reply(200, [{ id: 1, name: 'Ann' }]);
  const release = b.ctrl.retain(getMembers);
  await b.ctrl.fetch(getMembers);
  release();
  await wait(150);
  expect(b.ctrl.getResponse(getMembers).status).toBe('uninitialized');
  expect(Object.keys(b.slice().entities.Member ?? {})).toEqual([]);
});
