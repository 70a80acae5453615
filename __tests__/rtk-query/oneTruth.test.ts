/**
 * One truth with RTK Query's own cache (DESIGN §8.1): every normalized write is written back into
 * RTK Query's entries of the declared endpoints, as plain data, so RTK Query's own `select`, tags
 * and `selectInvalidatedBy` read the current values. Items the write does not change keep their
 * references; entries it does not touch are left alone.
 */
import { setAutoFreeze } from 'immer';
import nock from 'nock';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import { createController, Entity, RestEndpoint } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { Todo, closeTodoStores, makeTodosStore, todoRows, todoSchemas, todosApi } from '../fixtures/todosApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeTodoStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(todosApi, todoSchemas);

/** A store that has fetched the list (todos 1 and 2) and todo 1 alone, and page 1 of the pages. */
async function loadedStore() {
  const made = makeTodosStore(entitiesApi, { logActions: true });
  nock(API).get('/todos').reply(200, todoRows('a', 'b'));
  nock(API).get('/todos/1').reply(200, { id: 1, title: 'a', done: false });
  nock(API)
    .get('/todos/pages/1')
    .reply(200, { items: [{ id: 1, title: 'a', done: false }], next: 2, total: 3 });
  await Promise.all([
    made.store.dispatch(todosApi.endpoints.getTodos.initiate()),
    made.store.dispatch(todosApi.endpoints.getTodo.initiate(1)),
    made.store.dispatch(todosApi.endpoints.getPage.initiate(1)),
  ]);
  return made;
}

const raw = (store: Awaited<ReturnType<typeof loadedStore>>['store']) => {
  const state = store.getState();
  return {
    list: todosApi.endpoints.getTodos.select()(state).data,
    detail: todosApi.endpoints.getTodo.select(1)(state).data,
    page: todosApi.endpoints.getPage.select(1)(state).data,
  };
};

test('a normalized mutation is written back into every RTK Query entry showing the entity, as plain data', async () => {
  const { store } = await loadedStore();
  const before = raw(store);
  nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!', done: false });
  await store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' }));

  const after = raw(store);
  expect(after.list).toEqual([
    { id: 1, title: 'A!', done: false },
    { id: 2, title: 'b', done: false },
  ]);
  expect(after.detail).toEqual({ id: 1, title: 'A!', done: false });
  // inside an object schema: the other fields of the response stay as they were
  expect(after.page).toEqual({ items: [{ id: 1, title: 'A!', done: false }], next: 2, total: 3 });
  // plain data, not instances
  expect(after.list?.[0]).not.toBeInstanceOf(Todo);
  expect(Object.getPrototypeOf(after.detail)).toBe(Object.prototype);
  // the item the write did not change keeps its reference
  expect(after.list?.[1]).toBe(before.list?.[1]);
  // RTK Query's request bookkeeping is untouched: no refetch, same request, same timestamps
  const entry = todosApi.endpoints.getTodos.select()(store.getState());
  expect(entry).toEqual(expect.objectContaining({ status: 'fulfilled', isSuccess: true }));
  expect(entry.fulfilledTimeStamp).toBeDefined();
});

test('a write that touches none of an entry’s entities leaves the entry’s object as it is', async () => {
  const { store } = await loadedStore();
  const before = raw(store);
  nock(API).patch('/todos/2', { title: 'B!' }).reply(200, { id: 2, title: 'B!', done: false });
  await store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 2, title: 'B!' }));

  const after = raw(store);
  expect(after.detail).toBe(before.detail);
  expect(after.page).toBe(before.page);
  expect(after.list?.[0]).toBe(before.list?.[0]);
  expect(after.list?.[1]).toEqual({ id: 2, title: 'B!', done: false });
});

test('writes of our own endpoints and ctrl.set reach RTK Query’s entries too', async () => {
  const { store } = await loadedStore();
  const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo });
  nock(API).get('/todos/2').reply(200, { id: 2, title: 'b, refetched by ours', done: true });
  const ctrl = createController(store);
  await ctrl.fetch(getTodo, { id: 2 });
  expect(raw(store).list?.[1]).toEqual({ id: 2, title: 'b, refetched by ours', done: true });

  ctrl.set(Todo, { id: 1, title: 'pushed', done: true });
  expect(raw(store).detail).toEqual({ id: 1, title: 'pushed', done: true });
  expect(raw(store).list?.[0]).toEqual({ id: 1, title: 'pushed', done: true });
});

