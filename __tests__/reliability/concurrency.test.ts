/**
 * Issue 7, concurrency: requests that overlap. Every answer is held by the test and released in a
 * chosen order; the middleware's clock ticks on every read, so each request starts at its own time.
 */
import nock from 'nock';
import { Entity, RestEndpoint, ResetError, createResource, fetchEndpoint, getEntitySelectors, schema, selectResponse } from '../../src/index';
import { User } from '../fixtures/spec';
import { API, assertNetworkDone, held, makeStore, rejectionOf, strictNetwork, tickingClock } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

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

class Note extends Entity {
  id = 0;
  text = '';
  done = false;
  pinned = false;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Note';
}
const NoteResource = createResource({ urlPrefix: API, path: '/notes/:id', schema: Note, optimistic: true });

const ids = (items: readonly { pk(): unknown }[] | undefined) => items?.map((item) => item.pk());

describe('deduplication', () => {
  test('identical GETs in flight share one request: every caller gets the same object', async () => {
    const { store, ctrl, slice } = makeStore({ now: tickingClock().now });
    const server = held('get', '/users', 200, [{ id: '1', name: 'Ann' }], undefined, { active: 'true', page: '1' });

    const a = store.dispatch(fetchEndpoint(getUsers, { page: 1, active: true }));
    const b = ctrl.fetch(getUsers, { active: true, page: 1 }); // same call, params in another order
    const c = store.dispatch(fetchEndpoint(getUsers, { page: 1, active: true }));
    await server.arrived;
    expect(slice().meta[getUsers.key({ page: 1, active: true })]?.pending).toBe(1);
    server.release(); // the one interceptor answers one request; a second request would find none

    const [first, second, third] = await Promise.all([a, b, c]);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(slice().meta[getUsers.key({ page: 1, active: true })]?.pending).toBeUndefined();

    // once settled, the next identical GET is a new request
    nock(API).get('/users').query({ active: 'true', page: '1' }).reply(200, [{ id: '1', name: 'Ann B' }]);
    const again = await ctrl.fetch(getUsers, { page: 1, active: true });
    expect(again.map((user) => user.name)).toEqual(['Ann B']);
  });

  test('identical POSTs are not shared: both are sent, both resolve with their own result', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const one = held('post', '/users', 201, { id: '1', name: 'Same' });
    const two = held('post', '/users', 201, { id: '2', name: 'Same' });

    const a = store.dispatch(fetchEndpoint(createUser, { name: 'Same' }));
    const b = store.dispatch(fetchEndpoint(createUser, { name: 'Same' }));
    await Promise.all([one.arrived, two.arrived]); // both on the wire at once
    expect(slice().meta[createUser.key({ name: 'Same' })]?.pending).toBe(2);
    two.release();
    one.release();

    const [first, second] = await Promise.all([a, b]);
    expect(first).not.toBe(second);
    expect([first.pk(), second.pk()].sort()).toEqual(['1', '2']);
    expect(getEntitySelectors(User).selectIds(store.getState()).sort()).toEqual(['1', '2']);
    expect(slice().meta[createUser.key({ name: 'Same' })]?.pending).toBeUndefined();
  });
});

describe('out-of-order responses: the later-started request wins', () => {
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
    expect(slice().entities.User?.['1']).toEqual({ id: '1', name: 'New name', email: 'old@example.com' });
    expect(selectResponse(getUser, { id: 1 })(store.getState()).data?.name).toBe('New name');
    expect(getEntitySelectors(User).selectAll(store.getState()).map((user) => user.name)).toEqual(['New name']);
  });

  test('a stale response that changes nothing keeps the stored record object (===)', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const detail = held('get', '/users/1', 200, { id: '1', name: 'Old name' });
    const list = held('get', '/users', 200, [{ id: '1', name: 'New name' }]);
    const older = store.dispatch(fetchEndpoint(getUser, { id: 1 }));
    const newer = store.dispatch(fetchEndpoint(getUsers));
    list.release();
    const listed = await newer;
    const record = slice().entities.User?.['1'];
    detail.release();
    await older;
    expect(slice().entities.User?.['1']).toBe(record);
    expect(getEntitySelectors(User).selectAll(store.getState())).toBe(listed);
  });

  test.each([
    ['the older lands last', [1, 0]],
    ['in start order', [0, 1]],
  ] as const)('one endpoint key, two mutations in flight (%s)', async (_label, landing) => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    const answers = [held('patch', '/users/1', 200, { id: '1', name: 'first' }), held('patch', '/users/1', 200, { id: '1', name: 'second' })];
    const requests = [
      store.dispatch(fetchEndpoint(renameUser, { id: 1 }, { name: 'x' })),
      store.dispatch(fetchEndpoint(renameUser, { id: 1 }, { name: 'x' })), // same key, started later
    ];
    await Promise.all(answers.map((answer) => answer.arrived));
    for (const index of landing) {
      answers[index]?.release();
      await requests[index];
    }
    expect(selectResponse(renameUser, { id: 1 }, { name: 'x' })(store.getState())).toMatchObject({ status: 'fulfilled', data: { name: 'second' } });
    expect(slice().entities.User?.['1']).toEqual({ id: '1', name: 'second' });
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
    expect(selectResponse(renameUser, { id: 1 }, { name: 'x' })(store.getState())).toMatchObject({ status: 'fulfilled', error: undefined, data: { name: 'second' } });
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

describe('optimistic updates', () => {
  async function withNote() {
    const setup = makeStore({ now: tickingClock().now });
    nock(API).get('/notes').reply(200, [{ id: 1, text: 'one', done: false, pinned: false }]);
    await setup.store.dispatch(fetchEndpoint(NoteResource.getList));
    const note = () => getEntitySelectors(Note).selectById(setup.store.getState(), 1);
    return { ...setup, note };
  }

  test('three overlapping updates of one field, answered in reverse order: the last-started wins throughout', async () => {
    const { store, slice, note } = await withNote();
    const answers = ['A', 'B', 'C'].map((text) => held('patch', '/notes/1', 200, { id: 1, text: `${text} (server)` }));
    const requests = ['A', 'B', 'C'].map((text) => store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text })));
    expect(note()?.text).toBe('C');
    expect(slice().optimistic).toHaveLength(3);
    await Promise.all(answers.map((answer) => answer.arrived));

    answers[2]?.release();
    await requests[2];
    expect(note()?.text).toBe('C (server)');
    answers[0]?.release();
    await requests[0];
    expect(note()?.text).toBe('C (server)');
    answers[1]?.release();
    await requests[1];
    expect(note()?.text).toBe('C (server)');
    expect(slice().optimistic).toEqual([]);
    expect(slice().committed).toBeUndefined();
    expect(slice().entities.Note?.['1']).toEqual({ id: 1, text: 'C (server)', done: false, pinned: false });
  });
});

