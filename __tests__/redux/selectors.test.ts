/**
 * The memoized selectors (`selectResponse`, `selectQuery`, `getEntitySelectors`): they recompute only
 * when a table they read changes (`recomputations()`), per store, and keep the identity of what did
 * not change; a state without the slice reads as empty and, in development, says so once.
 */
import nock from 'nock';
import {
  Entity,
  RestEndpoint,
  createEntities,
  fetchEndpoint,
  getEntitySelectors,
  schema,
  selectQuery,
  selectResponse,
} from '../../src/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);
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
  const { store, ctrl } = makeStore();
  ctrl.setResponse(getUsers, usersResponse);
  ctrl.setResponse(getUserList, [usersResponse[0]]);
  return { store, ctrl };
}

describe('memoized selectors', () => {
  test('same state gives the same object; an unrelated write does not recompute', async () => {
    const { store, ctrl } = makeStore();
    nock(API).get('/users').reply(200, usersResponse);
    await store.dispatch(fetchEndpoint(getUsers));
    const { selectAll } = getEntitySelectors(User);
    const selectUsers = selectResponse(getUsers);
    const first = selectAll(store.getState());
    expect(selectAll(store.getState())).toBe(first);
    const recomputed = (selectAll as unknown as { recomputations(): number }).recomputations();
    expect(selectUsers(store.getState()).data).toBe(first);
    const responseRecomputed = selectUsers.recomputations();

    class Note extends User {
      static override key = 'Note';
    }
    const getNote = new RestEndpoint({ urlPrefix: API, path: '/notes/:id', schema: Note });
    ctrl.setResponse(getNote, { id: 'n' }, { id: 'n', name: 'unrelated' });

    expect(selectAll(store.getState())).toBe(first);
    expect((selectAll as unknown as { recomputations(): number }).recomputations()).toBe(recomputed);
    expect(selectUsers(store.getState()).data).toBe(first);
    expect(selectUsers.recomputations()).toBe(responseRecomputed);
  });

  test('a write to an unrelated indexed kind does not recompute (indexes are inputs per kind)', async () => {
    const { store, ctrl } = makeStore();
    nock(API).get('/users').reply(200, usersResponse);
    await store.dispatch(fetchEndpoint(getUsers));
    const selectUsers = selectResponse(getUsers);
    const selectOne = selectQuery(User, { id: '1' });
    const data = selectUsers(store.getState()).data;
    const one = selectOne(store.getState());
    const counts = [selectUsers.recomputations(), selectOne.recomputations()];

    class Handle extends User {
      static override key = 'Handle';
      static override indexes = ['name'];
    }
    ctrl.setResponse(
      new RestEndpoint({ urlPrefix: API, path: '/handles/:id', schema: Handle }),
      { id: 'h' },
      { id: 'h', name: 'hh' },
    );
    expect(store.getState().entities.indexes.Handle?.name?.hh).toBe('h');

    expect(selectUsers(store.getState()).data).toBe(data);
    expect(selectOne(store.getState())).toBe(one);
    expect([selectUsers.recomputations(), selectOne.recomputations()]).toEqual(counts);
  });

  test('one changed user keeps the identity of the others', async () => {
    const { store, ctrl } = makeStore();
    nock(API).get('/users').reply(200, usersResponse);
    const before = await store.dispatch(fetchEndpoint(getUsers));
    ctrl.setResponse(getUser, { id: '2' }, { id: '2', name: 'Bob' });
    const after = getEntitySelectors(User).selectAll(store.getState());
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
    expect(after[1]?.name).toBe('Bob');
  });
});

