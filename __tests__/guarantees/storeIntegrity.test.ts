/**
 * Issue 7, store integrity: failures leave the store exactly as it was (same references, so no
 * component re-renders), and the state is plain JSON a new store can be rehydrated from.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint, getEntitySelectors, schema, selectEntityMeta, selectQuery, selectResponse } from '../../src/index';
import { Link, Post } from '../fixtures/spec';
import { API, assertNetworkDone, held, makeStore, strictNetwork, tickingClock, type RootState } from '../fixtures/store';
import {
  Member,
  OptimisticTodos,
  Todo,
  TodoResource,
  getFeed,
  getMember,
  getMembers,
  memberSelectors,
  selections,
  todoSelectors,
  todos,
  withTodos,
  type Selections,
} from '../fixtures/integrityStore';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

/**
 * Containers rebuilt from the records: the Collection lists and selectEntities' table (and, after
 * more than one optimistic layer, selectAll's array). After an optimistic rollback they hold the
 * very same instances but are NOT yet the same arrays/objects when they were read during the
 * optimistic phase; `pending/rollbackIdentity.test.ts` holds that expectation until the memo
 * keeps their previous output.
 */
const CONTAINERS: readonly (keyof Selections)[] = ['all', 'mine', 'byId'];

/** Every selection (but `except`) is the very object it was (`===`): lists the ones that are not. */
function expectSameObjects(after: Selections, before: Selections, except: readonly (keyof Selections)[] = []) {
  const names = (Object.keys(before) as (keyof Selections)[]).filter((name) => !except.includes(name));
  expect(names.filter((name) => before[name] === undefined)).toEqual([]);
  expect(names.filter((name) => after[name] !== before[name])).toEqual([]);
}

/** The containers hold the very same instances under the same keys, in the same order. */
function expectSameContents(after: Selections, before: Selections, containers: readonly (keyof Selections)[] = CONTAINERS) {
  for (const name of containers) {
    const entries = Object.entries(after[name] as object);
    const previous = Object.entries(before[name] as object);
    expect(entries.map(([key]) => key)).toEqual(previous.map(([key]) => key));
    entries.forEach(([, item], i) => expect(item).toBe(previous[i]?.[1]));
  }
}

describe('a failed delete leaves the entity and its lists ===', () => {
  test.each([
    ['500', 500],
    ['403', 403],
  ])('%s from the server', async (_label, status) => {
    const { store, slice } = await withTodos();
    const before = selections(store.getState());
    expect(before.all).toHaveLength(3);
    nock(API).delete('/todos/1').reply(status, { detail: 'refused' });

    await expect(store.dispatch(fetchEndpoint(TodoResource.delete, { id: 1 }))).rejects.toMatchObject({ status });
    expectSameObjects(selections(store.getState()), before);
    expect(selectEntityMeta(store.getState(), 'Todo', 1)?.deleted).toBeUndefined();
    expect(selectResponse(TodoResource.delete, { id: 1 })(store.getState()).error?.status).toBe(status);
  });

  test('the network failing', async () => {
    const { store } = await withTodos();
    const before = selections(store.getState());
    nock(API).delete('/todos/1').replyWithError('socket hang up');
    await expect(store.dispatch(fetchEndpoint(TodoResource.delete, { id: 1 }))).rejects.toMatchObject({
      name: 'FetchError',
      message: `Todo.delete got no response from ${API}/todos/1: socket hang up.`,
      cause: { message: 'socket hang up' },
    });
    expectSameObjects(selections(store.getState()), before);
  });

  test('an optimistic delete that the server refuses: hidden while in flight, then the tables, records and instances are the same objects', async () => {
    const { store, slice } = await withTodos();
    const before = selections(store.getState());
    const server = held('delete', '/todos/1', 409, { detail: 'conflict' });
    const request = store.dispatch(fetchEndpoint(OptimisticTodos.delete, { id: 1 }));
    const during = selections(store.getState()); // every selector sees the optimistic state
    expect(during.all?.map((todo) => todo.pk())).toEqual(['2', '3']);
    expect(during.mine?.map((todo) => todo.pk())).toEqual(['3']);
    expect(during.todo).toBeUndefined();
    server.release();
    await expect(request).rejects.toMatchObject({ status: 409 });
    expectSameObjects(selections(store.getState()), before, CONTAINERS);
    expectSameContents(selections(store.getState()), before);
    expect(slice().optimistic).toEqual([]);
    expect(slice().committed).toBeUndefined();
  });
});