describe('reset with requests in flight', () => {
  test('late responses are dropped and every promise rejects with ResetError, at once', async () => {
    const { store, ctrl, slice } = makeStore({ now: tickingClock().now });
    nock(API).get('/notes').reply(200, [{ id: 1, text: 'one', done: false, pinned: false }]);
    await store.dispatch(fetchEndpoint(NoteResource.getList));

    const read = held('get', '/users', 200, [{ id: '1', name: 'late' }]);
    const failing = held('get', '/users/2', 500, { detail: 'late failure' });
    const mutation = held('patch', '/notes/1', 200, { id: 1, text: 'late' });
    const requests = [
      store.dispatch(fetchEndpoint(getUsers)),
      store.dispatch(fetchEndpoint(getUser, { id: 2 })),
      store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'optimistic' })),
    ];
    expect(slice().optimistic).toHaveLength(1);
    await Promise.all([read.arrived, failing.arrived, mutation.arrived]);

    ctrl.resetEntireStore();
    const afterReset = slice();
    expect(afterReset).toMatchObject({ entities: {}, entitiesMeta: {}, indexes: {}, endpoints: {}, meta: {}, optimistic: [] });
    expect(afterReset.committed).toBeUndefined();

    // rejected before any server answers: the requests were aborted
    const errors = await Promise.all(requests.map(rejectionOf));
    for (const [error, name] of errors.map((error, i) => [error, ['GET /users', 'GET /users/:id', 'Note.partialUpdate'][i]] as const)) {
      expect(error).toBeInstanceOf(ResetError);
      expect((error as Error).message).toBe(`${name}: the store was reset while this request was in flight, so its response was dropped.`);
    }
    read.release();
    failing.release();
    mutation.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(slice()).toBe(afterReset); // nothing was dispatched for them

    nock(API).get('/users').reply(200, [{ id: '3', name: 'fresh' }]);
    await store.dispatch(fetchEndpoint(getUsers));
    expect(getEntitySelectors(User).selectAll(store.getState()).map((user) => user.name)).toEqual(['fresh']);
  });

  test('a read started right after the reset does not share the dropped request, it makes its own', async () => {
    const { store, ctrl } = makeStore({ now: tickingClock().now });
    const dropped = held('get', '/users', 200, [{ id: '1', name: 'late' }]);
    const before = store.dispatch(fetchEndpoint(getUsers));
    await dropped.arrived;

    ctrl.resetEntireStore();
    nock(API).get('/users').reply(200, [{ id: '2', name: 'after reset' }]);
    const after = store.dispatch(fetchEndpoint(getUsers)); // same key, the dropped request has not settled yet

    await expect(rejectionOf(before)).resolves.toBeInstanceOf(ResetError);
    await expect(after).resolves.toEqual([expect.objectContaining({ id: '2', name: 'after reset' })]);
    dropped.release();
    expect(getEntitySelectors(User).selectIds(store.getState())).toEqual(['2']);
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

test('three overlapping optimistic updates; the first fails while the others are pending: its change disappears at once', async () => {
  const { store, slice } = makeStore({ now: tickingClock().now });
  nock(API).get('/notes').reply(200, [{ id: 1, text: 'one', done: false, pinned: false }]);
  await store.dispatch(fetchEndpoint(NoteResource.getList));
  const note = () => getEntitySelectors(Note).selectById(store.getState(), 1);

  const first = held('patch', '/notes/1', 403, { detail: 'read only' });
  const second = held('patch', '/notes/1', 200, { id: 1, text: 'B' });
  const third = held('patch', '/notes/1', 200, { id: 1, pinned: true });
  const one = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { done: true }));
  const two = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'B' }));
  const three = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { pinned: true }));
  expect(note()).toMatchObject({ done: true, text: 'B', pinned: true });
  await Promise.all([first.arrived, second.arrived, third.arrived]);

  first.release();
  await expect(one).rejects.toMatchObject({ status: 403 });
  // the server refused `done: true`; nothing else asked for it
  expect(note()).toMatchObject({ done: false, text: 'B', pinned: true });

  second.release();
  await two;
  expect(note()).toMatchObject({ done: false, text: 'B', pinned: true });
  third.release();
  await three;
  expect(note()).toMatchObject({ done: false, text: 'B', pinned: true });
  expect(slice().optimistic).toEqual([]);
  expect(slice().entities.Note?.['1']).toEqual({ id: 1, text: 'B', done: false, pinned: true });
});
