/**
 * createResource: the members it makes (get, getList with push, unshift, getPage, remove and move,
 * update, partialUpdate, delete) and what each does to the stored lists, failed mutations, extend, and
 * wildcard paths.
 */
import nock from 'nock';
import {
  Entity,
  createResource,
  fetchEndpoint,
  getEntitySelectors,
  schema,
  selectEntityMeta,
  selectQuery,
  selectResponse,
} from '../../src/index';
import type { CollectionOptions } from '../../src/index';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { recordOf } from '../../src/storage/table.js';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  done = false;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Todo';
}

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo });
const todos = [
  { id: 1, userId: 1, title: 'a', done: false },
  { id: 2, userId: 2, title: 'b', done: false },
];
const ids = (items: Todo[] | undefined) => items?.map((todo) => todo.pk());

async function withLists() {
  const setup = makeStore();
  nock(API).get('/todos').reply(200, todos).get('/todos').query({ userId: 1 }).reply(200, [todos[0]]);
  await setup.store.dispatch(fetchEndpoint(TodoResource.getList));
  await setup.store.dispatch(fetchEndpoint(TodoResource.getList, { userId: 1 }));
  const list = (params?: { userId: number }) =>
    ids(selectResponse(TodoResource.getList, ...(params ? [params] : []))(setup.store.getState()).data);
  return { ...setup, list };
}