describe('optimistic rollback restores the exact previous objects', () => {
  test('an update', async () => {
    const { store } = await withTodos();
    const before = selections(store.getState());
    const server = held('patch', '/todos/1', 500, 'down');
    const request = store.dispatch(fetchEndpoint(OptimisticTodos.partialUpdate, { id: 1 }, { title: 'A!' }));
    const during = selections(store.getState());
    expect(during.todo?.title).toBe('A!');
    expect(during.all?.[0]?.title).toBe('A!');
    expect(during.mine?.[0]?.title).toBe('A!');
    expect(during.everyTodo[0]?.title).toBe('A!');
    expect(during.byId['1']?.title).toBe('A!');
    server.release();
    await expect(request).rejects.toMatchObject({ status: 500 });
    expectSameObjects(selections(store.getState()), before, CONTAINERS);
    expectSameContents(selections(store.getState()), before);
  });

  test('a create (push) into the lists it matches', async () => {
    const { store } = await withTodos();
    const before = selections(store.getState());
    const server = held('post', '/todos', 422, { detail: 'invalid' });
    const request = store.dispatch(fetchEndpoint(OptimisticTodos.getList.push, { id: 9, userId: 1, title: 'new' }));
    const during = selections(store.getState());
    expect(during.mine?.map((todo) => todo.pk())).toEqual(['1', '3', '9']);
    expect(during.all?.map((todo) => todo.pk())).toEqual(['1', '2', '3', '9']);
    expect(during.everyTodo.map((todo) => todo.pk())).toEqual(['1', '2', '3', '9']);
    server.release();
    await expect(request).rejects.toMatchObject({ status: 422 });
    expectSameObjects(selections(store.getState()), before, CONTAINERS);
    expectSameContents(selections(store.getState()), before);
  });

  test('two overlapping updates that both fail (the later one first)', async () => {
    const { store } = await withTodos();
    const before = selections(store.getState());
    const one = held('patch', '/todos/1', 500, 'down');
    const two = held('patch', '/todos/2', 503, 'down');
    const first = store.dispatch(fetchEndpoint(OptimisticTodos.partialUpdate, { id: 1 }, { title: 'x' }));
    const second = store.dispatch(fetchEndpoint(OptimisticTodos.partialUpdate, { id: 2 }, { title: 'y' }));
    expect(selections(store.getState()).all?.map((todo) => todo.title)).toEqual(['x', 'y', 'c']);
    two.release();
    await expect(second).rejects.toMatchObject({ status: 503 });
    expect(todoSelectors.selectById(store.getState(), 2)).toBe(before.byId['2']);
    expect(selections(store.getState()).all?.map((todo) => todo.title)).toEqual(['x', 'b', 'c']);
    one.release();
    await expect(first).rejects.toMatchObject({ status: 500 });
    expectSameObjects(selections(store.getState()), before, [...CONTAINERS, 'everyTodo']);
    expectSameContents(selections(store.getState()), before, [...CONTAINERS, 'everyTodo']);
  });
});

