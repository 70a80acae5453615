/**
 * RTK Query's own cache writes never revert newer data (DESIGN §8.2): `updateQueryData`,
 * `upsertQueryData`, `upsertQueryEntries`, `updateCachedData` in `onCacheEntryAdded`, `merge`, and a
 * patch's `undo()` write what they change. The items of the entry they did not change never replace
 * newer stored records. A raw write is a local edit: the records it changes keep their meta, so the
 * answer to a request in flight (the mutation an optimistic patch stands for) still lands.
 */
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import nock from 'nock';
import { createController, getEntitySelectors } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { API, assertNetworkDone, deferred, held, makeStore, strictNetwork } from '../fixtures/store';
import {
  Todo,
  closeTodoStores,
  makeTodosStore,
  todoRows,
  todoSchemas,
  todosApi,
  type TodoRow,
} from '../fixtures/todosApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeTodoStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(todosApi, todoSchemas);
type Store = ReturnType<typeof makeTodosStore>['store'];

/** Every view of todo 1: ours (the entity, the list, the detail) and RTK Query's own (the list, the detail). */
function titlesOfTodo1(store: Store) {
  const state = store.getState();
  return {
    entity: getEntitySelectors(Todo).selectById(state, 1)?.title,
    list: entitiesApi.endpoints.getTodos
      .select()(state)
      .data?.find((todo) => todo.id === 1)?.title,
    rtkList: todosApi.endpoints.getTodos
      .select()(state)
      .data?.find((todo) => todo.id === 1)?.title,
  };
}

const everywhere = (title: string) => ({ entity: title, list: title, rtkList: title });

/** The list (todos 1 and 2) fetched, then todo 1 renamed to 'A!' by a normalized mutation; `before`: RTK Query's data before the rename. */
async function renamedStore() {
  const made = makeTodosStore(entitiesApi);
  nock(API).get('/todos').reply(200, todoRows('a', 'b'));
  await made.store.dispatch(todosApi.endpoints.getTodos.initiate());
  const before = todosApi.endpoints.getTodos.select()(made.store.getState()).data as TodoRow[];
  nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!', done: false });
  await made.store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' }));
  expect(titlesOfTodo1(made.store)).toEqual(everywhere('A!'));
  return { ...made, before };
}

const todo3: TodoRow = { id: 3, title: 'c', done: false };

test('updateQueryData pushing an item writes that item, and leaves todo 1 as the mutation left it', async () => {
  const { store } = await renamedStore();
  store.dispatch(todosApi.util.updateQueryData('getTodos', undefined, (draft) => void draft.push(todo3)));

  expect(titlesOfTodo1(store)).toEqual(everywhere('A!'));
  expect(
    entitiesApi.endpoints.getTodos
      .select()(store.getState())
      .data?.map((todo) => todo.id),
  ).toEqual([1, 2, 3]);
  expect(getEntitySelectors(Todo).selectById(store.getState(), 3)).toBeInstanceOf(Todo);
});

test('upsertQueryData with the entry’s items plus one writes the new one, and todo 1 stays', async () => {
  const { store } = await renamedStore();
  const shown = todosApi.endpoints.getTodos.select()(store.getState()).data ?? [];
  await store.dispatch(todosApi.util.upsertQueryData('getTodos', undefined, [...shown, todo3]));

  expect(titlesOfTodo1(store)).toEqual(everywhere('A!'));
  expect(getEntitySelectors(Todo).selectById(store.getState(), 3)?.title).toBe('c');
});

test('upsertQueryEntries: a new entry is normalized, and an existing one keeps what the mutation wrote', async () => {
  const { store } = await renamedStore();
  const shown = todosApi.endpoints.getTodos.select()(store.getState()).data ?? [];
  store.dispatch(
    todosApi.util.upsertQueryEntries([
      { endpointName: 'getTodos', arg: undefined, value: [...shown, todo3] },
      { endpointName: 'getTodo', arg: 3, value: { ...todo3, title: 'c, in detail' } },
    ]),
  );

  expect(titlesOfTodo1(store)).toEqual(everywhere('A!'));
  expect(entitiesApi.endpoints.getTodo.select(3)(store.getState()).data?.title).toBe('c, in detail');
});

