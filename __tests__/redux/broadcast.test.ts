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
import fc from 'fast-check';
import nock from 'nock';
import {
  Entity,
  RestEndpoint,
  createResource,
  entitiesSlice,
  fetchEndpoint,
  getEntitySelectors,
  schema,
  selectQuery,
  selectResponse,
} from '../../src/index';
import type { DataMiddlewareOptions } from '../../src/index';
import { MAX_CLOCK_SKEW } from '../../src/redux/slice/clockSkew';
import { tabs } from '../../src/tabs/index';
import { API, assertNetworkDone, held, makeStore, ourWarnings, strictNetwork } from '../fixtures/store';
import { inProduction } from '../fixtures/production';
import { recordOf } from '../../src/storage/table.js';

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
    expect(b.slice().entitiesMeta.Trade?.flat()).toContainEqual(
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
    await until(b, () => recordOf(b.slice().entities.Member, '2') !== undefined);

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

    const tabOf = (tab: Tab) => tab.slice().entitiesMeta.Trade?.flat()[0]?.meta.tab as string;
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
    expect(recordOf(b.slice().committed?.entities.Trade, '1')).toEqual({ id: 1, user: 5, amount: '11' });

    server.release();
    await update;
    expect(trade(b, 1)).toMatchObject({ user: 2, amount: '12 (server)' });
  });
});

describe('deletes across tabs, in start order', () => {
  /** The tab id of the last write of a Trade in `tab`. */
  const lastWriter = (tab: Tab) => tab.slice().entitiesMeta.Trade?.flat().at(-1)?.meta.tab as string;

  /** A starts a DELETE of trade 1 at `deleteAt`; B sets it at `setAt` while the DELETE is in flight. */
  async function deleteRacingSet(deleteAt: number, setAt: number) {
    const { a, b, clock } = twoTabs();
    clock.now = 900;
    a.ctrl.set(Trade, { id: 1, user: 1, amount: 'v1' });
    const tabA = lastWriter(a);
    await until(b, () => trade(b, 1) !== undefined);
    clock.now = deleteAt;
    const server = held('delete', '/trades/1', 204, '');
    const deletion = a.store.dispatch(fetchEndpoint(TradeResource.delete, { id: 1 }));
    await server.arrived;
    clock.now = setAt;
    b.ctrl.set(Trade, { id: 1, user: 1, amount: 'v2' });
    const tabB = lastWriter(b);
    // A shows its DELETE optimistically meanwhile: B's write lands under it
    await until(a, () => recordOf((a.slice().committed ?? a.slice()).entities.Trade, '1')?.amount === 'v2');
    server.release();
    await deletion;
    // a later write from A reaching B shows the messages before it were all applied
    a.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker' });
    await until(b, () => trade(b, 99) !== undefined);
    return { a, b, tabA, tabB };
  }

  test('a DELETE started before the other tab’s write leaves that write in both tabs', async () => {
    const { a, b } = await deleteRacingSet(1_010, 1_020);
    for (const tab of [a, b]) expect(trade(tab, 1)?.amount).toBe('v2');
    expect(b.slice().entities).toEqual(a.slice().entities);
  });

  test('a DELETE started after the other tab’s write removes it in both tabs', async () => {
    const { a, b } = await deleteRacingSet(1_020, 1_010);
    for (const tab of [a, b]) expect(trade(tab, 1)).toBeUndefined();
    expect(b.slice().entities).toEqual(a.slice().entities);
  });

  test('a DELETE and the other tab’s write in one millisecond: the tab ids decide, alike in both tabs', async () => {
    const { a, b, tabA, tabB } = await deleteRacingSet(1_000, 1_000);
    const deleteWins = tabA > tabB;
    for (const tab of [a, b]) expect(trade(tab, 1)?.amount).toBe(deleteWins ? undefined : 'v2');
    expect(b.slice().entities).toEqual(a.slice().entities);
  });
});