describe('createResource members', () => {
  test('names every member after the Entity key', () => {
    expect(TodoResource.get.name).toBe('Todo.get');
    expect(TodoResource.getList.name).toBe('Todo.getList');
    expect(TodoResource.getList.push.name).toBe('Todo.getList.push');
    expect(TodoResource.getList.unshift.name).toBe('Todo.getList.unshift');
    expect(TodoResource.getList.getPage.name).toBe('Todo.getList.getPage');
    expect(TodoResource.update.name).toBe('Todo.update');
    expect(TodoResource.partialUpdate.name).toBe('Todo.partialUpdate');
    expect(TodoResource.delete.name).toBe('Todo.delete');
    expect(TodoResource.getList.url()).toBe(`${API}/todos`);
  });

  test('get reads one item; getList stores one list per arguments', async () => {
    const { store, list, slice } = await withLists();
    nock(API).get('/todos/2').reply(200, todos[1]);
    const todo = await store.dispatch(fetchEndpoint(TodoResource.get, { id: 2 }));
    expect(todo).toBeInstanceOf(Todo);
    expect(list()).toEqual(['1', '2']);
    expect(list({ userId: 1 })).toEqual(['1']);
    expect(Object.keys(slice().entities['Collection:Todo'] ?? {}).sort()).toEqual(['{"userId":"1"}', '{}']);
  });

  test('push appends to matching lists only; unshift prepends', async () => {
    const { store, list } = await withLists();
    nock(API)
      .post('/todos', { userId: 1, title: 'c' })
      .reply(201, { id: 3, userId: 1, title: 'c' })
      .post('/todos', { userId: 2, title: 'd' })
      .reply(201, { id: 4, userId: 2, title: 'd' });
    await store.dispatch(fetchEndpoint(TodoResource.getList.push, { userId: 1, title: 'c' }));
    await store.dispatch(fetchEndpoint(TodoResource.getList.unshift, { userId: 2, title: 'd' }));
    expect(list()).toEqual(['4', '1', '2', '3']);
    expect(list({ userId: 1 })).toEqual(['1', '3']);
  });

  test("push(args, body), as the README's Resources example: POST /todos?userId=1 with the body, joins the { userId: 1 } list", async () => {
    const { store, list } = await withLists();
    nock(API).post('/todos', { title: 'x' }).query({ userId: 1 }).reply(201, { id: 3, userId: 1, title: 'x' });
    await store.dispatch(fetchEndpoint(TodoResource.getList.push, { userId: 1 }, { title: 'x' }));
    expect(list()).toEqual(['1', '2', '3']);
    expect(list({ userId: 1 })).toEqual(['1', '3']);
  });

  test('order* arguments do not restrict membership', async () => {
    const setup = makeStore();
    nock(API)
      .get('/todos')
      .query({ orderBy: 'title' })
      .reply(200, [todos[0]])
      .post('/todos')
      .reply(201, { id: 5, userId: 9, title: 'e' });
    await setup.store.dispatch(fetchEndpoint(TodoResource.getList, { orderBy: 'title' }));
    await setup.store.dispatch(fetchEndpoint(TodoResource.getList.push, { userId: 9, title: 'e' }));
    expect(ids(selectResponse(TodoResource.getList, { orderBy: 'title' })(setup.store.getState()).data)).toEqual([
      '1',
      '5',
    ]);
  });

  test('remove takes the item out of the lists its arguments match (the filter push uses), and keeps the entity', async () => {
    const { store, list } = await withLists();
    nock(API).patch('/todos', { id: 1, userId: 1 }).reply(200, { id: 1, userId: 1, title: 'a' });
    await store.dispatch(fetchEndpoint(TodoResource.getList.remove, { id: 1, userId: 1 }));
    expect(list()).toEqual(['2']);
    expect(list({ userId: 1 })).toEqual([]);
    expect(getEntitySelectors(Todo).selectById(store.getState(), 1)).toBeInstanceOf(Todo);
  });

  test('a remove without the filtered argument leaves the lists fetched with it alone', async () => {
    const { store, list } = await withLists();
    nock(API).patch('/todos', { id: 1 }).reply(200, { id: 1, userId: 1, title: 'a' });
    await store.dispatch(fetchEndpoint(TodoResource.getList.remove, { id: 1 }));
    expect(list()).toEqual(['2']);
    expect(list({ userId: 1 })).toEqual(['1']); // a push of { id: 1 } would not join this list either
  });

  test('a remove for another userId leaves the { userId: 1 } list alone', async () => {
    const { store, list } = await withLists();
    nock(API).patch('/todos', { id: 1, userId: 2 }).reply(200, { id: 1, userId: 2, title: 'a' });
    await store.dispatch(fetchEndpoint(TodoResource.getList.remove, { id: 1, userId: 2 }));
    expect(list({ userId: 1 })).toEqual(['1']);
  });

  test('update and partialUpdate merge into the stored item seen by every list', async () => {
    const { store } = await withLists();
    nock(API)
      .put('/todos/1', { userId: 1, title: 'A', done: true })
      .reply(200, { id: 1, userId: 1, title: 'A', done: true })
      .patch('/todos/2', { done: true })
      .reply(200, { id: 2, done: true });
    await store.dispatch(fetchEndpoint(TodoResource.update, { id: 1 }, { userId: 1, title: 'A', done: true }));
    await store.dispatch(fetchEndpoint(TodoResource.partialUpdate, { id: 2 }, { done: true }));
    const all = selectResponse(TodoResource.getList)(store.getState()).data;
    expect(all?.map((todo) => [todo.title, todo.done])).toEqual([
      ['A', true],
      ['b', true],
    ]);
  });

  test('delete removes the entity from every list, every All, and selectById (204 response)', async () => {
    const { store, list } = await withLists();
    nock(API).delete('/todos/1').reply(204);
    await store.dispatch(fetchEndpoint(TodoResource.delete, { id: 1 }));
    expect(list()).toEqual(['2']);
    expect(list({ userId: 1 })).toEqual([]);
    expect(ids(selectQuery(new schema.All(Todo))(store.getState()))).toEqual(['2']);
    expect(getEntitySelectors(Todo).selectById(store.getState(), 1)).toBeUndefined();
    expect(selectEntityMeta(store.getState(), Todo, 1)?.deleted).toBe(true);
  });

  test('getPage appends a further page to the same list without duplicates', async () => {
    const { store, list } = await withLists();
    nock(API)
      .get('/todos')
      .query({ cursor: 2 })
      .reply(200, [todos[1], { id: 6, userId: 3, title: 'f' }]);
    await store.dispatch(fetchEndpoint(TodoResource.getList.getPage, { cursor: 2 }));
    expect(list()).toEqual(['1', '2', '6']);
  });
});