test('a push through updateCachedData in onCacheEntryAdded writes the pushed item, and todo 1 stays', async () => {
  const pushed = deferred<(draft: TodoRow[]) => void>();
  const liveApi = createApi({
    reducerPath: 'liveApi',
    baseQuery: fetchBaseQuery({ baseUrl: API }),
    endpoints: (build) => ({
      getTodos: build.query<TodoRow[], void>({
        query: () => '/todos',
        async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded }) {
          await cacheDataLoaded;
          // a websocket message, as RTK Query's streaming recipe handles it
          updateCachedData(await pushed.promise);
        },
      }),
      renameTodo: build.mutation<TodoRow, { id: number; title: string }>({
        query: ({ id, title }) => ({ url: `/todos/${id}`, method: 'PATCH', body: { title } }),
      }),
    }),
  });
  const live = normalizeApi(liveApi, { getTodos: [Todo], renameTodo: Todo });
  const { store } = makeStore({
    reducer: { [liveApi.reducerPath]: liveApi.reducer },
    before: [liveApi.middleware],
    after: [live.middleware],
  });
  nock(API).get('/todos').reply(200, todoRows('a', 'b'));
  const subscription = store.dispatch(liveApi.endpoints.getTodos.initiate());
  await subscription;
  nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!', done: false });
  await store.dispatch(liveApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' }));

  pushed.resolve((draft) => void draft.push(todo3));
  await new Promise((resolve) => setTimeout(resolve, 0));

  const state = store.getState();
  expect(
    live.endpoints.getTodos
      .select()(state)
      .data?.map((todo) => todo.title),
  ).toEqual(['A!', 'b', 'c']);
  expect(
    liveApi.endpoints.getTodos
      .select()(state)
      .data?.map((todo) => todo.title),
  ).toEqual(['A!', 'b', 'c']);
  subscription.unsubscribe();
  store.dispatch(liveApi.util.resetApiState());
});

test('merge: page 2 merged into the entry writes page 2’s items, and todo 1 of page 1 stays renamed', async () => {
  const { store } = makeTodosStore(entitiesApi);
  nock(API)
    .get('/todos/pages/1')
    .reply(200, { items: todoRows('a', 'b'), next: 2, total: 3 });
  await store.dispatch(todosApi.endpoints.getMergedPages.initiate(1));
  nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!', done: false });
  await store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' }));
  nock(API)
    .get('/todos/pages/2')
    .reply(200, { items: [todo3], next: null, total: 3 });
  await store.dispatch(todosApi.endpoints.getMergedPages.initiate(2));

  const merged = entitiesApi.endpoints.getMergedPages.select(2)(store.getState()).data;
  expect(merged?.map((todo) => todo.title)).toEqual(['A!', 'b', 'c']);
  expect(
    todosApi.endpoints.getMergedPages
      .select(2)(store.getState())
      .data?.map((todo) => todo.title),
  ).toEqual(['A!', 'b', 'c']);
  expect(getEntitySelectors(Todo).selectById(store.getState(), 1)?.title).toBe('A!');
});

describe('an optimistic patch and its undo()', () => {
  test('undone with a newer write in between: the newer write stays, in our views and RTK Query’s', async () => {
    const { store } = await renamedStore();
    const patch = store.dispatch(
      todosApi.util.updateQueryData('getTodos', undefined, (draft) => {
        (draft[0] as TodoRow).title = 'optimistic';
      }),
    );
    expect(titlesOfTodo1(store)).toEqual(everywhere('optimistic'));
    // a newer write: the server's answer to a later request
    createController(store).set(Todo, { id: 1, title: 'from the server', done: true });
    expect(titlesOfTodo1(store)).toEqual(everywhere('from the server'));

    patch.undo();
    expect(titlesOfTodo1(store)).toEqual(everywhere('from the server'));
  });

  test('undone with nothing newer: the value from before the patch comes back everywhere', async () => {
    const { store } = await renamedStore();
    const patch = store.dispatch(
      todosApi.util.updateQueryData('getTodos', undefined, (draft) => {
        (draft[0] as TodoRow).title = 'optimistic';
      }),
    );
    expect(titlesOfTodo1(store)).toEqual(everywhere('optimistic'));
    patch.undo();
    expect(titlesOfTodo1(store)).toEqual(everywhere('A!'));
  });
});

describe('the limits of raw writes, each as RTK Query alone behaves or safer', () => {
  test('objects either cache held before, handed back as they are, are stale copies: a snapshot put back writes nothing', async () => {
    const { store, before: snapshot } = await renamedStore();
    store.dispatch(todosApi.util.updateQueryData('getTodos', undefined, () => snapshot));
    expect(titlesOfTodo1(store)).toEqual(everywhere('A!'));
  });

  test('between two raw writes, an undo() of the first takes its paths back over the second guess, as RTK Query alone does', async () => {
    const plain = makeStore({ reducer: { [todosApi.reducerPath]: todosApi.reducer }, before: [todosApi.middleware] });
    const { store } = makeTodosStore(entitiesApi);
    const titles = [];
    for (const each of [plain.store, store] as Store[]) {
      nock(API).get('/todos').reply(200, todoRows('a', 'b'));
      await each.dispatch(todosApi.endpoints.getTodos.initiate());
      const retitle = (title: string) =>
        each.dispatch(
          todosApi.util.updateQueryData('getTodos', undefined, (draft) => {
            (draft[0] as TodoRow).title = title;
          }),
        );
      const first = retitle('first guess');
      retitle('second guess');
      first.undo();
      titles.push(todosApi.endpoints.getTodos.select()(each.getState()).data?.[0]?.title);
    }
    expect(titles).toEqual(['a', 'a']);
    expect(titlesOfTodo1(store)).toEqual(everywhere('a'));
    plain.store.dispatch(todosApi.util.resetApiState());
  });
});

