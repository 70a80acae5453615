/**
 * Issue 7, store integrity: "rollback restores the exact previous objects". After an optimistic
 * layer is rolled back, every selection read before it is the very object again: instances,
 * Collection lists (selectResponse(getList).data), selectAll, selectEntities and selectIds, also
 * after two overlapping layers.
 */
import { fetchEndpoint } from '../../src/index';
import { assertNetworkDone, strictNetwork } from '../fixtures/store';
import { held } from './helpers';
import { OptimisticTodos, selections, todoSelectors, withTodos, type Selections } from './integrityStore';

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

test.each([
  ['an optimistic delete', () => ({ server: held('delete', '/todos/1', 409, 'no'), request: fetchEndpoint(OptimisticTodos.delete, { id: 1 }) })],
  ['an optimistic update', () => ({ server: held('patch', '/todos/1', 500, 'no'), request: fetchEndpoint(OptimisticTodos.partialUpdate, { id: 1 }, { title: 'A!' }) })],
  ['an optimistic create', () => ({ server: held('post', '/todos', 422, 'no'), request: fetchEndpoint(OptimisticTodos.getList.push, { id: 9, userId: 1, title: 'new' }) })],
])('%s rolled back: every selection read during the optimistic phase is the very object it was', async (_label, start) => {
  const { store } = await withTodos();
  const before = everything(store.getState());
  const { server, request } = start();
  const pending = store.dispatch(request);
  const during = everything(store.getState());
  expect(changedReferences(during, before)).not.toEqual([]); // the optimistic view is shown
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
  two.release();
  await expect(second).rejects.toMatchObject({ status: 503 });
  everything(store.getState());
  one.release();
  await expect(first).rejects.toMatchObject({ status: 500 });
  expect(changedReferences(everything(store.getState()), before)).toEqual([]);
});