describe('index entries across tabs', () => {
  const find = (tab: Tab, name: string) => selectQuery(Member, { name })(tab.store.getState())?.id;
  /** Every index entry of `tab`, as `Member name → pk` lines (what `selectQuery` finds). */
  const entries = (tab: Tab) =>
    Object.entries(tab.slice().indexes.Member?.name ?? {})
      .map(([name, pk]) => `${name} → ${pk}`)
      .sort();

  test('a member deleted in one tab and re-created under another name: no tab finds the old name', async () => {
    const { a, b, clock } = twoTabs();
    a.ctrl.set(Member, { id: 1, name: 'bug' });
    await until(b, () => find(b, 'bug') === 1);
    clock.now += 10;
    b.ctrl.set(new schema.Invalidate(Member), { id: 1 });
    await until(a, () => recordOf(a.slice().entities.Member, '1') === undefined);
    clock.now += 10;
    a.ctrl.set(Member, { id: 1, name: 'feature' });
    await until(b, () => find(b, 'feature') === 1);

    for (const tab of [a, b]) {
      expect(find(tab, 'bug')).toBeUndefined();
      expect(entries(tab)).toEqual(['feature → 1']);
    }
  });

  test('a name that moves from one member to another: every tab names the later one, whichever write lands first', async () => {
    const { a, b, clock } = twoTabs();
    // B gives the name to member 2 (at 1020) after A renamed member 1 away from it (at 1010); A's
    // first write of member 1 with the name (at 1000) reaches B last
    a.ctrl.set(Member, { id: 1, name: 'bug' });
    clock.now = 1_010;
    a.ctrl.set(Member, { id: 1, name: 'renamed' });
    clock.now = 1_020;
    b.ctrl.set(Member, { id: 2, name: 'bug' });
    a.ctrl.set(Trade, { id: 98, user: 0, amount: 'marker A' });
    b.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker B' });
    await until(a, () => trade(a, 99) !== undefined);
    await until(b, () => trade(b, 98) !== undefined);

    for (const tab of [a, b]) {
      expect(find(tab, 'bug')).toBe(2);
      expect(find(tab, 'renamed')).toBe(1);
      expect(entries(tab)).toEqual(['bug → 2', 'renamed → 1']);
    }
  });

  test('three tabs after random writes, renames and deletes have the same records and the same index', async () => {
    const operation = fc.record({
      tab: fc.integer({ min: 0, max: 2 }),
      at: fc.integer({ min: 1_000, max: 1_040 }),
      id: fc.integer({ min: 1, max: 3 }),
      // names are unique to a member (they start with its id), so every member is found by its own
      delete: fc.boolean(),
      version: fc.integer({ min: 0, max: 3 }),
      // lets the messages posted so far arrive before the next write
      yields: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const clock = { now: 1_000 };
        const channel = newChannel();
        const tabs = [0, 1, 2].map(() => openTab(channel, { now: () => clock.now }));
        for (const step of operations) {
          const tab = tabs[step.tab] as Tab;
          clock.now = step.at;
          if (step.delete) tab.ctrl.set(new schema.Invalidate(Member), { id: step.id });
          else tab.ctrl.set(Member, { id: step.id, name: `${step.id}-${step.version}` });
          if (step.yields) await wait(0);
        }
        // a marker from each tab, written after its writes, reaching every tab: all messages arrived
        clock.now = 2_000;
        tabs.forEach((tab, i) => tab.ctrl.set(Trade, { id: 100 + i, user: 0, amount: 'marker' }));
        for (const tab of tabs) await until(tab, () => [100, 101, 102].every((id) => trade(tab, id) !== undefined));

        const [first, ...others] = tabs as [Tab, Tab, Tab];
        for (const tab of others) {
          expect(tab.slice().entities.Member ?? {}).toEqual(first.slice().entities.Member ?? {});
          expect(entries(tab)).toEqual(entries(first));
        }
        // and the index is the members' names: every member found by its name, no entry left over
        const members = Object.values(first.slice().entities.Member ?? {}) as Array<{ id: number; name: string }>;
        expect(entries(first)).toEqual(members.map((member) => `${member.name} → ${member.id}`).sort());
      }),
      { numRuns: 40 },
    );
  });
});