test('an item a raw write did not change never counts as newer than a request in flight', async () => {
  const { store } = await renamedStore();
  const getTodo1 = held('get', '/todos/1', 200, { id: 1, title: 'fresh from the server', done: false });
  const request = store.dispatch(todosApi.endpoints.getTodo.initiate(1));
  await getTodo1.arrived;
  // after the GET started, a push adds todo 3 to the list; todo 1 is in the list, unchanged
  store.dispatch(todosApi.util.updateQueryData('getTodos', undefined, (draft) => void draft.push(todo3)));
  getTodo1.release();
  await request;

  expect(titlesOfTodo1(store)).toEqual(everywhere('fresh from the server'));
});

test('a raw write the schema cannot normalize is refused by our views, naming the endpoint, and stores nothing', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { store } = await renamedStore();
  const tables = store.getState().entities.entities;
  store.dispatch(
    todosApi.util.updateQueryData('getTodos', undefined, (draft) => void draft.push({ title: 'no id' } as TodoRow)),
  );
  expect(store.getState().entities.entities).toBe(tables);
  expect(entitiesApi.endpoints.getTodos.select()(store.getState()).error).toEqual(
    expect.objectContaining({ message: expect.stringContaining('getTodos') }),
  );
  warn.mockRestore();
});

test('a raw write that fixes a refused one is normalized with every item it holds', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { store } = await renamedStore();
  store.dispatch(
    todosApi.util.updateQueryData('getTodos', undefined, (draft) => {
      draft.push(todo3, { title: 'no id' } as TodoRow);
    }),
  );
  expect(entitiesApi.endpoints.getTodos.select()(store.getState()).isError).toBe(true);
  // the bad item goes; todo 3, which came in with it, must be stored now
  store.dispatch(todosApi.util.updateQueryData('getTodos', undefined, (draft) => void draft.pop()));
  const list = entitiesApi.endpoints.getTodos.select()(store.getState());
  expect(list.isError).toBe(false);
  expect(list.data?.map((todo) => todo.title)).toEqual(['A!', 'b', 'c']);
  expect(getEntitySelectors(Todo).selectById(store.getState(), 3)?.title).toBe('c');
  warn.mockRestore();
});

describe('a raw write is a local edit: an answer to a request in flight still lands', () => {
  test('RTK Query’s optimistic recipe: the mutation’s answer replaces the optimistic guess', async () => {
    const { store } = await renamedStore();
    const answer = held('patch', '/todos/1', 200, { id: 1, title: 'A, as the server has it', done: false });
    const mutation = store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: '  A  ' }));
    await answer.arrived;
    // onQueryStarted's optimistic patch, made after the request started
    store.dispatch(
      todosApi.util.updateQueryData('getTodos', undefined, (draft) => {
        (draft[0] as TodoRow).title = '  A  ';
      }),
    );
    expect(titlesOfTodo1(store)).toEqual(everywhere('  A  '));
    answer.release();
    await mutation;
    expect(titlesOfTodo1(store)).toEqual(everywhere('A, as the server has it'));
  });

  test('a refetch started before a local edit overwrites it when it answers, as with RTK Query alone', async () => {
    const { store } = await renamedStore();
    const refetch = held('get', '/todos', 200, [
      { id: 1, title: 'refetched', done: false },
      { id: 2, title: 'b', done: false },
    ]);
    const request = store.dispatch(todosApi.endpoints.getTodos.initiate(undefined, { forceRefetch: true }));
    await refetch.arrived;
    store.dispatch(
      todosApi.util.updateQueryData('getTodos', undefined, (draft) => {
        (draft[0] as TodoRow).title = 'edited here';
      }),
    );
    refetch.release();
    await request;
    expect(titlesOfTodo1(store)).toEqual(everywhere('refetched'));
  });

  test('two patches undone in reverse order bring back the value from before both', async () => {
    const { store } = await renamedStore();
    const retitle = (title: string) =>
      store.dispatch(
        todosApi.util.updateQueryData('getTodos', undefined, (draft) => {
          (draft[0] as TodoRow).title = title;
        }),
      );
    const first = retitle('x');
    const second = retitle('y');
    second.undo();
    expect(titlesOfTodo1(store)).toEqual(everywhere('x'));
    first.undo();
    expect(titlesOfTodo1(store)).toEqual(everywhere('A!'));
  });
});