describe('the state is plain JSON: a new store rehydrated from it gives the same selections', () => {
  async function richStore() {
    const clock = tickingClock();
    const setup = await withTodos(clock);
    const { store } = setup;
    nock(API)
      .get('/members')
      .reply(200, [
        { id: '__proto__', username: 'proto', name: 'Proto' },
        { id: 'constructor', username: 'ctor', name: 'Ctor' },
      ])
      .get('/feed')
      .reply(200, [
        { id: 1, type: 'link', url: 'https://example.com', title: 'Example' },
        { id: 2, type: 'post', content: 'Hello' },
        { id: 3, type: 'video' }, // kept as is, no entity
      ])
      .delete('/todos/2')
      .reply(204)
      .get('/members/m404')
      .reply(404, { detail: 'no such member' })
      .get('/members')
      .reply(500, 'down');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined); // the unknown feed type warns once
    await store.dispatch(fetchEndpoint(getMembers));
    await store.dispatch(fetchEndpoint(getFeed));
    await store.dispatch(fetchEndpoint(TodoResource.delete, { id: 2 }));
    await expect(store.dispatch(fetchEndpoint(getMember, { id: 'm404' }))).rejects.toMatchObject({ status: 404 });
    await expect(store.dispatch(fetchEndpoint(getMembers))).rejects.toMatchObject({ status: 500 });
    jest.restoreAllMocks();
    return { ...setup, clock };
  }

  /** What the app reads, through every kind of selector. */
  function read(state: RootState) {
    return {
      all: selectResponse(TodoResource.getList)(state),
      mine: selectResponse(TodoResource.getList, { userId: 1 })(state),
      deleted: selectResponse(TodoResource.delete, { id: 2 })(state),
      todo3: selectResponse(TodoResource.get, { id: 3 })(state),
      missing: selectResponse(getMember, { id: 'm404' })(state),
      members: selectResponse(getMembers)(state),
      feed: selectResponse(getFeed)(state),
      feedQuery: selectQuery(new schema.All({ link: Link, post: Post }, 'type'))(state),
      byUsername: selectQuery(Member, { username: 'ann' })(state),
      todoIds: todoSelectors.selectIds(state),
      todoTotal: todoSelectors.selectTotal(state),
      todos: todoSelectors.selectAll(state),
      todoEntities: todoSelectors.selectEntities(state),
      memberIds: memberSelectors.selectIds(state),
      memberEntities: memberSelectors.selectEntities(state),
      proto: memberSelectors.selectById(state, '__proto__'),
      ctor: memberSelectors.selectById(state, 'constructor'),
      deletedTodo: todoSelectors.selectById(state, 2),
    };
  }

  test('deep-equal selections, the same classes, and the rehydrated store keeps working', async () => {
    const { store, clock } = await richStore();
    const state = store.getState();
    const json = JSON.parse(JSON.stringify(state)) as RootState;
    expect(json).toEqual(state);

    const rehydrated = makeStore({ now: clock.now, preloadedState: json });
    const original = read(state);
    const restored = read(rehydrated.store.getState());
    // strict: class instances stay instances of their class. A table with an entry named
    // 'constructor' fools jest's type check (it reads `.constructor`), so tables compare as entries
    const { memberEntities, todoEntities, ...rest } = restored;
    const { memberEntities: memberEntitiesBefore, todoEntities: todoEntitiesBefore, ...restBefore } = original;
    expect(rest).toStrictEqual(restBefore);
    expect(Object.entries(memberEntities)).toStrictEqual(Object.entries(memberEntitiesBefore));
    expect(Object.entries(todoEntities)).toStrictEqual(Object.entries(todoEntitiesBefore));
    expect(Object.getPrototypeOf(memberEntities)).toBe(Object.getPrototypeOf(memberEntitiesBefore));
    expect(restored.todos[0]).toBeInstanceOf(Todo);
    expect(restored.todos[0]?.owner).toBeInstanceOf(Member);
    expect(restored.proto).toBeInstanceOf(Member);
    expect(restored.proto?.name).toBe('Proto');
    expect(restored.ctor?.name).toBe('Ctor');
    expect(restored.memberIds).toEqual(['m1', 'm2', '__proto__', 'constructor']);
    expect(restored.byUsername?.name).toBe('Ann');
    expect(restored.members).toMatchObject({ status: 'rejected', error: { status: 500 } });
    expect(restored.missing).toMatchObject({ status: 'rejected', data: undefined, error: { status: 404 } });
    expect(restored.deletedTodo).toBeUndefined();
    expect(restored.all.data?.map((todo) => todo.pk())).toEqual(['1', '3']);

    // it keeps working: new data merges into the rehydrated records
    nock(API)
      .patch('/todos/1', { title: 'A!' })
      .reply(200, { id: 1, title: 'A!' })
      .get('/todos')
      .reply(200, todos);
    await rehydrated.store.dispatch(fetchEndpoint(TodoResource.partialUpdate, { id: 1 }, { title: 'A!' }));
    expect(getEntitySelectors(Todo).selectById(rehydrated.store.getState(), 1)).toMatchObject({ title: 'A!', userId: 1 });
    await rehydrated.store.dispatch(fetchEndpoint(TodoResource.getList));
    expect(getEntitySelectors(Todo).selectIds(rehydrated.store.getState())).toEqual(['1', '2', '3']); // a newer response may bring it back
    expect(getEntitySelectors(Member).selectById(rehydrated.store.getState(), '__proto__')?.name).toBe('Proto');
  });

  test('JSON round trip while an optimistic update is in flight: the rehydrated store shows the same optimistic view', async () => {
    const { store, clock } = await withTodos();
    const server = held('patch', '/todos/1', 200, { id: 1, title: 'A (server)' });
    const request = store.dispatch(fetchEndpoint(OptimisticTodos.partialUpdate, { id: 1 }, { title: 'A (optimistic)' }));
    const json = JSON.parse(JSON.stringify(store.getState())) as RootState;
    const rehydrated = makeStore({ now: clock.now, preloadedState: json });
    expect(getEntitySelectors(Todo).selectAll(rehydrated.store.getState())).toStrictEqual(getEntitySelectors(Todo).selectAll(store.getState()));
    expect(getEntitySelectors(Todo).selectById(rehydrated.store.getState(), 1)?.title).toBe('A (optimistic)');
    server.release();
    await request;
  });
});