describe('what a tab does with what it receives', () => {
  test('an invalidation or expiry started before this tab fetched a key leaves that key alone', async () => {
    const { a, b, clock } = twoTabs();
    const first = TradeResource.get.key({ id: 1 });
    const second = TradeResource.get.key({ id: 2 });
    a.ctrl.setResponse(TradeResource.get, { id: 1 }, { id: 1, user: 1, amount: '1' });
    a.ctrl.setResponse(TradeResource.get, { id: 2 }, { id: 2, user: 1, amount: '2' });
    await until(b, () => b.slice().meta[second] !== undefined);
    clock.now = 1_010;
    a.ctrl.invalidateAll({ testKey: () => true });
    a.ctrl.expireAll({ testKey: () => true });
    // B answers the second call again after A's invalidation started, before A's messages arrive
    clock.now = 1_020;
    b.ctrl.setResponse(TradeResource.get, { id: 2 }, { id: 2, user: 1, amount: '2, newer' });
    await until(b, () => b.slice().meta[first]?.invalidated === true);
    a.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker' });
    await until(b, () => trade(b, 99) !== undefined);

    expect(b.slice().meta[second]).not.toHaveProperty('invalidated');
    expect(b.slice().meta[second]?.expiresAt).toBeGreaterThan(1_020);
    expect(b.slice().meta[first]?.expiresAt).toBe(0);
    expect(b.ctrl.getResponse(TradeResource.get, { id: 2 }).data?.amount).toBe('2, newer');
  });

  test('a write that started before this tab’s reset is dropped, as its own responses are', async () => {
    const { a, b, clock } = twoTabs();
    clock.now = 1_010;
    b.ctrl.resetEntireStore();
    clock.now = 1_000;
    a.ctrl.set(Trade, { id: 1, user: 1, amount: 'before the reset' });
    clock.now = 1_020;
    a.ctrl.set(Trade, { id: 2, user: 1, amount: 'after the reset' });
    await until(b, () => trade(b, 2) !== undefined);
    expect(trade(b, 1)).toBeUndefined();
  });

  test('a write holding data nested deeper than the store keeps is ignored with a warning', async () => {
    const channel = newChannel();
    const tab = openTab(channel);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    let deep: object = {};
    for (let level = 0; level < 600; level++) deep = { a: deep };
    const before = tab.store.getState();
    post(channel, write({ response: { key: getMembers.key(), result: deep } }));
    await calls(warn, 1);
    expect(String(ourWarnings(warn)[0])).toContain(
      'was ignored: a write from tab other: the response holds data nested deeper than 500 levels (at result.a.a.a.a.a…)',
    );
    expect(tab.store.getState()).toBe(before);
  });

  test('a write a tab cannot post (structured clone refuses it) is kept in that tab, with a warning', async () => {
    const channel = newChannel();
    const stop = new AbortController();
    opened.push(stop);
    // (RTK's checks would report the function in the state first)
    const [a, b] = [0, 1].map(() =>
      makeStore({ broadcastChannel: tabs(channel), signal: stop.signal, devChecks: false }),
    ) as [Tab, Tab];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const withFunction = new RestEndpoint({ urlPrefix: API, path: '/raw', process: () => ({ run() {} }) });
    nock(API).get('/raw').reply(200, {});
    await a.ctrl.fetch(withFunction);
    expect(a.ctrl.getResponse(withFunction).data).toEqual({ run: expect.any(Function) });
    expect(String(ourWarnings(warn)[0])).toMatch(
      /a write could not be posted to the other tabs .*only this tab has it/,
    );
    a.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker' });
    await until(b, () => trade(b, 99) !== undefined);
    expect(b.slice().meta[withFunction.key()]).toBeUndefined();
  });

  test('in production the same happens in silence: a damaged message ignored, a write that cannot be posted kept', async () => {
    const channel = newChannel();
    const stop = new AbortController();
    opened.push(stop);
    const [a, b] = [0, 1].map(() =>
      makeStore({ broadcastChannel: tabs(channel), signal: stop.signal, devChecks: false }),
    ) as [Tab, Tab];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const attacker = new BroadcastChannel(channel);
    try {
      await inProduction(async () => {
        // (a kind no other test posts: a warning, were there one, is not one already given)
        attacker.postMessage({ protocol: 'rtk-entities/1', tab: 'x', kind: `kind of ${channel}` });
        const withFunction = new RestEndpoint({ urlPrefix: API, path: '/raw', process: () => ({ run() {} }) });
        nock(API).get('/raw').reply(200, {});
        await a.ctrl.fetch(withFunction);
        a.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker' });
        await until(b, () => trade(b, 99) !== undefined);
        expect(b.slice().meta[withFunction.key()]).toBeUndefined();
        expect(ourWarnings(warn)).toEqual([]);
      });
    } finally {
      attacker.close();
    }
  });
});