describe('getList.move', () => {
  /** The lists of every userId 1, 2 and 3, and the one of all todos, each fetched. */
  async function withUserLists(resource = TodoResource) {
    const setup = makeStore();
    nock(API)
      .get('/todos')
      .reply(200, todos)
      .get('/todos')
      .query({ userId: 1 })
      .reply(200, [todos[0]])
      .get('/todos')
      .query({ userId: 2 })
      .reply(200, [todos[1]])
      .get('/todos')
      .query({ userId: 3 })
      .reply(200, []);
    await setup.store.dispatch(fetchEndpoint(resource.getList));
    for (const userId of [1, 2, 3]) await setup.store.dispatch(fetchEndpoint(resource.getList, { userId }));
    const list = (params?: { userId: number }) =>
      ids(selectResponse(resource.getList, ...(params ? [params] : []))(setup.store.getState()).data);
    const stored = (params: object) =>
      recordOf(setup.slice().entities[resource.getList.schema.key], JSON.stringify(params));
    return { ...setup, list, stored };
  }

  test('PATCHes the item once: it leaves the lists it no longer matches and joins those it now matches', async () => {
    const { store, list, stored } = await withUserLists();
    const untouched = stored({ userId: '3' });
    nock(API).patch('/todos/1', { userId: 2 }).reply(200, { id: 1, userId: 2, title: 'a', done: false });

    const moved = await store.dispatch(fetchEndpoint(TodoResource.getList.move, { id: 1 }, { userId: 2 }));

    expect(moved).toBeInstanceOf(Todo);
    expect(moved.userId).toBe(2);
    expect(list({ userId: 1 })).toEqual([]);
    expect(list({ userId: 2 })).toEqual(['2', '1']);
    expect(list()).toEqual(['1', '2']); // matched before and after: kept in its place
    expect(stored({ userId: '3' })).toBe(untouched);
  });

  test('an item whose filter fields stay keeps its places in every list', async () => {
    const { store, list, stored } = await withUserLists();
    const before = [stored({}), stored({ userId: '1' }), stored({ userId: '2' })];
    nock(API).patch('/todos/1', { title: 'A' }).reply(200, { id: 1, userId: 1, title: 'A', done: false });

    await store.dispatch(fetchEndpoint(TodoResource.getList.move, { id: 1 }, { title: 'A' }));

    expect(list()).toEqual(['1', '2']);
    expect([stored({}), stored({ userId: '1' }), stored({ userId: '2' })]).toEqual(before);
    expect(selectResponse(TodoResource.getList, { userId: 1 })(store.getState()).data?.[0]?.title).toBe('A');
  });

  test('a Collection subclass with this.move = this.moveWith(merge) puts moved items first', async () => {
    class FirstOnMove<S, Args extends readonly unknown[]> extends schema.Collection<S, Args> {
      constructor(items: S, options?: CollectionOptions<Args>) {
        super(items, options);
        this.move = this.moveWith((existing: unknown[], moved: unknown[]) => [...moved, ...existing]);
      }
    }
    const Resource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo, Collection: FirstOnMove });
    const { store, list } = await withUserLists(Resource);
    nock(API).patch('/todos/1', { userId: 2 }).reply(200, { id: 1, userId: 2, title: 'a', done: false });

    await store.dispatch(fetchEndpoint(Resource.getList.move, { id: 1 }, { userId: 2 }));

    expect(list({ userId: 2 })).toEqual(['1', '2']);
    expect(list({ userId: 1 })).toEqual([]);
  });

  test('ctrl.set(collection.move, params, body, item) moves it the same way, with no request', async () => {
    const { ctrl, list } = await withUserLists();

    ctrl.set(TodoResource.getList.schema.move, { id: 2 }, { userId: 1 }, { id: 2, userId: 1, title: 'b', done: true });

    expect(list({ userId: 2 })).toEqual([]);
    expect(list({ userId: 1 })).toEqual(['1', '2']);
    expect(list()).toEqual(['1', '2']);
  });

  test('a moved item with no primary key throws naming the Entity and the move, and writes nothing', async () => {
    const { ctrl, slice } = await withUserLists();
    const before = slice().entities;

    expect(() => ctrl.set(TodoResource.getList.schema.move, { id: 2 }, { userId: 1 }, { userId: 1 })).toThrow(
      /^Todo\.pk\(\) returned "undefined" while normalizing ctrl\.set\(schema\.CollectionChange\(schema\.Array\(Todo\)\)\): the item has no usable primary key.*Received: \{"userId":1\}/,
    );
    expect(slice().entities).toBe(before);
  });

  test('a PATCH answered without the primary key stores the error and writes no list', async () => {
    const { store, ctrl, slice, list } = await withUserLists();
    const before = slice().entities;
    nock(API).patch('/todos/1', { userId: 2 }).reply(200, { userId: 2 });

    await expect(store.dispatch(fetchEndpoint(TodoResource.getList.move, { id: 1 }, { userId: 2 }))).rejects.toThrow(
      /^Todo\.pk\(\) returned "undefined" while normalizing Todo\.getList\.move: the item has no usable primary key/,
    );

    expect(slice().entities).toBe(before);
    expect(list({ userId: 1 })).toEqual(['1']);
    expect(ctrl.getError(TodoResource.getList.move, { id: 1 }, { userId: 2 })?.message).toMatch(
      /no usable primary key/,
    );
  });
});