describe('data nested too deep to keep is refused (the state stays usable and serializable)', () => {
  /** `{ a: { a: … } }`, `depth` objects deep. */
  function nested(depth: number): Record<string, unknown> {
    let value: Record<string, unknown> = { leaf: true };
    for (let i = 1; i < depth; i++) value = { a: value };
    return value;
  }

  const getTree = new RestEndpoint({ urlPrefix: API, path: '/tree' });

  test('a 20,000-level body on an endpoint without a schema: rejected naming the endpoint and the limit; nothing stored; later dispatches and JSON.stringify(state) work', async () => {
    const { store, ctrl, slice } = makeStore();
    // written out by hand: JSON.stringify itself overflows on 20,000 levels
    const body = `${'{"a":'.repeat(19_999)}{"leaf":true}${'}'.repeat(19_999)}`;
    nock(API).get('/tree').reply(200, body, { 'Content-Type': 'application/json' });
    const before = slice();

    const error = await store.dispatch(fetchEndpoint(getTree)).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toMatch(
      /^GET \/tree: the response holds data nested deeper than 500 levels \(at result\.a\.a\.a\.a\.a…\), which the store cannot keep: Redux's development checks and JSON\.stringify\(state\) overflow the stack on data that deep\. Nothing of it was stored\. Flatten it in process\(\), or give the nested parts an Entity schema \(entities are stored flat\)\.$/,
    );
    expect(slice().endpoints).toBe(before.endpoints);
    expect(slice().entities).toBe(before.entities);
    expect(slice().meta[getTree.key()]?.error?.message).toBe(error?.message);

    // the store still works under RTK's checks, and its state still serializes
    ctrl.setResponse(getMembers, [{ id: 'm1', username: 'ann', name: 'Ann' }]);
    expect(memberSelectors.selectTotal(store.getState())).toBe(1);
    expect(() => JSON.stringify(store.getState())).not.toThrow();
  });

  test('500 levels are kept and read back as they came', () => {
    const { ctrl } = makeStore();
    const body = nested(500);
    expect(ctrl.setResponse(getTree, body)).toEqual(body);
  });

  test('a deep field of an entity (not covered by its schema) is refused too; ctrl.setResponse throws and writes nothing', () => {
    const { ctrl, slice } = makeStore();
    const before = slice();
    expect(() => ctrl.setResponse(getMember, { id: 'm1' }, { id: 'm1', username: 'ann', name: 'Ann', settings: nested(600) })).toThrow(
      /^GET \/members\/:id: the response holds data nested deeper than 500 levels \(at Member m1\.settings\.a\.a\.a\.a…\)/,
    );
    expect(slice().entities).toBe(before.entities);
    expect(() => JSON.stringify(slice())).not.toThrow();
  });
});
