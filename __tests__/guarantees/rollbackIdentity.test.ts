/**
 * Rollback identity: after an optimistic layer is rolled back, every selection read before it is the
 * very object again (instances, Collection lists, selectAll, selectEntities and selectIds), also after
 * two overlapping layers. Each test first checks that the optimistic view was really shown.
 */
import { fetchEndpoint } from '../../src/index';
import { assertNetworkDone, held, strictNetwork } from '../fixtures/store';
import { OptimisticTodos, selections, todoSelectors, withTodos, type Selections } from '../fixtures/integrityStore';

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
  const titles = (todos: readonly { pk(): string; title: string }[] | undefined) => todos?.map((todo) => `${todo.pk()}:${todo.title}`);
  return { all: titles(selections(state).all), mine: titles(selections(state).mine), everyTodo: titles(selections(state).everyTodo) };
}

test.each([
  [
    'an optimistic delete',
    () => ({ server: held('delete', '/todos/1', 409, 'no'), request: fetchEndpoint(OptimisticTodos.delete, { id: 1 }) }),
    { all: ['2:b', '3:c'], mine: ['3:c'], everyTodo: ['2:b', '3:c'] },
  ],
  [
    'an optimistic update',
    () => ({ server: held('patch', '/todos/1', 500, 'no'), request: fetchEndpoint(OptimisticTodos.partialUpdate, { id: 1 }, { title: 'A!' }) }),
    { all: ['1:A!', '2:b', '3:c'], mine: ['1:A!', '3:c'], everyTodo: ['1:A!', '2:b', '3:c'] },
  ],
  [
    'an optimistic create',
    () => ({ server: held('post', '/todos', 422, 'no'), request: fetchEndpoint(OptimisticTodos.getList.push, { id: 9, userId: 1, title: 'new' }) }),
    { all: ['1:a', '2:b', '3:c', '9:new'], mine: ['1:a', '3:c', '9:new'], everyTodo: ['1:a', '2:b', '3:c', '9:new'] },
  ],
])('%s rolled back: every selection read during the optimistic phase is the very object it was', async (_label, start, optimisticView) => {
  const { store } = await withTodos();
  const before = everything(store.getState());
  expect(shown(store.getState())).toEqual({ all: ['1:a', '2:b', '3:c'], mine: ['1:a', '3:c'], everyTodo: ['1:a', '2:b', '3:c'] });
  const { server, request } = start();
  const pending = store.dispatch(request);
  everything(store.getState()); // read during the optimistic phase, as a component would
  expect(shown(store.getState())).toEqual(optimisticView);
  server.release();
  await expect(pending).rejects.toMatchObject({ name: 'NetworkError' });
  expect(changedReferences(everything(store.getState()), before)).toEqual([]);
});

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
