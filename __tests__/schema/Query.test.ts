/**
 * schema.Query: a derived read of a queryable schema (here schema.All), memoized per read
 * arguments, at the top level and nested in an Entity.
 */
import nock from 'nock';
import { Entity, MemoCache, RestEndpoint, denormalize, normalize, schema, selectQuery } from '../../src/index';
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

  test('nested in an Entity, a memoized read follows the arguments and the table', () => {
    class Directory extends Entity {
      id = '';
      named: User[] = [];
      pk() {
        return this.id;
      }
      static override key = 'Directory';
      static override schema = {
        named: new schema.Query(new schema.All(User), (users: User[], prefix: string) =>
          users.filter((user) => user.name.startsWith(prefix)),
        ),
      };
    }
    const { entities } = normalize(
      [User],
      [
        { id: '1', name: 'Ann' },
        { id: '2', name: 'Bo' },
      ],
    );
    const tables = { ...entities, ...normalize(Directory, { id: 'd' }).entities };
    const memo = new MemoCache();
    const names = (args: string[], from = tables) =>
      (memo.denormalize(Directory, 'd', from, args) as Directory).named.map((user) => user.name);
    expect(names(['A'])).toEqual(['Ann']);
    expect(names(['B'])).toEqual(['Bo']);
    expect(memo.denormalize(Directory, 'd', tables, ['A'])).toBe(memo.denormalize(Directory, 'd', tables, ['A']));
    const more = { ...tables, User: { ...tables.User, ...normalize(User, { id: '3', name: 'Abe' }).entities.User } };
    expect(names(['A'], more)).toEqual(['Ann', 'Abe']);
  });
});