describe('two stores sharing endpoints (one cache per store)', () => {
  test.each([
    ['selectResponse(endpoint)', () => selectResponse(getUsers)],
    [
      'getEntitySelectors(User).selectAll',
      () => getEntitySelectors(User).selectAll as ((state: unknown) => unknown) & { recomputations(): number },
    ],
    ['a selectQuery selector', () => selectQuery(new schema.All(User))],
  ])(
    '%s does not recompute when reads alternate between the stores, and gives each store its own, stable result',
    (_label, make) => {
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
    },
  );
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

  test('an object result ({ users: [User], next }) keeps its identity when another User changes, and changes with what it holds', () => {
    const { store, ctrl } = storeWithUsers();
    const getPage = new RestEndpoint({ urlPrefix: API, path: '/page', schema: { users: [User] } });
    ctrl.setResponse(getPage, { users: [usersResponse[0]], next: { cursor: 'b', size: 1 } });
    const selectPage = selectResponse(getPage);
    const page = selectPage(store.getState()).data;
    expect(page).toMatchObject({ users: [{ name: 'Ann' }], next: { cursor: 'b', size: 1 } });

    ctrl.setResponse(getUser, { id: '2' }, { id: '2', name: 'Bo (renamed)' });
    expect(selectPage(store.getState()).data).toBe(page);

    ctrl.setResponse(getUser, { id: '1' }, { id: '1', name: 'Ann (renamed)' });
    const renamed = selectPage(store.getState()).data;
    expect(renamed === page).toBe(false);
    expect(renamed?.users[0]?.name).toBe('Ann (renamed)');
    expect((renamed as unknown as { next: unknown }).next).toBe((page as unknown as { next: unknown }).next); // the part that did not change
  });

  test('a refetch of the same object result keeps it; one with a field more, less or different does not', () => {
    const { store, ctrl } = storeWithUsers();
    const getPage = new RestEndpoint({ urlPrefix: API, path: '/page', schema: { users: [User] } });
    const read = (response: object) => {
      ctrl.setResponse(getPage, response);
      return selectResponse(getPage)(store.getState()).data as unknown;
    };
    const first = read({ users: [usersResponse[0]], next: { cursor: 'b' }, tags: ['x'] });
    expect(read({ users: [usersResponse[0]], next: { cursor: 'b' }, tags: ['x'] })).toBe(first);
    for (const changed of [
      { users: [usersResponse[0]], next: { cursor: 'b' }, tags: ['x'], more: 1 },
      { users: [usersResponse[0]], next: { cursor: 'b' } },
      { users: [usersResponse[0]], next: { cursor: 'c' }, tags: ['x'] },
      { users: [usersResponse[0]], next: { cursor: 'b' }, tags: ['x', 'y'] },
      { users: [usersResponse[0]], previous: { cursor: 'b' }, tags: ['x'] },
    ]) {
      const before = read({ users: [usersResponse[0]], next: { cursor: 'b' }, tags: ['x'] });
      expect([changed, read(changed) === before]).toEqual([changed, false]);
    }
  });
});

describe('a state without the entities slice', () => {
  test('every selector reads it as empty, and development reports it once, naming the fix', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = makeStore({ slice: false });
    const state = store.getState();
    expect(selectResponse(getUsers)(state)).toMatchObject({ data: undefined, status: 'uninitialized' });
    expect(selectQuery(new schema.All(User))(state)).toEqual([]);
    expect(getEntitySelectors(User).selectAll(state)).toEqual([]);
    expect(getEntitySelectors(User).selectById(state, '1')).toBeUndefined();
    expect(errors.mock.calls).toEqual([
      [
        "rtk-entities: this store's reads find no data (undefined, [] or 'uninitialized'): the 'entities' slice is not in the store. " +
          'Add `[entitiesSlice.reducerPath]: entitiesSlice.reducer` to the reducer of configureStore.',
      ],
    ]);
  });

  test('a createEntities mount point names its own slice; a store that has it reads in silence', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const cache = createEntities({ reducerPath: 'cache' });
    const without = makeStore({ entities: cache, slice: false });
    const withSlice = makeStore({ entities: cache });
    withSlice.ctrl.setResponse(getUsers, usersResponse);
    expect(cache.selectResponse(getUsers)(withSlice.store.getState()).data).toHaveLength(2);
    expect(errors).not.toHaveBeenCalled();
    expect(cache.getEntitySelectors(User).selectAll(without.store.getState())).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[0]).toContain(
      "find no data (undefined, [] or 'uninitialized'): the 'cache' slice is not in the store. Add the slice of createEntities({ reducerPath: 'cache' })",
    );
  });
});
