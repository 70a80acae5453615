/**
 * Order is the order requests STARTED (DESIGN §5.9), also when the clock ties: a frozen clock puts
 * every request in the same millisecond, and the answers arrive in reverse order.
 */
import nock from 'nock';
import { Entity, createResource, fetchEndpoint, getEntitySelectors, selectEntityMeta, selectResponse } from '../../src/index';
import { API, assertNetworkDone, deferred, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Task extends Entity {
  id = 0;
  title = '';
  done = false;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Task';
}

const TaskResource = createResource({ urlPrefix: API, path: '/tasks/:id', schema: Task });
const OptimisticTaskResource = createResource({ urlPrefix: API, path: '/tasks/:id', schema: Task, optimistic: true });

const FROZEN = 1_700_000_000_000;
const frozenStore = () => makeStore({ now: () => FROZEN });

/** A reply the test releases; `arrived` resolves once the server has the request. */
function held(method: 'get' | 'patch' | 'post', path: string, body: unknown) {
  const release = deferred();
  const arrived = deferred();
  nock(API)
    [method](path)
    .reply(200, async () => {
      arrived.resolve();
      await release.promise;
      return body as never;
    });
  return { release: release.resolve, arrived: arrived.promise };
}

const task = (store: ReturnType<typeof frozenStore>['store']) => getEntitySelectors(Task).selectById(store.getState(), 1);

test('two partialUpdates of one entity in the same millisecond, answered in reverse order: the second-started wins', async () => {
  const { store } = frozenStore();
  const first = held('patch', '/tasks/1', { id: 1, title: 'first' });
  const one = store.dispatch(fetchEndpoint(TaskResource.partialUpdate, { id: 1 }, { title: 'first' }));
  await first.arrived;
  nock(API).patch('/tasks/1').reply(200, { id: 1, title: 'second' });
  await store.dispatch(fetchEndpoint(TaskResource.partialUpdate, { id: 1 }, { title: 'second' }));
  first.release();
  await one;
  expect(task(store)?.title).toBe('second');
  expect(selectEntityMeta(store.getState(), Task, 1)).toEqual(expect.objectContaining({ fetchedAt: FROZEN, seq: 2 }));
});

test('two reads of one entity under different keys in the same millisecond: the later-started read wins', async () => {
  const { store } = frozenStore();
  const detail = held('get', '/tasks/1', { id: 1, title: 'old', done: false });
  const one = store.dispatch(fetchEndpoint(TaskResource.get, { id: 1 }));
  await detail.arrived;
  nock(API).get('/tasks').reply(200, [{ id: 1, title: 'new', done: true }]);
  await store.dispatch(fetchEndpoint(TaskResource.getList));
  detail.release();
  await one;
  expect(task(store)).toEqual(expect.objectContaining({ title: 'new', done: true }));
});

test('a list: the read started before a push, answering after it, does not drop the pushed item', async () => {
  const { store } = frozenStore();
  nock(API).get('/tasks').reply(200, [{ id: 1, title: 'a' }]);
  await store.dispatch(fetchEndpoint(TaskResource.getList));
  const read = held('get', '/tasks', [{ id: 1, title: 'a' }]);
  const refetch = store.dispatch(fetchEndpoint(TaskResource.getList));
  await read.arrived;
  nock(API).post('/tasks').reply(200, { id: 2, title: 'b' });
  await store.dispatch(fetchEndpoint(TaskResource.getList.push, { title: 'b' }));
  read.release();
  await refetch;
  expect(selectResponse(TaskResource.getList)(store.getState()).data?.map((item) => item.pk())).toEqual(['1', '2']);
});

test('one endpoint key: of two POSTs in the same millisecond answered in reverse order, the later-started result stays', async () => {
  const { store, ctrl } = frozenStore();
  const first = held('post', '/tasks', { id: 1, title: 'x' });
  const one = store.dispatch(fetchEndpoint(TaskResource.getList.push, { title: 'x' }));
  await first.arrived;
  nock(API).post('/tasks').reply(200, { id: 2, title: 'x' });
  await store.dispatch(fetchEndpoint(TaskResource.getList.push, { title: 'x' }));
  first.release();
  await one;
  expect(ctrl.getResponse(TaskResource.getList.push, { title: 'x' }).data?.pk()).toBe('2');
});

test('an optimistic update overlapping a read in the same millisecond: the read that started first never covers it', async () => {
  const { store } = frozenStore();
  nock(API).get('/tasks/1').reply(200, { id: 1, title: 'server' });
  await store.dispatch(fetchEndpoint(OptimisticTaskResource.get, { id: 1 }));
  const read = held('get', '/tasks/1', { id: 1, title: 'server' });
  const refetch = store.dispatch(fetchEndpoint(OptimisticTaskResource.get, { id: 1 }));
  await read.arrived;
  const update = held('patch', '/tasks/1', { id: 1, title: 'mine' });
  const patch = store.dispatch(fetchEndpoint(OptimisticTaskResource.partialUpdate, { id: 1 }, { title: 'mine' }));
  expect(task(store)?.title).toBe('mine'); // shown at once
  read.release();
  await refetch;
  expect(task(store)?.title).toBe('mine'); // the older read lands under the optimistic layer
  update.release();
  await patch;
  expect(task(store)?.title).toBe('mine');
  expect(store.getState().entities.optimistic).toEqual([]);
});

test('an optimistic update overlapping a read: its response commits first, then the older read lands and changes nothing', async () => {
  const { store } = frozenStore();
  nock(API).get('/tasks/1').reply(200, { id: 1, title: 'server' });
  await store.dispatch(fetchEndpoint(OptimisticTaskResource.get, { id: 1 }));
  const read = held('get', '/tasks/1', { id: 1, title: 'server' });
  const refetch = store.dispatch(fetchEndpoint(OptimisticTaskResource.get, { id: 1 }));
  await read.arrived;
  nock(API).patch('/tasks/1').reply(200, { id: 1, title: 'mine' });
  await store.dispatch(fetchEndpoint(OptimisticTaskResource.partialUpdate, { id: 1 }, { title: 'mine' }));
  read.release();
  await refetch;
  expect(task(store)?.title).toBe('mine');
});

test("a custom shouldReorder still decides: the server's updatedAt beats start order", async () => {
  class Versioned extends Entity {
    id = 0;
    title = '';
    updatedAt = 0;
    pk() {
      return `${this.id}`;
    }
    static override key = 'Versioned';
    static override shouldReorder(_existingMeta: unknown, _incomingMeta: unknown, existing: { updatedAt?: unknown }, incoming: { updatedAt?: unknown }) {
      return Number(incoming.updatedAt) < Number(existing.updatedAt);
    }
  }
  const VersionedResource = createResource({ urlPrefix: API, path: '/versioned/:id', schema: Versioned });
  const { store } = frozenStore();
  nock(API)
    .get('/versioned/1')
    .reply(200, { id: 1, title: 'newer on the server', updatedAt: 20 })
    .get('/versioned/1')
    .reply(200, { id: 1, title: 'stale replica', updatedAt: 10 });
  await store.dispatch(fetchEndpoint(VersionedResource.get, { id: 1 }));
  await store.dispatch(fetchEndpoint(VersionedResource.get, { id: 1 })); // started later, but older data
  expect(getEntitySelectors(Versioned).selectById(store.getState(), 1)?.title).toBe('newer on the server');
});