describe('upsertQueryData while a fetch of the same entry is in flight: the fetch’s answer lands, as with RTK Query alone', () => {
  const detailTitles = (store: Store, id: number) => ({
    ours: entitiesApi.endpoints.getTodo.select(id)(store.getState()).data?.title,
    rtk: todosApi.endpoints.getTodo.select(id)(store.getState()).data?.title,
    entity: getEntitySelectors(Todo).selectById(store.getState(), id)?.title,
  });

  test('its first fetch', async () => {
    const { store } = makeTodosStore(entitiesApi);
    const answer = held('get', '/todos/7', 200, { id: 7, title: 'fetched', done: false });
    const request = store.dispatch(todosApi.endpoints.getTodo.initiate(7));
    await answer.arrived;
    await store.dispatch(todosApi.util.upsertQueryData('getTodo', 7, { id: 7, title: 'upserted', done: false }));
    expect(detailTitles(store, 7)).toEqual({ ours: 'upserted', rtk: 'upserted', entity: 'upserted' });
    answer.release();
    await request;
    expect(detailTitles(store, 7)).toEqual({ ours: 'fetched', rtk: 'fetched', entity: 'fetched' });
    request.unsubscribe();
  });

  test('a refetch', async () => {
    const { store } = makeTodosStore(entitiesApi);
    nock(API).get('/todos/7').reply(200, { id: 7, title: 'first', done: false });
    await store.dispatch(todosApi.endpoints.getTodo.initiate(7, { subscribe: false }));
    const answer = held('get', '/todos/7', 200, { id: 7, title: 'refetched', done: false });
    const request = store.dispatch(todosApi.endpoints.getTodo.initiate(7, { forceRefetch: true }));
    await answer.arrived;
    await store.dispatch(todosApi.util.upsertQueryData('getTodo', 7, { id: 7, title: 'upserted', done: false }));
    expect(detailTitles(store, 7)).toEqual({ ours: 'upserted', rtk: 'upserted', entity: 'upserted' });
    answer.release();
    await request;
    expect(detailTitles(store, 7)).toEqual({ ours: 'refetched', rtk: 'refetched', entity: 'refetched' });
    request.unsubscribe();
  });
});

describe('upsertQueryEntries gives every entry of one action one requestId: each entry is still its own', () => {
  // each of the 201 entries is one write, and RTK's development checks walk the whole state on each: seconds on a busy machine
  const SLOW = 30_000;
  const details = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, title: `todo ${i + 1}`, done: false }));
  const upsertAll = (store: Store) =>
    store.dispatch(
      todosApi.util.upsertQueryEntries([
        { endpointName: 'getTodos', arg: undefined, value: details.slice(0, 3) },
        ...details.map((todo) => ({ endpointName: 'getTodo' as const, arg: todo.id, value: todo })),
      ]),
    );

  test(
    'a list and 200 details in one action: every detail select reads its own todo, as RTK Query’s select does',
    () => {
      const { store } = makeTodosStore(entitiesApi);
      upsertAll(store);
      const state = store.getState();
      const ours = details.map(({ id }) => entitiesApi.endpoints.getTodo.select(id)(state));
      const rtk = details.map(({ id }) => todosApi.endpoints.getTodo.select(id)(state));
      expect(ours.map((result) => result.data?.title)).toEqual(rtk.map((result) => result.data?.title));
      expect(ours.map((result) => result.data?.title)).toEqual(details.map((todo) => todo.title));
      expect(ours.every((result) => result.isSuccess && result.data instanceof Todo)).toBe(true);
      expect(
        entitiesApi.endpoints.getTodos
          .select()(state)
          .data?.map((todo) => todo.id),
      ).toEqual([1, 2, 3]);
    },
    SLOW,
  );

  test(
    'then a second store in the same process, with plain fetches, reads each todo for its own id',
    async () => {
      upsertAll(makeTodosStore(entitiesApi).store);
      const { store } = makeTodosStore(entitiesApi);
      nock(API).get('/todos/2').reply(200, { id: 2, title: 'two, fetched', done: false });
      nock(API).get('/todos/1').reply(200, { id: 1, title: 'one, fetched', done: false });
      await store.dispatch(todosApi.endpoints.getTodo.initiate(2, { subscribe: false }));
      await store.dispatch(todosApi.endpoints.getTodo.initiate(1, { subscribe: false }));
      const read = (id: number) => ({
        ours: entitiesApi.endpoints.getTodo.select(id)(store.getState()).data?.title,
        rtk: todosApi.endpoints.getTodo.select(id)(store.getState()).data?.title,
      });
      expect(read(2)).toEqual({ ours: 'two, fetched', rtk: 'two, fetched' });
      expect(read(1)).toEqual({ ours: 'one, fetched', rtk: 'one, fetched' });
    },
    SLOW,
  );
});
