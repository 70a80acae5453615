/** schema.Query: a derived read of a queryable schema (here schema.All), memoized per read arguments. */
import nock from 'nock';
import { RestEndpoint, denormalize, normalize, schema, selectQuery } from '../../src/index';
import { User } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

describe('schema.Query', () => {
  test('Query derives from All with the read arguments, memoized per arguments', () => {
    const named = new schema.Query(new schema.All(User), (users: User[], prefix: string) =>
      users.filter((user) => user.name.startsWith(prefix)),
    );
    const { entities } = normalize(
      [User],
      [
        { id: '1', name: 'Ann' },
        { id: '2', name: 'Bo' },
        { id: '3', name: 'Abe' },
      ],
    );
    const first = denormalize(named, undefined, entities, ['A']) as User[];
    expect(first.map((user) => user.pk())).toEqual(['1', '3']);
    expect(denormalize(named, undefined, entities, ['A'])).toBe(first);
    expect((denormalize(named, undefined, entities, ['B']) as User[]).map((user) => user.pk())).toEqual(['2']);
  });

  test('through a store: selectQuery derives from every fetched entity, recomputes on a write, and keeps its result otherwise', async () => {
    const named = new schema.Query(new schema.All(User), (users: User[], prefix: string) =>
      users.filter((user) => user.name.startsWith(prefix)).map((user) => user.name),
    );
    const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: [User] });
    const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });
    nock(API)
      .get('/users')
      .reply(200, [
        { id: '1', name: 'Ann' },
        { id: '2', name: 'Bo' },
      ])
      .get('/users/3')
      .reply(200, { id: '3', name: 'Abe' });
    const { store, ctrl } = makeStore();
    const startingWithA = selectQuery(named, 'A');
    expect(startingWithA(store.getState())).toEqual([]); // nothing fetched yet: no User, none derived

    await ctrl.fetch(getUsers);
    const first = startingWithA(store.getState());
    expect(first).toEqual(['Ann']);
    expect(selectQuery(named, 'B')(store.getState())).toEqual(['Bo']);

    ctrl.invalidate(getUsers); // a write that touches no User
    expect(startingWithA(store.getState())).toBe(first);

    await ctrl.fetch(getUser, { id: 3 }); // another endpoint's entity joins the derived read
    expect(startingWithA(store.getState())).toEqual(['Ann', 'Abe']);
  });
});
