/**
 * Request order (DESIGN §5.9): of requests whose answers overlap, the one that STARTED later wins,
 * whichever answers last: for an entity's fields (they merge by request start), for one endpoint
 * key's result, for a list a mutation or a push changed meanwhile, and for optimistic updates; also
 * when the clock ties (a frozen clock puts every request in the same millisecond); a custom
 * shouldReorder still decides. The test holds every answer and releases them in a chosen order.
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
  selectResponse,
} from '../../src/index';
import { Article, Person } from '../fixtures/blog';
import { User } from '../fixtures/spec';
import { API, assertNetworkDone, deferred, held, makeStore, strictNetwork, tickingClock } from '../fixtures/store';
import { recordOf } from '../../src/storage/table.js';

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

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });
const createUser = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST', schema: User });
const renameUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', method: 'PATCH', schema: User });

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Todo';
}
const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo });

const ids = (items: readonly { pk(): unknown }[] | undefined) => items?.map((item) => item.pk());

const FROZEN = 1_700_000_000_000;
const frozenStore = () => makeStore({ now: () => FROZEN });

const task = (store: ReturnType<typeof frozenStore>['store']) =>
  getEntitySelectors(Task).selectById(store.getState(), 1);

test('two partialUpdates of one entity in the same millisecond, answered in reverse order: the second-started wins', async () => {
  const { store } = frozenStore();
  const first = held('patch', '/tasks/1', 200, { id: 1, title: 'first' });
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
  const detail = held('get', '/tasks/1', 200, { id: 1, title: 'old', done: false });
  const one = store.dispatch(fetchEndpoint(TaskResource.get, { id: 1 }));
  await detail.arrived;
  nock(API)
    .get('/tasks')
    .reply(200, [{ id: 1, title: 'new', done: true }]);
  await store.dispatch(fetchEndpoint(TaskResource.getList));
  detail.release();
  await one;
  expect(task(store)).toEqual(expect.objectContaining({ title: 'new', done: true }));
});

test('an older response naming one entity twice (an author of two posts) never overwrites the newer read of it', async () => {
  const getPosts = new RestEndpoint({ urlPrefix: API, path: '/posts', schema: [Article] });
  const getAuthor = new RestEndpoint({ urlPrefix: API, path: '/people/:id', schema: Person });
  const { store } = frozenStore();
  const old = { id: 'p5', name: 'old name' };
  const posts = held('get', '/posts', 200, [
    { id: 'a1', title: 'one', author: old, comments: [] },
    { id: 'a2', title: 'two', author: { ...old, extra: 'only in the old answer' }, comments: [] },
  ]);
  const list = store.dispatch(fetchEndpoint(getPosts));
  await posts.arrived;
  nock(API).get('/people/p5').reply(200, { id: 'p5', name: 'new name' });
  await store.dispatch(fetchEndpoint(getAuthor, { id: 'p5' }));
  posts.release();
  await list;
  // the repeat merges like the first occurrence: under the newer record, adding only what it lacks
  expect(getEntitySelectors(Person).selectById(store.getState(), 'p5')).toEqual(
    expect.objectContaining({ name: 'new name', extra: 'only in the old answer' }),
  );
  expect(selectResponse(getPosts)(store.getState()).data?.map((post) => post.author.name)).toEqual([
    'new name',
    'new name',
  ]);
});

test('a list: the read started before a push, answering after it, does not drop the pushed item', async () => {
  const { store } = frozenStore();
  nock(API)
    .get('/tasks')
    .reply(200, [{ id: 1, title: 'a' }]);
  await store.dispatch(fetchEndpoint(TaskResource.getList));
  const read = held('get', '/tasks', 200, [{ id: 1, title: 'a' }]);
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
  const first = held('post', '/tasks', 200, { id: 1, title: 'x' });
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
  const read = held('get', '/tasks/1', 200, { id: 1, title: 'server' });
  const refetch = store.dispatch(fetchEndpoint(OptimisticTaskResource.get, { id: 1 }));
  await read.arrived;
  const update = held('patch', '/tasks/1', 200, { id: 1, title: 'mine' });
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
  const read = held('get', '/tasks/1', 200, { id: 1, title: 'server' });
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
    static override shouldReorder(
      _existingMeta: unknown,
      _incomingMeta: unknown,
      existing: { updatedAt?: unknown },
      incoming: { updatedAt?: unknown },
    ) {
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

describe('out-of-order responses: the later-started request wins', () => {
  test('out-of-order responses for one entity keep the newer fields', async () => {
    let clock = 1000;
    const { store, slice } = makeStore({ now: () => clock++ });
    const older = deferred();
    nock(API)
      .get('/users/1')
      .reply(200, async () => {
        await older.promise;
        return { id: '1', name: 'Old name', email: 'old@x' };
      })
      .get('/users')
      .query({ page: 2 })
      .reply(200, [{ id: '1', name: 'New name' }]);
    const first = store.dispatch(fetchEndpoint(getUser, { id: 1 })); // started first
    await store.dispatch(fetchEndpoint(getUsers, { page: 2 })); // started later, lands first
    older.resolve();
    await first;
    expect(recordOf(slice().entities.User, '1')).toEqual({ id: '1', name: 'New name', email: 'old@x' });
  });

  test('out-of-order responses for one endpoint key: the later-started wins', async () => {
    let clock = 1000;
    const { store, ctrl } = makeStore({ now: () => clock++ });
    const slow = deferred();
    nock(API)
      .post('/users')
      .reply(201, async () => {
        await slow.promise;
        return { id: '1', name: 'first' };
      })
      .post('/users')
      .reply(201, { id: '2', name: 'second' });
    const first = store.dispatch(fetchEndpoint(createUser, { name: 'x' }));
    await store.dispatch(fetchEndpoint(createUser, { name: 'x' }));
    slow.resolve();
    await first;
    expect(ctrl.getResponse(createUser, { name: 'x' }).data?.pk()).toBe('2');
  });

  test.each([
    ['the older lands last', ['list', 'detail']],
    ['in start order', ['detail', 'list']],
  ] as const)('one entity from two endpoints (%s)', async (_label, order) => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const detail = held('get', '/users/1', 200, { id: '1', name: 'Old name', email: 'old@example.com' });
    const list = held('get', '/users', 200, [{ id: '1', name: 'New name' }]);

    const older = store.dispatch(fetchEndpoint(getUser, { id: 1 }));
    const newer = store.dispatch(fetchEndpoint(getUsers));
    await Promise.all([detail.arrived, list.arrived]);
    const servers = { detail: [detail, older], list: [list, newer] } as const;
    for (const name of order) {
      const [server, request] = servers[name];
      server.release();
      await request;
    }
    // the newer request's fields win; fields only the older one sent are kept
    expect(recordOf(slice().entities.User, '1')).toEqual({ id: '1', name: 'New name', email: 'old@example.com' });
    expect(selectResponse(getUser, { id: 1 })(store.getState()).data?.name).toBe('New name');
    expect(
      getEntitySelectors(User)
        .selectAll(store.getState())
        .map((user) => user.name),
    ).toEqual(['New name']);
  });

  test('a stale response that changes nothing keeps the stored record object (===)', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const detail = held('get', '/users/1', 200, { id: '1', name: 'Old name' });
    const list = held('get', '/users', 200, [{ id: '1', name: 'New name' }]);
    const older = store.dispatch(fetchEndpoint(getUser, { id: 1 }));
    const newer = store.dispatch(fetchEndpoint(getUsers));
    list.release();
    const listed = await newer;
    const record = recordOf(slice().entities.User, '1');
    detail.release();
    await older;
    expect(recordOf(slice().entities.User, '1')).toBe(record);
    expect(getEntitySelectors(User).selectAll(store.getState())).toBe(listed);
  });

  test.each([
    ['the older lands last', [1, 0]],
    ['in start order', [0, 1]],
  ] as const)('one endpoint key, two mutations in flight (%s)', async (_label, landing) => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const answers = [
      held('patch', '/users/1', 200, { id: '1', name: 'first' }),
      held('patch', '/users/1', 200, { id: '1', name: 'second' }),
    ];
    const requests = [
      store.dispatch(fetchEndpoint(renameUser, { id: 1 }, { name: 'x' })),
      store.dispatch(fetchEndpoint(renameUser, { id: 1 }, { name: 'x' })), // same key, started later
    ];
    await Promise.all(answers.map((answer) => answer.arrived));
    for (const index of landing) {
      answers[index]?.release();
      await requests[index];
    }
    expect(selectResponse(renameUser, { id: 1 }, { name: 'x' })(store.getState())).toMatchObject({
      status: 'fulfilled',
      data: { name: 'second' },
    });
    expect(recordOf(slice().entities.User, '1')).toEqual({ id: '1', name: 'second' });
    expect(slice().meta[renameUser.key({ id: 1 }, { name: 'x' })]?.pending).toBeUndefined();
  });

  test('the older request failing after the newer one succeeded shows no error for the key', async () => {
    const { store } = makeStore({ now: tickingClock().now });
    const older = held('patch', '/users/1', 500, { detail: 'late failure' });
    const newer = held('patch', '/users/1', 200, { id: '1', name: 'second' });
    const one = store.dispatch(fetchEndpoint(renameUser, { id: 1 }, { name: 'x' }));
    const two = store.dispatch(fetchEndpoint(renameUser, { id: 1 }, { name: 'x' }));
    await Promise.all([older.arrived, newer.arrived]);
    newer.release();
    await two;
    older.release();
    await expect(one).rejects.toMatchObject({ status: 500 }); // its caller still learns of the failure
    expect(selectResponse(renameUser, { id: 1 }, { name: 'x' })(store.getState())).toMatchObject({
      status: 'fulfilled',
      error: undefined,
      data: { name: 'second' },
    });
  });
});

describe('a mutation resolving while a read of the same list is in flight', () => {
  async function withTodos() {
    const setup = makeStore({ now: tickingClock().now });
    nock(API)
      .get('/todos')
      .reply(200, [
        { id: 1, title: 'a' },
        { id: 2, title: 'b' },
      ]);
    await setup.store.dispatch(fetchEndpoint(TodoResource.getList));
    const list = () => selectResponse(TodoResource.getList)(setup.store.getState()).data;
    return { ...setup, list };
  }

  test('an update of an item: the older list response does not bring back the old title', async () => {
    const { store, list } = await withTodos();
    const read = held('get', '/todos', 200, [
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ]);
    const refetch = store.dispatch(fetchEndpoint(TodoResource.getList));
    await read.arrived;
    nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!' });
    await store.dispatch(fetchEndpoint(TodoResource.partialUpdate, { id: 1 }, { title: 'A!' }));
    expect(list()?.map((todo) => todo.title)).toEqual(['A!', 'b']);

    read.release();
    const refetched = await refetch;
    expect(list()?.map((todo) => todo.title)).toEqual(['A!', 'b']);
    expect(refetched.map((todo) => todo.title)).toEqual(['A!', 'b']);
  });

  test('a delete: the older list response does not bring the deleted item back', async () => {
    const { store, list } = await withTodos();
    const read = held('get', '/todos', 200, [
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ]);
    const refetch = store.dispatch(fetchEndpoint(TodoResource.getList));
    await read.arrived;
    nock(API).delete('/todos/2').reply(204);
    await store.dispatch(fetchEndpoint(TodoResource.delete, { id: 2 }));
    expect(ids(list())).toEqual(['1']);

    read.release();
    await refetch;
    expect(ids(list())).toEqual(['1']);
    expect(getEntitySelectors(Todo).selectIds(store.getState())).toEqual(['1']);
  });
});

test('a push resolving while a read of the same list is in flight: the older list response does not drop the new item', async () => {
  const { store } = makeStore({ now: tickingClock().now });
  nock(API)
    .get('/todos')
    .reply(200, [
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ]);
  await store.dispatch(fetchEndpoint(TodoResource.getList));
  const list = () => selectResponse(TodoResource.getList)(store.getState()).data;

  const read = held('get', '/todos', 200, [
    { id: 1, title: 'a' },
    { id: 2, title: 'b' },
  ]); // the server's list as it was when the read started
  const refetch = store.dispatch(fetchEndpoint(TodoResource.getList));
  await read.arrived;
  nock(API).post('/todos', { id: 3, title: 'c' }).reply(201, { id: 3, title: 'c' });
  await store.dispatch(fetchEndpoint(TodoResource.getList.push, { id: 3, title: 'c' }));
  expect(ids(list())).toEqual(['1', '2', '3']);

  read.release();
  await refetch;
  expect(ids(list())).toEqual(['1', '2', '3']);
});

describe('a delete is ordered by its start, as a write is', () => {
  const clocks = [
    ['distinct times', () => tickingClock().now],
    ['one millisecond', () => () => FROZEN],
  ] as const;

  test.each(clocks)(
    '%s: set, then a DELETE starts, then set again: the DELETE answering last leaves the newer record',
    async (_clock, now) => {
      const { store, ctrl } = makeStore({ now: now() });
      ctrl.set(Task, { id: 1, title: 'v1' });
      const server = held('delete', '/tasks/1', 204, '');
      const deletion = store.dispatch(fetchEndpoint(TaskResource.delete, { id: 1 }));
      await server.arrived;
      ctrl.set(Task, { id: 1, title: 'v2' });

      server.release();
      await deletion;
      expect(task(store)?.title).toBe('v2');
      expect(getEntitySelectors(Task).selectIds(store.getState())).toEqual(['1']);
      expect(selectEntityMeta(store.getState(), Task, 1)).not.toHaveProperty('deleted');
    },
  );

  test.each(clocks)('%s: a GET started after a DELETE and answered before it keeps its record', async (_clock, now) => {
    const { store } = makeStore({ now: now() });
    const server = held('delete', '/tasks/1', 204, '');
    const deletion = store.dispatch(fetchEndpoint(TaskResource.delete, { id: 1 }));
    await server.arrived;
    nock(API).get('/tasks/1').reply(200, { id: 1, title: 'read after the delete started' });
    await store.dispatch(fetchEndpoint(TaskResource.get, { id: 1 }));

    server.release();
    await deletion;
    expect(task(store)?.title).toBe('read after the delete started');
  });

  test.each(clocks)(
    '%s: a delete older than a remembered deletion keeps the newer one: a write between the two stays out',
    async (_clock, now) => {
      const { store, ctrl } = makeStore({ now: now() });
      ctrl.set(Task, { id: 1, title: 'v1' });
      const older = held('delete', '/tasks/1', 204, '');
      const olderDeletion = store.dispatch(fetchEndpoint(TaskResource.delete, { id: 1 }));
      await older.arrived;
      const between = held('get', '/tasks/1', 200, { id: 1, title: 'read between the deletes' });
      const read = store.dispatch(fetchEndpoint(TaskResource.get, { id: 1 }));
      await between.arrived;
      ctrl.set(new schema.Invalidate(Task), { id: 1 });

      older.release();
      await olderDeletion;
      between.release();
      await read;
      expect(task(store)).toBeUndefined();
      expect(selectEntityMeta(store.getState(), Task, 1)).toEqual(expect.objectContaining({ deleted: true }));
    },
  );
});
