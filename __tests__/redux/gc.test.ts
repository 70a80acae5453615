/** Garbage collection of unused data (DESIGN §5.11): what goes, when, and what always stays. */
import nock from 'nock';
import { Entity, RestEndpoint, createResource, entitiesSlice, schema, selectEntityMeta } from '../../src/index';
import type { DataMiddlewareOptions } from '../../src/index';
import { API, assertNetworkDone, deferred, makeStore, strictNetwork } from '../fixtures/store';
import { rehydrate } from '../../src/rehydrate/index';
import { exposeGc } from '../fixtures/pollServer';
import { FLAT_MAX, PAGE, isPaged, keysOf, partsOf, recordOf, type StoredTables } from '../../src/storage/table.js';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Member extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Member';
}

const getMembers = new RestEndpoint({ urlPrefix: API, path: '/members', schema: [Member] });
const getAllMembers = new RestEndpoint({ urlPrefix: API, path: '/members/all', schema: new schema.All(Member) });
const MemberResource = createResource({ urlPrefix: API, path: '/members/:id', schema: Member, optimistic: true });

/** A real store that also records every action it sees, and picks out the sweeps. */
function sweepingStore(options: DataMiddlewareOptions) {
  const made = makeStore({ ...options, logActions: true });
  return { ...made, sweeps: () => made.actions.filter((action) => entitiesSlice.actions.sweep.match(action)) };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const members = (...ids: number[]) => ids.map((id) => ({ id, name: `Member ${id}` }));
const storedIds = (slice: () => { entities: StoredTables }) => [...keysOf(slice().entities.Member)].sort();

describe('calls released by their readers', () => {
  test('go keepUnusedDataFor after the last release, with the entities only they read', async () => {
    const { ctrl, slice, sweeps } = sweepingStore({ keepUnusedDataFor: 0.05 });
    nock(API).get('/members').reply(200, members(1, 2));
    const release = ctrl.retain(getMembers);
    await ctrl.fetch(getMembers);
    release();
    await wait(10);
    expect(ctrl.getResponse(getMembers).data?.length).toBe(2); // not yet
    await wait(100);
    expect(ctrl.getResponse(getMembers).status).toBe('uninitialized');
    expect(slice().endpoints).toEqual({});
    expect(storedIds(slice)).toEqual([]);
    expect(sweeps()).toHaveLength(1);
  });

  test('a call two readers retain stays until both let go, and a new reader cancels the removal', async () => {
    const { ctrl } = sweepingStore({ keepUnusedDataFor: 0.03 });
    nock(API).get('/members').reply(200, members(1));
    const first = ctrl.retain(getMembers);
    const second = ctrl.retain(getMembers);
    await ctrl.fetch(getMembers);
    first();
    await wait(60);
    expect(ctrl.getResponse(getMembers).data).toHaveLength(1);
    second();
    const third = ctrl.retain(getMembers);
    await wait(60);
    expect(ctrl.getResponse(getMembers).data).toHaveLength(1);
    third();
    third(); // a second call releases nothing more
    await wait(60);
    expect(ctrl.getResponse(getMembers).data).toBeUndefined();
  });

  test("the endpoint's keepUnusedDataFor wins over the middleware's; Infinity keeps the call", async () => {
    const kept = new RestEndpoint({ urlPrefix: API, path: '/kept', schema: [Member], keepUnusedDataFor: Infinity });
    const brief = new RestEndpoint({ urlPrefix: API, path: '/brief', schema: [Member], keepUnusedDataFor: 0.02 });
    const { ctrl } = sweepingStore({ keepUnusedDataFor: 0.02 });
    nock(API).get('/kept').reply(200, members(1)).get('/brief').reply(200, members(2));
    const releases = [ctrl.retain(kept), ctrl.retain(brief)];
    await Promise.all([ctrl.fetch(kept), ctrl.fetch(brief)]);
    releases.forEach((release) => release());
    await wait(80);
    expect(ctrl.getResponse(kept).data?.map((member) => member.pk())).toEqual(['1']);
    expect(ctrl.getResponse(brief).data).toBeUndefined();
  });

  test('a call in flight when its time is up stays; it goes keepUnusedDataFor after its answer', async () => {
    const { ctrl } = sweepingStore({ keepUnusedDataFor: 0.03 });
    const answer = deferred();
    nock(API)
      .get('/members')
      .reply(200, members(1))
      .get('/members')
      .reply(200, async () => {
        await answer.promise;
        return members(1, 2);
      });
    const release = ctrl.retain(getMembers);
    await ctrl.fetch(getMembers);
    const refetch = ctrl.fetch(getMembers);
    release();
    await wait(60);
    expect(ctrl.getResponse(getMembers).isFetching).toBe(true);
    expect(ctrl.getResponse(getMembers).data).toHaveLength(1);
    answer.resolve();
    expect(await refetch).toHaveLength(2);
    expect(ctrl.getResponse(getMembers).data).toHaveLength(2);
    await wait(60);
    expect(ctrl.getResponse(getMembers).data).toBeUndefined();
  });
});

describe('results no reader ever retained', () => {
  test('stay, whatever the timers, until ctrl.gc() finds them older than keepUnusedDataFor', async () => {
    let clock = 1_000_000;
    const { ctrl, slice, sweeps } = sweepingStore({ keepUnusedDataFor: 60, now: () => clock });
    nock(API).get('/members').reply(200, members(1, 2));
    await ctrl.fetch(getMembers);
    ctrl.gc();
    expect(ctrl.getResponse(getMembers).data).toHaveLength(2); // 0 s old
    expect(sweeps()).toHaveLength(0);
    clock += 60_000;
    ctrl.gc();
    expect(ctrl.getResponse(getMembers).data).toBeUndefined();
    expect(storedIds(slice)).toEqual([]);
    expect(sweeps()).toHaveLength(1);
  });

  test('a retained call is never removed by ctrl.gc()', async () => {
    const { ctrl } = sweepingStore({ keepUnusedDataFor: 0 });
    nock(API).get('/members').reply(200, members(1));
    ctrl.retain(getMembers);
    await ctrl.fetch(getMembers);
    ctrl.gc();
    expect(ctrl.getResponse(getMembers).data).toHaveLength(1);
  });
});

describe('what the remaining data reads stays', () => {
  test('entities another remaining result reads stay; only the unread ones go', async () => {
    const { ctrl, slice } = sweepingStore({ keepUnusedDataFor: 0 });
    nock(API)
      .get('/members')
      .reply(200, members(1, 2, 3))
      .get('/members/2')
      .reply(200, members(2)[0]);
    await ctrl.fetch(getMembers);
    const release = ctrl.retain(MemberResource.get, { id: 2 });
    await ctrl.fetch(MemberResource.get, { id: 2 });
    ctrl.gc();
    expect(ctrl.getResponse(getMembers).data).toBeUndefined();
    expect(storedIds(slice)).toEqual(['2']);
    expect(ctrl.getResponse(MemberResource.get, { id: 2 }).data?.name).toBe('Member 2');
    release();
  });

  test('a retained call with no stored result of its own keeps the entity it shows', async () => {
    const { ctrl, slice } = sweepingStore({ keepUnusedDataFor: 0 });
    nock(API).get('/members').reply(200, members(1, 2));
    await ctrl.fetch(getMembers);
    ctrl.retain(MemberResource.get, { id: 1 }); // read from the list's data: never fetched itself
    ctrl.gc();
    expect(storedIds(slice)).toEqual(['1']);
    expect(ctrl.getResponse(MemberResource.get, { id: 1 }).data?.name).toBe('Member 1');
  });

  test('an All result keeps its whole kind, whatever endpoint brought the entities', async () => {
    const { ctrl, slice } = sweepingStore({ keepUnusedDataFor: 0 });
    nock(API).get('/members/all').reply(200, members(1)).get('/members').reply(200, members(2, 3));
    ctrl.retain(getAllMembers);
    await ctrl.fetch(getAllMembers);
    await ctrl.fetch(getMembers);
    ctrl.gc();
    expect(ctrl.getResponse(getMembers).data).toBeUndefined();
    expect(storedIds(slice)).toEqual(['1', '2', '3']);
    expect(ctrl.getResponse(getAllMembers).data).toHaveLength(3);
  });

  test('a retained query (schema.All) keeps its kind; released, the kind goes', async () => {
    const { ctrl, slice } = sweepingStore({ keepUnusedDataFor: 0 });
    nock(API).get('/members').reply(200, members(1, 2));
    await ctrl.fetch(getMembers);
    const release = ctrl.retainQuery(new schema.All(Member));
    ctrl.gc();
    expect(storedIds(slice)).toEqual(['1', '2']);
    release();
    ctrl.gc();
    expect(storedIds(slice)).toEqual([]);
  });

  test('an optimistic layer keeps what it touches while its request is in flight', async () => {
    const { ctrl, slice } = sweepingStore({ keepUnusedDataFor: 0 });
    const answer = deferred();
    nock(API)
      .get('/members/1')
      .reply(200, members(1)[0])
      .patch('/members/1')
      .reply(200, async () => {
        await answer.promise;
        return { id: 1, name: 'Renamed' };
      });
    await ctrl.fetch(MemberResource.get, { id: 1 });
    const update = ctrl.fetch(MemberResource.partialUpdate, { id: 1 }, { name: 'Renamed' });
    ctrl.gc(); // removes the read's result: the optimistic layer still shows member 1
    expect(ctrl.getResponse(MemberResource.get, { id: 1 }).status).toBe('uninitialized');
    expect(recordOf(slice().committed?.entities.Member, '1')).toEqual({ id: 1, name: 'Member 1' });
    expect(recordOf(slice().entities.Member, '1')).toEqual({ id: 1, name: 'Renamed' });
    answer.resolve();
    await update;
    expect(recordOf(slice().entities.Member, '1')).toEqual({ id: 1, name: 'Renamed' });
    expect(slice().optimistic).toEqual([]);
  });

  test('a remembered deletion stops an older response from reviving the entity until no such response can arrive', async () => {
    const { ctrl, slice, store } = sweepingStore({ keepUnusedDataFor: 0 });
    const answer = deferred();
    nock(API)
      .get('/members/1')
      .reply(200, async () => {
        await answer.promise;
        return members(1)[0];
      })
      .delete('/members/1')
      .reply(204);
    const olderRead = ctrl.fetch(MemberResource.get, { id: 1 }); // started before the delete
    await ctrl.fetch(MemberResource.delete, { id: 1 });
    ctrl.gc();
    expect(selectEntityMeta(store.getState(), Member, 1)).toEqual(expect.objectContaining({ deleted: true }));
    answer.resolve();
    await olderRead;
    expect(recordOf(slice().entities.Member, '1')).toBeUndefined(); // not revived
    ctrl.gc();
    expect(selectEntityMeta(store.getState(), Member, 1)).toBeUndefined(); // nothing older is in flight now
  });

  test('a rehydrated result this store never fetched keeps every entity until it is old enough to go', () => {
    let clock = 5_000_000;
    const written = { fetchedAt: clock, date: clock, expiresAt: clock + 60_000 };
    const earlier = { fetchedAt: clock - 20_000, date: clock - 20_000, expiresAt: clock + 40_000 };
    const preloaded = {
      entities: {
        ...entitiesSlice.reducer(undefined, { type: 'init' }),
        entities: { Member: { '1': { id: 1, name: 'Ann' }, '2': { id: 2, name: 'Bo' } } },
        entitiesMeta: { Member: [[{ meta: earlier, pks: ['1', '2'] }]] },
        endpoints: { [getMembers.key()]: ['1'] },
        meta: { [getMembers.key()]: written },
      },
    };
    const { store, ctrl } = makeStore({
      keepUnusedDataFor: 10,
      now: () => clock,
      preloadedState: preloaded,
      rehydrate,
    });
    clock += 5_000;
    ctrl.gc(); // the result is 5 s old: it stays, and since what it reads is not known, so does every entity
    expect(store.getState().entities.endpoints).toEqual({ [getMembers.key()]: ['1'] });
    expect(Object.keys(store.getState().entities.entities.Member ?? {})).toEqual(['1', '2']);
    clock += 5_000;
    ctrl.gc();
    expect(store.getState().entities.endpoints).toEqual({});
    expect(Object.keys(store.getState().entities.entities.Member ?? {})).toEqual([]);
  });
});

describe('the sweep', () => {
  class Tag extends Entity {
    id = '';
    pk() {
      return this.id;
    }
    static override key = 'Tag';
  }
  const getTags = new RestEndpoint({ urlPrefix: API, path: '/tags', schema: [Tag] });

  test.each([
    ['numeric pks (blocks)', getMembers, (n: number) => ({ id: n, name: `Member ${n}` }), 'Member'],
    ['string pks (pages)', getTags, (n: number) => ({ id: `t${n}` }), 'Tag'],
  ] as const)(
    'collects a kind kept in parts as it collects a flat one, and drops the parts it empties (%s)',
    (_, endpoint, row, key) => {
      const { ctrl, slice } = makeStore({ keepUnusedDataFor: 0 });
      const release = ctrl.retain(endpoint);
      const answer = (from: number, count: number) => Array.from({ length: count }, (_, i) => row(from + i));
      ctrl.setResponse(endpoint, answer(0, FLAT_MAX + 1_000));
      expect(isPaged(slice().entities[key])).toBe(true);
      for (let poll = 1; poll <= 3; poll++) {
        ctrl.setResponse(endpoint, answer(100_000 * poll, 600));
        ctrl.gc();
        const stored = answer(100_000 * poll, 600).map((each) => `${each.id}`);
        expect(keysOf(slice().entities[key])).toEqual(stored);
        expect(Object.keys(slice().entities[key] ?? {})).toEqual(['parts', 'pages', 'first', 'at']);
        // the parts that held only collected records are gone: those holding this answer are left (600
        // records fill at most the rest of one part and as many as 600 fill), none empty
        const parts = partsOf(slice().entities[key]);
        expect(parts.length).toBeLessThanOrEqual(Math.ceil(600 / PAGE) + 1);
        for (const part of parts) expect(Object.keys(part).length).toBeGreaterThan(0);
        expect(recordOf(slice().entities[key], `${row(0).id}`)).toBeUndefined();
      }
      release();
    },
  );

  test('is one plain-JSON action that RTK checks accept, and leaves the state plain JSON', async () => {
    let clock = 1_000;
    const { ctrl, store, sweeps } = sweepingStore({ keepUnusedDataFor: 1, now: () => clock });
    nock(API).get('/members').reply(200, members(1, 2)).get('/members/all').reply(200, members(3));
    await ctrl.fetch(getMembers);
    clock += 500;
    await ctrl.fetch(getAllMembers);
    clock += 600;
    ctrl.gc();
    expect(sweeps()).toHaveLength(1);
    const [sweep] = sweeps();
    expect(JSON.parse(JSON.stringify(sweep))).toEqual(sweep);
    expect(sweep?.payload).toEqual({ keys: [getMembers.key()], records: {} }); // the All result reads 1 and 2
    expect(JSON.parse(JSON.stringify(store.getState()))).toEqual(store.getState());
  });

  test('removes index entries with the records', async () => {
    class Handle extends Entity {
      id = 0;
      login = '';
      pk() {
        return `${this.id}`;
      }
      static override key = 'Handle';
      static override indexes = ['login'];
    }
    const getHandles = new RestEndpoint({ urlPrefix: API, path: '/handles', schema: [Handle] });
    const { ctrl, slice } = sweepingStore({ keepUnusedDataFor: 0 });
    nock(API)
      .get('/handles')
      .reply(200, [{ id: 1, login: 'ann' }]);
    await ctrl.fetch(getHandles);
    expect(slice().indexes.Handle?.login?.ann).toBe('1');
    ctrl.gc();
    expect(slice().indexes.Handle?.login).toEqual({});
    expect(ctrl.get(Handle, { login: 'ann' })).toBeUndefined();
  });
});

describe('a store let go', () => {
  test('is collected with its data while its collection timers are pending (a store per server request)', async () => {
    const gc = exposeGc();
    const made = (): WeakRef<object> => {
      const { store, ctrl } = makeStore({ keepUnusedDataFor: 60 });
      ctrl.setResponse(getMembers, members(1, 2)); // arms the sweep of results nothing retains
      const release = ctrl.retain(getAllMembers);
      ctrl.setResponse(getAllMembers, members(1, 2, 3));
      release(); // arms the removal of a released call
      expect(ctrl.getResponse(getAllMembers).data).toHaveLength(3);
      return new WeakRef(store);
    };
    const stores = [made(), made()];
    await wait(0);
    gc();
    gc();
    expect(stores.map((store) => store.deref())).toEqual([undefined, undefined]);
  });

  describe('what its reads built stays in the shared memo (one per slice) only until later reads replace it', () => {
    const readBy = (endpoint: typeof getMembers | typeof getAllMembers, ...ids: number[]): WeakRef<object> => {
      const { ctrl } = makeStore();
      return new WeakRef(ctrl.setResponse(endpoint, members(...ids))[0] as object);
    };
    /** How many reads by later stores (`then`) it takes for the first store's instance to be collected. */
    const readsUntilCollected = async (first: WeakRef<object>, then: () => void): Promise<number> => {
      const gc = exposeGc();
      for (let reads = 0; reads <= 8; reads++) {
        await wait(0);
        gc();
        if (first.deref() === undefined) return reads;
        then();
      }
      return Infinity;
    };

    test('other records of the kind: the next read of the kind', async () => {
      const first = readBy(getMembers, 1, 2);
      expect(await readsUntilCollected(first, () => readBy(getMembers, 7))).toBe(1);
    });

    test('the same records: within four later reads (a place keeps up to four recent builds for a rollback)', async () => {
      const first = readBy(getMembers, 1, 2);
      const reads = await readsUntilCollected(first, () => readBy(getMembers, 1, 2));
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(4);
    });

    test('a schema.All: within four later reads of that All (it keeps its last four results)', async () => {
      const first = readBy(getAllMembers, 1, 2);
      const reads = await readsUntilCollected(first, () => readBy(getAllMembers, 3));
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(4);
    });
  });

  test('a store still held is swept when its timer fires', async () => {
    const { ctrl, slice } = makeStore({ keepUnusedDataFor: 0.03 });
    const release = ctrl.retain(getAllMembers);
    ctrl.setResponse(getAllMembers, members(1, 2, 3));
    release();
    exposeGc()();
    await wait(80);
    expect(ctrl.getResponse(getAllMembers).status).toBe('uninitialized');
    expect(storedIds(slice)).toEqual([]);
  });
});
