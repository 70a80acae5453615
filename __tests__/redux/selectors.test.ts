/**
 * The memoized selectors (`selectResponse`, `selectQuery`, `getEntitySelectors`): they recompute only
 * when a table they read changes (`recomputations()`), per store, and keep the identity of what did
 * not change.
 */
import { configureStore } from '@reduxjs/toolkit';
import { Entity, RestEndpoint, createController, createDataMiddleware, entitiesSlice, getEntitySelectors, schema, selectQuery, selectResponse } from '../../src/index';
import { User, usersResponse } from '../fixtures/spec';

const API = 'https://api.selectors.test';
const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });
const getUserList = new RestEndpoint({ urlPrefix: API, path: '/team', schema: [User] });

class Note extends Entity {
  id = '';
  text = '';
  pk() {
    return this.id;
  }
  static override key = 'Note';
}
const getNote = new RestEndpoint({ urlPrefix: API, path: '/notes/:id', schema: Note });

function storeWithUsers() {
  const store = configureStore({
    reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    middleware: (getDefault) => getDefault().concat(createDataMiddleware()),
  });
  const ctrl = createController(store);
  ctrl.setResponse(getUsers, usersResponse);
  ctrl.setResponse(getUserList, [usersResponse[0]]);
  return { store, ctrl };
}

describe('two stores sharing endpoints (one cache per store)', () => {
  test.each([
    ['selectResponse(endpoint)', () => selectResponse(getUsers)],
    ['getEntitySelectors(User).selectAll', () => getEntitySelectors(User).selectAll as ((state: unknown) => unknown) & { recomputations(): number }],
    ['a selectQuery selector', () => selectQuery(new schema.All(User))],
  ])('%s does not recompute when reads alternate between the stores, and gives each store its own, stable result', (_label, make) => {
    const stores = Array.from({ length: 6 }, storeWithUsers);
    const [a, b] = stores as [ReturnType<typeof storeWithUsers>, ReturnType<typeof storeWithUsers>];
    const select = make();
    const first = stores.map(({ store }) => select(store.getState()));
    const fromA = first[0];
    const fromB = first[1];
    const computed = select.recomputations();
    for (let round = 0; round < 3; round++) {
      stores.forEach(({ store }, i) => expect(select(store.getState())).toBe(first[i]));
    }
    expect(select.recomputations()).toBe(computed);

    // a write to a table the selector does not read, in store A, with store B read in between
    a.ctrl.setResponse(getNote, { id: 'n' }, { id: 'n', text: 'x' });
    expect(select(b.store.getState())).toBe(fromB);
    expect(select(a.store.getState())).toBe(fromA);
    expect(select.recomputations()).toBe(computed);
  });
});

describe('identity of what did not change', () => {
  test('a list of a non-All schema ([User]) keeps its identity when another record of its table changes', () => {
    const { store, ctrl } = storeWithUsers();
    const selectTeam = selectResponse(getUserList);
    const team = selectTeam(store.getState()).data;
    expect(team?.map((user) => user.name)).toEqual(['Ann']);
    ctrl.setResponse(getUser, { id: '2' }, { id: '2', name: 'Bo (renamed)' });
    expect(getEntitySelectors(User).selectById(store.getState(), '2')?.name).toBe('Bo (renamed)');
    expect(selectTeam(store.getState()).data).toBe(team);
  });
});