test('a list a pushed item joins (a Collection) takes it in RTK Query’s entry, and its tags follow', async () => {
  const { store } = await loadedStore();
  nock(API).post('/todos', { title: 'c' }).reply(201, { id: 3, title: 'c', done: false });
  // addTodo invalidates the LIST tag: RTK Query refetches the list as well, answered with the server's list
  nock(API)
    .get('/todos')
    .reply(200, [...todoRows('a', 'b'), { id: 3, title: 'c', done: false }]);
  await store.dispatch(todosApi.endpoints.addTodo.initiate({ title: 'c' }));
  // before the refetch answers, the pushed todo is already in RTK Query's list
  expect(raw(store).list?.map((todo) => todo.id)).toEqual([1, 2, 3]);
  expect(
    todosApi.util.selectInvalidatedBy(store.getState(), [{ type: 'Todo', id: 3 }]).map((entry) => entry.endpointName),
  ).toEqual(['getTodos']);
  await Promise.all(store.dispatch(todosApi.util.getRunningQueriesThunk()));
  expect(raw(store).list?.map((todo) => todo.title)).toEqual(['a', 'b', 'c']);
});

test('the write-back passes RTK’s serializable and immutability checks and changes no request state', async () => {
  const errors = jest.spyOn(console, 'error');
  const { store, actions } = await loadedStore();
  const before = actions.length;
  nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!', done: false });
  await store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' }));
  const patched = actions.slice(before).filter((action) => action.type === 'todosApi/queries/queryResultPatched');
  // one patch per entry that shows the todo: the list, the detail and the page
  expect(patched).toHaveLength(3);
  expect(JSON.parse(JSON.stringify(patched))).toEqual(patched);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

test('written-back data is frozen as RTK Query freezes what it stores, and left unfrozen when the app turned auto-freeze off', async () => {
  const { store } = await loadedStore();
  nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!', done: false });
  await store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' }));
  const frozen = raw(store);
  expect(frozen.list?.[0]?.title).toBe('A!');
  for (const part of [frozen.list, frozen.list?.[0], frozen.page, frozen.page?.items])
    expect(Object.isFrozen(part)).toBe(true);

  setAutoFreeze(false);
  try {
    const loose = await loadedStore();
    nock(API).patch('/todos/1', { title: 'A?' }).reply(200, { id: 1, title: 'A?', done: false });
    await loose.store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A?' }));
    const { list } = raw(loose.store);
    expect(list?.[0]?.title).toBe('A?');
    expect(Object.isFrozen(list)).toBe(false);
    expect(Object.isFrozen(list?.[0])).toBe(false);
  } finally {
    setAutoFreeze(true);
  }
});

describe('nested entities keep the shape the server sent', () => {
  class Person extends Entity {
    id = 0;
    name = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'Person';
  }
  class Note extends Entity {
    id = 0;
    text = '';
    author = Person.fromJS();
    pk() {
      return `${this.id}`;
    }
    static override key = 'Note';
    static override schema = { author: Person };
  }
  interface NoteRow {
    id: number;
    text: string;
  }
  const notesApi = createApi({
    reducerPath: 'notesApi',
    baseQuery: fetchBaseQuery({ baseUrl: API }),
    endpoints: (build) => ({
      // one endpoint embeds the author, the other sends its id
      getNotes: build.query<Array<NoteRow & { author: { id: number; name: string } }>, void>({ query: () => '/notes' }),
      getLight: build.query<Array<NoteRow & { author: number }>, void>({ query: () => '/notes/light' }),
    }),
  });
  const notes = normalizeApi(notesApi, { getNotes: [Note], getLight: [Note] });

  async function loaded() {
    const made = makeStore({
      reducer: { [notesApi.reducerPath]: notesApi.reducer },
      before: [notesApi.middleware],
      after: [notes.middleware],
    });
    nock(API)
      .get('/notes')
      .reply(200, [{ id: 1, text: 't', author: { id: 7, name: 'Ann' } }]);
    nock(API)
      .get('/notes/light')
      .reply(200, [{ id: 1, text: 't', author: 7 }]);
    await made.store.dispatch(notesApi.endpoints.getNotes.initiate());
    await made.store.dispatch(notesApi.endpoints.getLight.initiate());
    return made;
  }
  const rawNotes = (state: unknown) => notesApi.endpoints.getNotes.select()(state as never).data;
  const rawLight = (state: unknown) => notesApi.endpoints.getLight.select()(state as never).data;

  test('an embedded author is written back embedded; one sent as an id stays an id', async () => {
    const { store, ctrl } = await loaded();
    ctrl.set(Person, { id: 7, name: 'Ann B.' });
    expect(rawNotes(store.getState())?.[0]?.author).toEqual({ id: 7, name: 'Ann B.' });
    expect(rawLight(store.getState())?.[0]?.author).toBe(7);
    store.dispatch(notesApi.util.resetApiState());
  });

  test('an author sent as an id follows a reassignment, as a number like the server’s', async () => {
    const { store, ctrl } = await loaded();
    ctrl.set(Note, { id: 1, text: 't', author: { id: 8, name: 'Bo' } });
    expect(rawLight(store.getState())?.[0]?.author).toBe(8);
    expect(rawNotes(store.getState())?.[0]?.author).toEqual({ id: 8, name: 'Bo' });
    store.dispatch(notesApi.util.resetApiState());
  });
});
