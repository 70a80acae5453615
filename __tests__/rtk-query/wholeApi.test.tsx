/**
 * @jest-environment jsdom
 *
 * The normalized api is a whole RTK Query api (DESIGN §3, §7): every member of `api` is on
 * `entitiesApi` with the same meaning, so a file can import `entitiesApi` in place of `api` without
 * knowing which endpoint is declared. Undeclared endpoints answer with RTK Query's own hooks,
 * `select` and `initiate`; declared ones read as instances, and have `initiate` and the matchers too;
 * `util`, `reducer`, `reducerPath`, `injectEndpoints` and `enhanceEndpoints` work as RTK Query's.
 * `middleware` stays the normalizing one, added after `api.middleware` (README's setup line).
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { screen } from '@testing-library/react';
import nock from 'nock';
import { Entity, createController, getEntitySelectors } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/react';
import { renderWithStore } from '../react/harness';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { Todo, todoLists, todoRows, todosApi } from '../fixtures/todosApi';

const open: Array<() => void> = [];
beforeEach(strictNetwork);
afterEach(() => {
  for (const close of open.splice(0)) close();
  assertNetworkDone();
});

/** Only the list and the rename declared: getTodo, getPage and the others stay RTK Query's own. */
const entitiesApi = normalizeApi(todosApi, { getTodos: todoLists, renameTodo: Todo });

/** A store set up from `entitiesApi` alone, but for `api.middleware` (README's setup line), with a listener on a matcher. */
function makeWholeStore() {
  const renamed: unknown[] = [];
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: entitiesApi.endpoints.renameTodo.matchFulfilled,
    effect: (action) => void renamed.push(action.payload),
  });
  const made = makeStore({
    reducer: { [entitiesApi.reducerPath]: entitiesApi.reducer },
    before: [todosApi.middleware],
    after: [entitiesApi.middleware, listener.middleware],
  });
  open.push(() => made.store.dispatch(entitiesApi.util.resetApiState()));
  return { ...made, renamed };
}

test('its members are the api’s, with the same meaning: reducerPath, reducer, util, internalActions, usePrefetch', () => {
  expect(entitiesApi.reducerPath).toBe(todosApi.reducerPath);
  expect(entitiesApi.reducer).toBe(todosApi.reducer);
  expect(entitiesApi.util).toBe(todosApi.util);
  expect(entitiesApi.internalActions).toBe(todosApi.internalActions);
  expect(entitiesApi.usePrefetch).toBe(todosApi.usePrefetch);
  // the normalizing middleware, not RTK Query's: both go in the store (README's setup line)
  expect(entitiesApi.middleware).not.toBe(todosApi.middleware);
  // undeclared endpoints are RTK Query's own, hooks included
  expect(entitiesApi.endpoints.getTodo).toBe(todosApi.endpoints.getTodo);
  expect(entitiesApi.useGetTodoQuery).toBe(todosApi.useGetTodoQuery);
  expect(entitiesApi.useLazyGetPageQuery).toBe(todosApi.useLazyGetPageQuery);
  // declared endpoints keep RTK Query's matchers and name
  expect(entitiesApi.endpoints.renameTodo.matchFulfilled).toBe(todosApi.endpoints.renameTodo.matchFulfilled);
  expect(entitiesApi.endpoints.getTodos.name).toBe('getTodos');
});

test('a component written against entitiesApi alone: declared hooks give instances, undeclared ones RTK Query’s own data, as RTK Query’s hooks beside them', async () => {
  const { store } = makeWholeStore();
  nock(API).get('/todos').reply(200, todoRows('a', 'b'));
  nock(API).get('/todos/1').reply(200, { id: 1, title: 'a, in full', done: false });
  function Todos() {
    const list = entitiesApi.useGetTodosQuery();
    const detail = entitiesApi.useGetTodoQuery(1);
    const rtkList = todosApi.useGetTodosQuery();
    const rtkDetail = todosApi.useGetTodoQuery(1);
    if (list.data === undefined || detail.data === undefined) return <p>loading</p>;
    return (
      <>
        <p>{`list: ${list.data.map((todo) => `${todo.title} ${todo instanceof Todo}`).join(', ')}`}</p>
        <p>{`RTK Query's list: ${rtkList.data?.map((todo) => todo.title).join(', ')}`}</p>
        <p>{`detail: ${detail.data.title} ${detail.data instanceof Todo}`}</p>
        <p>{`RTK Query's detail: ${rtkDetail.data?.title}`}</p>
      </>
    );
  }
  renderWithStore(store, <Todos />);
  await screen.findByText('list: a true, b true');
  expect(screen.getByText("RTK Query's list: a, b")).toBeTruthy();
  // getTodo has no schema: RTK Query's own data, the same object as RTK Query's hook shows
  expect(screen.getByText('detail: a, in full false')).toBeTruthy();
  expect(screen.getByText("RTK Query's detail: a, in full")).toBeTruthy();
});

