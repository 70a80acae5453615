/**
 * Store integrity: a failed request leaves the store exactly as it was (the same references, so no
 * component re-renders), and the state is plain JSON a new store can be rehydrated from. Optimistic
 * rollbacks are in rollbackIdentity.test.ts, the depth limit in redux/depthCheck.test.ts.
 */
import nock from 'nock';
import {
  fetchEndpoint,
  getEntitySelectors,
  schema,
  selectEntityMeta,
  selectQuery,
  selectResponse,
} from '../../src/index';
import { Link, Post } from '../fixtures/spec';
import { rehydrate } from '../../src/rehydrate/index';
import {
  API,
  assertNetworkDone,
  held,
  makeStore,
  strictNetwork,
  tickingClock,
  type RootState,
} from '../fixtures/store';
import {
  Member,
  OptimisticTodos,
  Todo,
  TodoResource,
  expectSameObjects,
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

    const rehydrated = makeStore({ now: clock.now, preloadedState: json, rehydrate });
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
    nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!' }).get('/todos').reply(200, todos);
    await rehydrated.store.dispatch(fetchEndpoint(TodoResource.partialUpdate, { id: 1 }, { title: 'A!' }));
    expect(getEntitySelectors(Todo).selectById(rehydrated.store.getState(), 1)).toMatchObject({
      title: 'A!',
      userId: 1,
    });
    await rehydrated.store.dispatch(fetchEndpoint(TodoResource.getList));
    expect(getEntitySelectors(Todo).selectIds(rehydrated.store.getState())).toEqual(['1', '2', '3']); // a newer response may bring it back
    expect(getEntitySelectors(Member).selectById(rehydrated.store.getState(), '__proto__')?.name).toBe('Proto');
  });

  test('JSON round trip while an optimistic update is in flight: the rehydrated store shows the committed data, with no request in flight', async () => {
    const { store, clock } = await withTodos();
    const before = getEntitySelectors(Todo).selectById(store.getState(), 1)?.title;
    const server = held('patch', '/todos/1', 200, { id: 1, title: 'A (server)' });
    const request = store.dispatch(
      fetchEndpoint(OptimisticTodos.partialUpdate, { id: 1 }, { title: 'A (optimistic)' }),
    );
    expect(getEntitySelectors(Todo).selectById(store.getState(), 1)?.title).toBe('A (optimistic)');
    const json = JSON.parse(JSON.stringify(store.getState())) as RootState;
    const rehydrated = makeStore({ now: clock.now, preloadedState: json, rehydrate });
    // the saving process's optimistic value and request are its own: no request here will settle them
    expect(getEntitySelectors(Todo).selectById(rehydrated.store.getState(), 1)?.title).toBe(before);
    expect(rehydrated.store.getState().entities.optimistic).toEqual([]);
    expect(rehydrated.store.getState().entities.committed).toBeUndefined();
    expect(Object.values(rehydrated.store.getState().entities.meta).filter((meta) => meta?.pending)).toEqual([]);
    server.release();
    await request;
  });
});