describe('what a tab posts and applies, exactly', () => {
  /** A tab on `channel` that logs every action it sees. */
  const loggedTab = (channel: string): Tab => {
    const stop = new AbortController();
    opened.push(stop);
    return makeStore({ broadcastChannel: tabs(channel), signal: stop.signal, logActions: true });
  };
  const types = (tab: { readonly actions: readonly { readonly type: string }[] }) =>
    tab.actions.map((action) => action.type).filter((type) => type !== 'entities/connect');

  test('a write a tab received is never posted again: the tab that wrote it receives nothing back', async () => {
    const channel = newChannel();
    const [a, b, c] = [loggedTab(channel), loggedTab(channel), loggedTab(channel)];
    a.ctrl.set(Trade, { id: 1, user: 1, amount: 'from A' });
    await until(b, () => trade(b, 1) !== undefined);
    await until(c, () => trade(c, 1) !== undefined);
    b.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker B' });
    c.ctrl.set(Trade, { id: 98, user: 0, amount: 'marker C' });
    await until(a, () => trade(a, 99) !== undefined && trade(a, 98) !== undefined);
    expect(types(a)).toEqual(['entities/set', 'entities/received', 'entities/received']);
    expect(types(c).filter((type) => type === 'entities/received')).toHaveLength(2);
  });

  test('an invalidation of keys this tab does not hold dispatches nothing here', async () => {
    const channel = newChannel();
    const [a, b] = [loggedTab(channel), loggedTab(channel)];
    a.ctrl.setResponse(TradeResource.get, { id: 1 }, { id: 1, user: 1, amount: '1' });
    await until(b, () => trade(b, 1) !== undefined);
    b.ctrl.resetEntireStore(); // (a reset stays in its tab: A still holds the key)
    b.actions.length = 0;
    a.ctrl.invalidate(TradeResource.get, { id: 1 });
    a.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker' });
    await until(b, () => trade(b, 99) !== undefined);
    expect(types(b)).toEqual(['entities/received']);
  });

  test('an action that changed nothing here is not posted: another tab’s data for that key stays', async () => {
    const channel = newChannel();
    const [a, b] = [loggedTab(channel), loggedTab(channel)];
    const key = TradeResource.get.key({ id: 2 });
    // B holds the key (its own write reaches A only later); A, which does not hold it yet, invalidates it
    a.ctrl.invalidate(TradeResource.get, { id: 2 });
    b.ctrl.setResponse(TradeResource.get, { id: 2 }, { id: 2, user: 1, amount: '2' });
    a.ctrl.set(Trade, { id: 99, user: 0, amount: 'marker' });
    await until(b, () => trade(b, 99) !== undefined);
    expect(b.slice().meta[key]).not.toHaveProperty('invalidated');
  });

  test('a write with no meta (an entities/set made by hand) and a response with no endpoint name travel as they are', async () => {
    const channel = newChannel();
    const [a, b] = [loggedTab(channel), loggedTab(channel)];
    const { actions } = entitiesSlice;
    a.store.dispatch(
      actions.set({ entities: { Trade: { 5: { id: 5, user: 0, amount: 'no meta' } } }, entitiesMeta: {}, indexes: {} }),
    );
    a.store.dispatch(
      actions.fetchFulfilled({
        key: 'by hand',
        result: '7',
        entities: { Trade: { 7: { id: 7, user: 0, amount: 'by hand' } } },
        entitiesMeta: {},
        indexes: {},
        meta: { fetchedAt: 1_000, date: 1_000, expiresAt: 2_000 },
      }),
    );
    await until(b, () => trade(b, 7) !== undefined);
    expect(trade(b, 5)).toBeUndefined();
    const received = b.actions.find(entitiesSlice.actions.received.match);
    // (no `endpoint: undefined` field: the response is posted as the action had it)
    expect(Object.keys(received?.payload.response ?? {})).toEqual(['key', 'result', 'meta']);
  });

  test('a write started in the very millisecond of this tab’s reset is taken', async () => {
    const { a, b, clock } = twoTabs();
    clock.now = 1_010;
    b.ctrl.resetEntireStore();
    a.ctrl.set(Trade, { id: 1, user: 1, amount: 'at the reset' });
    await until(b, () => trade(b, 1) !== undefined);
    expect(trade(b, 1)?.amount).toBe('at the reset');
  });

  test('a store whose signal was aborted before it was made shares nothing', async () => {
    const channel = newChannel();
    const aborted = new AbortController();
    aborted.abort();
    const late: Tab = makeStore({ broadcastChannel: tabs(channel), signal: aborted.signal });
    const [a, b] = [openTab(channel), openTab(channel)];
    late.ctrl.set(Trade, { id: 1, user: 1, amount: 'from the aborted store' });
    a.ctrl.set(Trade, { id: 2, user: 1, amount: 'from A' });
    await until(b, () => trade(b, 2) !== undefined);
    expect(trade(b, 1)).toBeUndefined();
    expect(trade(late, 2)).toBeUndefined();
  });

  test('where there is no BroadcastChannel, a store warns once and works alone', () => {
    const global = globalThis as { BroadcastChannel?: unknown };
    const saved = global.BroadcastChannel;
    delete global.BroadcastChannel;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const alone = openTab('no-channel-here');
      alone.ctrl.set(Trade, { id: 1, user: 1, amount: 'alone' });
      expect(trade(alone, 1)?.amount).toBe('alone');
      expect(ourWarnings(warn)).toEqual([
        'rtk-entities: broadcastChannel "no-channel-here": this platform has no BroadcastChannel; writes are not shared.',
      ]);
    } finally {
      global.BroadcastChannel = saved;
    }
  });

  test('each store names itself with its own id of 8 letters and digits', () => {
    const channel = newChannel();
    const [a, b] = [openTab(channel), openTab(channel)];
    a.ctrl.set(Trade, { id: 1, user: 1, amount: '1' });
    b.ctrl.set(Trade, { id: 2, user: 1, amount: '2' });
    const [tabA, tabB] = [a, b].map((tab) => tab.slice().entitiesMeta.Trade?.flat()[0]?.meta.tab);
    expect(tabA).toMatch(/^[0-9a-z]{8}$/);
    expect(tabB).toMatch(/^[0-9a-z]{8}$/);
    expect(tabA).not.toBe(tabB);
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
    expect(alone.slice().entitiesMeta.Trade?.flat()[0]?.meta).not.toHaveProperty('tab');
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
    const valid = { protocol: 'rtk-entities/1', tab: 'x', meta: { fetchedAt: 5_000, date: 5_000, expiresAt: 0 } };
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
      attacker.postMessage({ ...valid, kind: 'invalidate', start: { fetchedAt: 5_000 }, keys: [1] });
      attacker.postMessage({ kind: 'write', tab: 'x', entities: {} });
      await calls(warn, 7);
    } finally {
      attacker.close();
    }

    expect(b.store.getState()).toBe(before);
    const messages = ourWarnings(warn);
    expect(messages).toEqual([
      expect.stringMatching(
        /broadcast channel "tabs-test-\d+" was ignored: the message should be an object, not a string/,
      ),
      expect.stringContaining(`its "entities"["Trade"]["1"] should be an object, not a string`),
      expect.stringContaining(`its "entitiesMeta"["Trade"][0].meta.fetchedAt is "soon", not a finite number`),
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

describe('times from another tab: finite, and at most MAX_CLOCK_SKEW ahead of this tab’s clock', () => {
  const NOW = 1_000_000;
  const meta = { fetchedAt: NOW, date: NOW, expiresAt: NOW + 60_000 };
  const stamped = (stamp: object, pks = ['1']) => ({ Member: [{ meta: { ...meta, ...stamp }, pks }] });
  const record = { Member: { 1: { id: 1, name: 'from the other tab' } } };
  const cases: Array<[string, object]> = [
    [
      'a write started far ahead',
      { meta: { ...meta, fetchedAt: 9e15 }, entities: record, entitiesMeta: stamped({ fetchedAt: 9e15 }) },
    ],
    ['a record stamped Infinity', { meta, entities: record, entitiesMeta: stamped({ fetchedAt: Infinity }) }],
    ['a deletion stamped far ahead', { meta, entitiesMeta: stamped({ fetchedAt: 8e15, deleted: true }) }],
    ['an arrival date of Infinity', { meta: { ...meta, date: Infinity }, entities: record, entitiesMeta: stamped({}) }],
    ['an expiry of Infinity', { meta: { ...meta, expiresAt: Infinity }, entities: record, entitiesMeta: stamped({}) }],
    ['a request number of Infinity', { meta: { ...meta, seq: Infinity }, entities: record, entitiesMeta: stamped({}) }],
    ['a start NaN', { meta, entities: record, entitiesMeta: stamped({ fetchedAt: NaN }) }],
    [
      'a start one millisecond past the skew',
      { meta: { ...meta, fetchedAt: NOW + MAX_CLOCK_SKEW + 1 }, entities: record, entitiesMeta: stamped({}) },
    ],
    [
      'a result stamped far ahead',
      { meta: { ...meta, fetchedAt: 7e15 }, response: { key: getMembers.key(), result: ['1'] }, entities: record },
    ],
  ];

  /** A tab on a clock at NOW holding member 1, its warnings spied on. */
  async function tabAt() {
    const channel = newChannel();
    const clock = { now: NOW - 10 };
    const tab = openTab(channel, { now: () => clock.now });
    tab.ctrl.set(Member, { id: 1, name: 'here' });
    clock.now = NOW;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    return { tab, channel, clock, warn };
  }

  test.each(cases)('%s: ignored with a warning; later writes of the record land', async (_case, tables) => {
    const { tab, channel, clock, warn } = await tabAt();
    const before = tab.store.getState();
    post(channel, write(tables));
    await calls(warn, 1);
    expect(String(ourWarnings(warn)[0])).toMatch(/was ignored: .*(not a finite number|ahead of this store's clock)/);
    expect(tab.store.getState()).toBe(before);

    clock.now = NOW + 10;
    tab.ctrl.set(Member, { id: 1, name: 'later' });
    expect(recordOf(tab.slice().entities.Member, '1')).toEqual({ id: 1, name: 'later' });
    nock(API)
      .get('/members')
      .reply(200, [{ id: 1, name: 'fetched' }]);
    await tab.ctrl.fetch(getMembers);
    expect(tab.ctrl.getResponse(getMembers).data?.map((member) => member.name)).toEqual(['fetched']);
  });

  test('a write started ahead of this tab’s clock, within the skew, is taken', async () => {
    const { tab, channel, warn } = await tabAt();
    const ahead = { ...meta, fetchedAt: NOW + MAX_CLOCK_SKEW, date: NOW + MAX_CLOCK_SKEW };
    post(channel, write({ meta: ahead, entities: record, entitiesMeta: { Member: [{ meta: ahead, pks: ['1'] }] } }));
    await until(tab, () => recordOf(tab.slice().entities.Member, '1')?.name === 'from the other tab');
    expect(warn).not.toHaveBeenCalled();
  });

  test('an invalidation started far ahead is ignored with a warning', async () => {
    const { tab, channel, warn } = await tabAt();
    nock(API)
      .get('/members')
      .reply(200, [{ id: 1, name: 'fetched' }]);
    await tab.ctrl.fetch(getMembers);
    const before = tab.store.getState();
    post(channel, {
      protocol: 'rtk-entities/1',
      kind: 'invalidate',
      tab: 'other',
      start: { fetchedAt: 6e15 },
      keys: [getMembers.key()],
    });
    await calls(warn, 1);
    expect(String(ourWarnings(warn)[0])).toContain(
      'its "start".fetchedAt is 6000000000000000, more than 5 minutes ahead',
    );
    expect(tab.store.getState()).toBe(before);
  });
});

describe('a result from another tab that its schema could not have produced', () => {
  const malformed: Array<[string, unknown]> = [
    ['a string', 'garbage'],
    ['a number', 12345],
    ['an object', { evil: 1 }],
    ['null', null],
    ['a list of things that are not ids', [{}, 5]],
  ];
  // (a string is a Collection's id: one that names no stored list reads as no data)
  const endpoints = [
    ['a list ([Member])', getMembers, malformed],
    ['a Collection (getList)', TradeResource.getList, malformed.slice(1)],
  ] as const;

  describe.each(endpoints)('for %s', (_name, endpoint, results) => {
    test.each(results)(
      '%s: reads as invalidated, with a warning naming the endpoint; the next read fetches',
      async (_case, result) => {
        const channel = newChannel();
        const tab = openTab(channel);
        const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
        post(
          channel,
          write({
            meta: { fetchedAt: 1_000, date: 1_000, expiresAt: 9e12 },
            response: { key: endpoint.key(), result },
          }),
        );
        await until(tab, () => Object.hasOwn(tab.slice().endpoints, endpoint.key()));

        const response = tab.ctrl.getResponse(endpoint);
        expect(response.data).toBeUndefined();
        expect(response.expiresAt).toBe(0);
        expect(String(ourWarnings(warn)[0])).toContain(
          `${endpoint.name}: the result stored for ${endpoint.key()} is not one its schema`,
        );
        const path = endpoint === getMembers ? '/members' : '/trades';
        nock(API)
          .get(path)
          .reply(200, [{ id: 1, name: 'fetched', amount: '1' }]);
        const fetched = await tab.ctrl.fetchIfStale(endpoint);
        expect(fetched).toHaveLength(1);
        expect(tab.ctrl.getResponse(endpoint).data).toHaveLength(1);
      },
    );
  });

  test('a result that fits is read as it came', async () => {
    const channel = newChannel();
    const tab = openTab(channel);
    post(
      channel,
      write({
        meta: { fetchedAt: 1_000, date: 1_000, expiresAt: 9e12 },
        response: { key: getMembers.key(), result: ['1'] },
        entities: { Member: { 1: { id: 1, name: 'one' } } },
      }),
    );
    await until(tab, () => tab.ctrl.getResponse(getMembers).data !== undefined);
    expect(tab.ctrl.getResponse(getMembers).data?.map((member) => member.name)).toEqual(['one']);
  });
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
