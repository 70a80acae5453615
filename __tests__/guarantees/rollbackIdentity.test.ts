/**
 * Rollback identity: after an optimistic layer is rolled back (the server refused it), every
 * selection read before it is the very object again: tables, records, instances, Collection lists,
 * selectAll, selectEntities and selectIds, also after two overlapping layers. Each test first checks
 * that the optimistic view was really shown.
 */
import { fetchEndpoint } from '../../src/index';
import nock from 'nock';
import { API, assertNetworkDone, held, makeStore, strictNetwork } from '../fixtures/store';
import {
  OptimisticTodos,
  Todo,
  TodoResource,
  expectSameObjects,
  selections,
  todoSelectors,
  withTodos,
  type Selections,
} from '../fixtures/integrityStore';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

/** Everything a component holds, selectIds included. */
function everything(state: Parameters<typeof selections>[0]): Everything {
  return { ...selections(state), ids: todoSelectors.selectIds(state) };
}

type Everything = Selections & { ids: string[] };

/** The names of the selections that are not the very object they were. */
function changedReferences(after: Everything, before: Everything): string[] {
  return (Object.keys(before) as (keyof Everything)[]).filter((name) => after[name] !== before[name]);
}

/** The titles of the todos every list and selector shows, to see what the optimistic view is. */
function shown(state: Parameters<typeof selections>[0]) {
  const titles = (todos: readonly { pk(): string; title: string }[] | undefined) =>
    todos?.map((todo) => `${todo.pk()}:${todo.title}`);
  return {
    all: titles(selections(state).all),
    mine: titles(selections(state).mine),
    everyTodo: titles(selections(state).everyTodo),
  };
}

test.each([
  [
    'an optimistic delete',
    () => ({
      server: held('delete', '/todos/1', 409, 'no'),
      request: fetchEndpoint(OptimisticTodos.delete, { id: 1 }),
    }),
    { all: ['2:b', '3:c'], mine: ['3:c'], everyTodo: ['2:b', '3:c'] },
  ],
  [
    'an optimistic update',
    () => ({
      server: held('patch', '/todos/1', 500, 'no'),
      request: fetchEndpoint(OptimisticTodos.partialUpdate, { id: 1 }, { title: 'A!' }),
    }),
    { all: ['1:A!', '2:b', '3:c'], mine: ['1:A!', '3:c'], everyTodo: ['1:A!', '2:b', '3:c'] },
  ],
  [
    'an optimistic create',
    () => ({
      server: held('post', '/todos', 422, 'no'),
      request: fetchEndpoint(OptimisticTodos.getList.push, { id: 9, userId: 1, title: 'new' }),
    }),
    { all: ['1:a', '2:b', '3:c', '9:new'], mine: ['1:a', '3:c', '9:new'], everyTodo: ['1:a', '2:b', '3:c', '9:new'] },
  ],
])(
  '%s rolled back: every selection read during the optimistic phase is the very object it was',
  async (_label, start, optimisticView) => {
    const { store } = await withTodos();
    const before = everything(store.getState());
    expect(shown(store.getState())).toEqual({
      all: ['1:a', '2:b', '3:c'],
      mine: ['1:a', '3:c'],
      everyTodo: ['1:a', '2:b', '3:c'],
    });
    const { server, request } = start();
    const pending = store.dispatch(request);
    everything(store.getState()); // read during the optimistic phase, as a component would
    expect(shown(store.getState())).toEqual(optimisticView);
    server.release();
    await expect(pending).rejects.toMatchObject({ name: 'NetworkError' });
    expect(changedReferences(everything(store.getState()), before)).toEqual([]);
  },
);

test('two overlapping optimistic updates rolled back (the later one first): every selection is the very object it was', async () => {
  const { store } = await withTodos();
  const before = everything(store.getState());
  const one = held('patch', '/todos/1', 500, 'down');
  const two = held('patch', '/todos/2', 503, 'down');
  const first = store.dispatch(fetchEndpoint(OptimisticTodos.partialUpdate, { id: 1 }, { title: 'x' }));
  const second = store.dispatch(fetchEndpoint(OptimisticTodos.partialUpdate, { id: 2 }, { title: 'y' }));
  everything(store.getState());
  expect(shown(store.getState()).all).toEqual(['1:x', '2:y', '3:c']);
  two.release();
  await expect(second).rejects.toMatchObject({ status: 503 });
  everything(store.getState());
  expect(shown(store.getState()).all).toEqual(['1:x', '2:b', '3:c']); // only the later layer went
  one.release();
  await expect(first).rejects.toMatchObject({ status: 500 });
  expect(shown(store.getState()).all).toEqual(['1:a', '2:b', '3:c']);
  expect(changedReferences(everything(store.getState()), before)).toEqual([]);
});

/**
 * Containers rebuilt from the records: the Collection lists and selectEntities' table (and, after
 * more than one optimistic layer, selectAll's array). The tests below check that every other
 * selection is the very object again and that the containers hold the very same instances, with
 * what was shown in between; the tests above, that the containers too are the very same objects.
 */
const CONTAINERS: readonly (keyof Selections)[] = ['all', 'mine', 'byId'];

/** The containers hold the very same instances under the same keys, in the same order. */
function expectSameContents(
  after: Selections,
  before: Selections,
  containers: readonly (keyof Selections)[] = CONTAINERS,
) {
  for (const name of containers) {
    const entries = Object.entries(after[name] as object);
    const previous = Object.entries(before[name] as object);
    expect(entries.map(([key]) => key)).toEqual(previous.map(([key]) => key));
    entries.forEach(([, item], i) => expect(item).toBe(previous[i]?.[1]));
  }
}

describe('optimistic rollback restores the exact previous objects', () => {
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

  test('an optimistic delete in a list of 1,000 refused, then another todo changed: the deleted todo is the very instance it was', async () => {
    const { store, ctrl } = makeStore();
    const many = Array.from({ length: 1_000 }, (_, i) => ({ id: i + 1, userId: 1, title: `todo ${i + 1}` }));
    nock(API).get('/todos').reply(200, many);
    await store.dispatch(fetchEndpoint(TodoResource.getList));
    const before = todoSelectors.selectAll(store.getState());
    expect(before).toHaveLength(1_000);
    const server = held('delete', '/todos/1', 409, { detail: 'conflict' });
    const request = store.dispatch(fetchEndpoint(OptimisticTodos.delete, { id: 1 }));
    expect(todoSelectors.selectAll(store.getState())[0]?.pk()).toBe('2');
    server.release();
    await expect(request).rejects.toMatchObject({ status: 409 });
    // a change elsewhere, so that the list is built again (else the selector's cache answers for the state
    // before the delete): todo 1's record is the one it was, so its instance is too (the memo kept it
    // while its key was out of the table)
    ctrl.set(Todo, { id: 500, userId: 1, title: 'changed' });
    const after = todoSelectors.selectAll(store.getState());
    expect(after).not.toBe(before);
    expect(after[499]?.title).toBe('changed');
    expect(after[0]).toBe(before[0]);
    expect(after.filter((todo, i) => todo !== before[i]).map((todo) => todo.pk())).toEqual(['500']);
  });

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
