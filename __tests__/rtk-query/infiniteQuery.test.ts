/**
 * Infinite queries (`build.infiniteQuery`, DESIGN §8.4): the schema declared is that of one page;
 * every page is normalized, `data.pages` reads back denormalized with `pageParams` as RTK Query
 * keeps them, further pages add to it, and a mutation updates an item on whichever page shows it,
 * in RTK Query's own entry too.
 */
import nock from 'nock';
import { getEntitySelectors } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/index';
import { API, assertNetworkDone, held, strictNetwork } from '../fixtures/store';
import { Todo, closeTodoStores, makeTodosStore, todoSchemas, todosApi } from '../fixtures/todosApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeTodoStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(todosApi, todoSchemas);

const page = (items: Array<[number, string]>, next: number | null) => ({
  items: items.map(([id, title]) => ({ id, title, done: false })),
  next,
  total: 4,
});

async function twoPages() {
  const made = makeTodosStore(entitiesApi);
  nock(API)
    .get('/todos/pages/1')
    .reply(
      200,
      page(
        [
          [1, 'a'],
          [2, 'b'],
        ],
        2,
      ),
    );
  nock(API)
    .get('/todos/pages/2')
    .reply(
      200,
      page(
        [
          [3, 'c'],
          [4, 'd'],
        ],
        null,
      ),
    );
  const query = made.store.dispatch(todosApi.endpoints.getTodoFeed.initiate());
  await query;
  await made.store.dispatch(todosApi.endpoints.getTodoFeed.initiate(undefined, { direction: 'forward' }));
  return { ...made, query };
}

test('every page is normalized; data.pages reads back as instances, with pageParams and the pages’ other fields', async () => {
  const { store, query } = await twoPages();
  const result = entitiesApi.endpoints.getTodoFeed.select()(store.getState());
  expect(result.status).toBe('fulfilled');
  expect(result.data?.pageParams).toEqual([1, 2]);
  expect(result.data?.pages.map((onePage) => onePage.items.map((todo) => todo.title))).toEqual([
    ['a', 'b'],
    ['c', 'd'],
  ]);
  expect(result.data?.pages[1]?.next).toBeNull();
  expect(result.data?.pages[0]?.items[0]).toBeInstanceOf(Todo);
  expect(getEntitySelectors(Todo).selectTotal(store.getState())).toBe(4);
  query.unsubscribe();
});

test('a further page keeps the first page’s instances', async () => {
  const made = makeTodosStore(entitiesApi);
  nock(API)
    .get('/todos/pages/1')
    .reply(200, page([[1, 'a']], 2));
  nock(API)
    .get('/todos/pages/2')
    .reply(200, page([[2, 'b']], null));
  await made.store.dispatch(todosApi.endpoints.getTodoFeed.initiate());
  const first = entitiesApi.endpoints.getTodoFeed.select()(made.store.getState()).data?.pages[0];
  await made.store.dispatch(todosApi.endpoints.getTodoFeed.initiate(undefined, { direction: 'forward' }));
  const after = entitiesApi.endpoints.getTodoFeed.select()(made.store.getState()).data;
  expect(after?.pages).toHaveLength(2);
  expect(after?.pages[0]?.items[0]).toBe(first?.items[0]);
  expect(after?.pages[1]?.items[0]?.title).toBe('b');
});

test('a mutation updates the item on page 2, in our pages and RTK Query’s, and leaves page 1 as it was', async () => {
  const { store, query } = await twoPages();
  const rawBefore = todosApi.endpoints.getTodoFeed.select()(store.getState()).data;
  nock(API).patch('/todos/3', { title: 'C!' }).reply(200, { id: 3, title: 'C!', done: false });
  await store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 3, title: 'C!' }));

  const ours = entitiesApi.endpoints.getTodoFeed.select()(store.getState()).data;
  expect(ours?.pages[1]?.items.map((todo) => todo.title)).toEqual(['C!', 'd']);
  const raw = todosApi.endpoints.getTodoFeed.select()(store.getState()).data;
  expect(raw?.pages[1]?.items.map((todo) => todo.title)).toEqual(['C!', 'd']);
  expect(raw?.pages[0]).toBe(rawBefore?.pages[0]);
  expect(raw?.pageParams).toEqual([1, 2]);
  query.unsubscribe();
});

test('a further page requested before a mutation and answered after it never brings back the item the mutation changed', async () => {
  const { store } = makeTodosStore(entitiesApi);
  nock(API)
    .get('/todos/pages/1')
    .reply(200, page([[1, 'a']], 2));
  const query = store.dispatch(todosApi.endpoints.getTodoFeed.initiate());
  await query;
  // the server moved todo 1 to page 2 meanwhile: RTK Query's answer holds it twice, page 1 as kept and page 2 as sent
  const secondPage = held(
    'get',
    '/todos/pages/2',
    200,
    page(
      [
        [1, 'old'],
        [2, 'b'],
      ],
      null,
    ),
  );
  const further = store.dispatch(todosApi.endpoints.getTodoFeed.initiate(undefined, { direction: 'forward' }));
  await secondPage.arrived;
  nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!', done: false });
  await store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' }));
  secondPage.release();
  await further;

  expect(getEntitySelectors(Todo).selectById(store.getState(), 1)?.title).toBe('A!');
  const raw = todosApi.endpoints.getTodoFeed.select()(store.getState()).data;
  expect(raw?.pages.map((onePage) => onePage.items.find((todo) => todo.id === 1)?.title)).toEqual(['A!', 'A!']);
  query.unsubscribe();
});