describe('failed mutations', () => {
  test.each([
    [400, 'a client error'],
    [503, 'a server error'],
  ])('%i (%s) leaves state.entities.entities === to before', async (status) => {
    const { store, slice } = await withLists();
    const before = slice().entities;
    nock(API).post('/todos').reply(status, { detail: 'no' });
    await expect(store.dispatch(fetchEndpoint(TodoResource.getList.push, { title: 'x' }))).rejects.toMatchObject({
      status,
    });
    expect(slice().entities).toBe(before);
  });
});

describe('extend', () => {
  test("extend('name', options) adds a member based on get and leaves the original unchanged", () => {
    const extended = TodoResource.extend('current', { path: '/todos/current' });
    expect(extended.current.name).toBe('Todo.current');
    expect(extended.current.url()).toBe(`${API}/todos/current`);
    expect('current' in TodoResource).toBe(false);
    expect(extended.get).toBe(TodoResource.get);
  });

  test('extend({ member: options }) replaces a member by extending it', () => {
    const extended = TodoResource.extend({ get: { dataExpiryLength: 5 } });
    expect(extended.get.dataExpiryLength).toBe(5);
    expect(extended.get.url({ id: 1 })).toBe(`${API}/todos/1`);
    expect(TodoResource.get.dataExpiryLength).toBeUndefined();
  });

  test('extend(Base => ({ ... })) builds members from the current ones', () => {
    const extended = TodoResource.extend((Base) => ({
      toggle: Base.partialUpdate.extend({ path: '/todos/:id/toggle', body: undefined }),
    }));
    expect(extended.toggle.name).toBe('Todo.toggle');
    expect(extended.toggle.url({ id: 3 })).toBe(`${API}/todos/3/toggle`);
    expect(extended.toggle.method).toBe('PATCH');
    expect('toggle' in TodoResource).toBe(false);
  });
});

describe('createResource on a path ending in a wildcard', () => {
  class Content extends Entity {
    path = '';
    sha = '';
    pk() {
      return this.path;
    }
    static override key = 'Content';
  }
  const ContentResource = createResource({ urlPrefix: API, path: '/repos/:owner/*path', schema: Content });
  const OptionalResource = createResource({ urlPrefix: API, path: '/repos/:owner{/*path}', schema: Content });

  test('getList drops the wildcard with the last segment, and needs only the params before it', async () => {
    expect(ContentResource.getList.path).toBe('/repos/:owner');
    expect(ContentResource.getList.url({ owner: 'octo' })).toBe(`${API}/repos/octo`);
    expect(OptionalResource.getList.path).toBe('/repos/:owner');
    expect(ContentResource.get.url({ owner: 'octo', path: ['src', 'index.ts'] })).toBe(
      `${API}/repos/octo/src/index.ts`,
    );

    const { store } = makeStore();
    nock(API)
      .get('/repos/octo')
      .reply(200, [{ path: 'README.md', sha: 'a1' }]);
    const files = await store.dispatch(fetchEndpoint(ContentResource.getList, { owner: 'octo' }));
    expect(files.map((file) => file.pk())).toEqual(['README.md']);
  });
});