test('initiate: a declared endpoint’s request settles with instances, an undeclared one’s with RTK Query’s data; matchers and util work', async () => {
  const { store, renamed } = makeWholeStore();
  nock(API).get('/todos').reply(200, todoRows('a', 'b'));
  nock(API).get('/todos/2').reply(200, { id: 2, title: 'b', done: false });
  nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!', done: false });

  const todos = await store.dispatch(entitiesApi.endpoints.getTodos.initiate()).unwrap();
  expect(todos.every((todo) => todo instanceof Todo)).toBe(true);
  const raw = await store.dispatch(entitiesApi.endpoints.getTodo.initiate(2)).unwrap();
  expect(raw).toEqual({ id: 2, title: 'b', done: false });
  expect(raw).not.toBeInstanceOf(Todo);

  const result = await store.dispatch(entitiesApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' }));
  expect(result.data).toBeInstanceOf(Todo);
  expect(result.data?.title).toBe('A!');
  // the matcher on entitiesApi matched RTK Query's own action, with its raw payload
  expect(renamed).toEqual([{ id: 1, title: 'A!', done: false }]);
  // RTK Query's own select beside ours
  expect(entitiesApi.endpoints.getTodos.select()(store.getState()).data?.[0]?.title).toBe('A!');
  expect(todosApi.endpoints.getTodos.select()(store.getState()).data?.[0]?.title).toBe('A!');

  // util: an undeclared entry patched through entitiesApi.util, read through entitiesApi's select: RTK Query's own
  store.dispatch(entitiesApi.util.updateQueryData('getTodo', 2, (draft) => void (draft.title = 'b!')));
  expect(entitiesApi.endpoints.getTodo.select(2)(store.getState()).data).toEqual({ id: 2, title: 'b!', done: false });
});

describe('injectEndpoints and enhanceEndpoints on the normalized api', () => {
  class Done extends Entity {
    id = 0;
    title = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'WholeApiDone';
  }

  test('injectEndpoints returns the normalized api with the new endpoints as RTK Query’s own; inject then normalizes them', async () => {
    const { store } = makeWholeStore();
    const grown = entitiesApi.injectEndpoints({
      endpoints: (build) => ({
        getDone: build.query<Array<{ id: number; title: string }>, void>({ query: () => '/done' }),
      }),
    });
    expect(grown).toBe(entitiesApi);
    nock(API)
      .get('/done')
      .reply(200, [{ id: 5, title: 'e' }]);
    await store.dispatch(grown.endpoints.getDone.initiate());
    expect(grown.endpoints.getDone.select()(store.getState()).data).toEqual([{ id: 5, title: 'e' }]);

    const declared = grown.inject({ getDone: [Done] });
    const done = declared.endpoints.getDone.select()(store.getState()).data;
    expect(done?.[0]).toBeInstanceOf(Done);
    expect(getEntitySelectors(Done).selectIds(store.getState())).toEqual(['5']);
    expect(declared.useGetDoneQuery).toBe(declared.endpoints.getDone.useQuery);
    expect(declared.endpoints.getDone.schema).toEqual([Done]);
  });

  test('enhanceEndpoints returns the normalized api; what it adds to a declared endpoint after normalizeApi counts', async () => {
    const doneApi = createApi({
      reducerPath: 'doneApi',
      baseQuery: fetchBaseQuery({ baseUrl: API }),
      tagTypes: ['Done'],
      endpoints: (build) => ({
        getDone: build.query<Array<{ id: number; title: string }>, void>({ query: () => '/done' }),
      }),
    });
    const normalized = normalizeApi(doneApi, { getDone: [Done] });
    const enhanced = normalized.enhanceEndpoints({
      endpoints: {
        // no providesTags when normalizeApi read the definition: the write-back must recompute the tags from this one
        getDone: {
          providesTags: (result) => (result ?? []).map((done) => ({ type: 'Done' as const, id: done.title })),
        },
      },
    });
    expect(enhanced).toBe(normalized);
    const { store } = makeStore({
      reducer: { [enhanced.reducerPath]: enhanced.reducer },
      before: [doneApi.middleware],
      after: [enhanced.middleware],
    });
    nock(API)
      .get('/done')
      .reply(200, [{ id: 5, title: 'e' }]);
    await store.dispatch(enhanced.endpoints.getDone.initiate());
    const tagged = (title: string) =>
      enhanced.util.selectInvalidatedBy(store.getState(), [{ type: 'Done', id: title }]).length;
    expect([tagged('e'), tagged('E!')]).toEqual([1, 0]);

    createController(store).set(Done, { id: 5, title: 'E!' });
    expect(enhanced.endpoints.getDone.select()(store.getState()).data?.[0]?.title).toBe('E!');
    expect(doneApi.endpoints.getDone.select()(store.getState()).data?.[0]?.title).toBe('E!');
    // the write-back recomputed the entry's tags with the providesTags the enhancement added
    expect([tagged('e'), tagged('E!')]).toEqual([0, 1]);
    open.push(() => store.dispatch(doneApi.util.resetApiState()));
  });
});
