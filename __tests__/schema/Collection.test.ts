/**
 * schema.Collection: one stored list per arguments (argsKey, nestKey), which lists a new item
 * joins (push, assign, createCollectionFilter, nonFilterArgumentKeys), and which lists a moved item
 * leaves and joins (move, moveWith).
 */
import { Entity, Scalar, denormalize, normalize, schema, storeView } from '../../src/index';
import type { EntityTables, NormalizedData } from '../../src/index';
import { isCollection } from '../../src/schema/isCollection';
import { User } from '../fixtures/spec';

/** The tables after a write, as the store would hold them. */
function merged(store: { entities: EntityTables }, writes: NormalizedData) {
  const entities: Record<string, object | undefined> = { ...store.entities };
  for (const key of Object.keys(writes.entities)) entities[key] = { ...entities[key], ...writes.entities[key] };
  return { entities: entities as EntityTables, entitiesMeta: writes.entitiesMeta };
}

describe('schema.Collection', () => {
  test('isCollection tells a list by its shape: a Collection, a subclass, its changes writer; no other schema', () => {
    class Lists extends schema.Collection<[typeof User]> {}
    const users = new schema.Collection([User]);
    for (const list of [users, new Lists([User]), users.changes]) expect(isCollection(list)).toBe(true);
    const others = [User, users.push, new schema.All(User), new schema.Values(User), [User], { users }, undefined];
    const price = new Scalar({ lens: (args) => args[0], key: 'price', entity: User });
    for (const other of [...others, price]) expect(isCollection(other)).toBe(false);
  });

  test('stores one list per arguments, and reads it back as instances', () => {
    const users = new schema.Collection([User]);
    const { result, entities } = normalize(users, [{ id: '1', name: 'Ann' }], [{ team: 'a' }]);
    expect(result).toBe('{"team":"a"}');
    expect(entities[users.key]?.['{"team":"a"}']).toEqual({ items: ['1'] });
    const list = denormalize(users, result, entities) as User[];
    expect(list[0]).toBeInstanceOf(User);
  });

  test('assign merges entries into stored Values lists', () => {
    const byName = new schema.Collection(new schema.Values(User));
    const first = normalize(byName, { ann: { id: '1', name: 'Ann' } });
    const store = merged({ entities: {} }, first);
    const added = normalize(byName.assign, { bo: { id: '2', name: 'Bo' } }, [], { store: storeView(store) });
    const after = merged(store, added);
    const read = denormalize(byName, first.result, after.entities) as Record<string, User>;
    expect(Object.keys(read)).toEqual(['ann', 'bo']);
    expect(read.bo).toBeInstanceOf(User);
  });

  test('argsKey chooses which arguments identify a list', () => {
    const users = new schema.Collection([User], {
      argsKey: (params: { team?: string; page?: number }) => ({ team: params.team }),
    });
    expect(normalize(users, [], [{ team: 'a', page: 3 }]).result).toBe('{"team":"a"}');
  });

  test('createCollectionFilter decides which stored lists take a new item', () => {
    const users = new schema.Collection([User], {
      createCollectionFilter: (body: { name: string }) => (collectionKey) => collectionKey.initial === body.name[0],
    });
    const a = normalize(users, [], [{ initial: 'A' }]);
    const b = normalize(users, [], [{ initial: 'B' }]);
    const store = merged(merged({ entities: {} }, a), b);
    const pushed = normalize(users.push, { id: '3', name: 'Abe' }, [{ name: 'Abe' }], { store: storeView(store) });
    const after = merged(store, pushed);
    expect((denormalize(users, a.result, after.entities) as User[]).map((user) => user.name)).toEqual(['Abe']);
    expect(denormalize(users, b.result, after.entities)).toEqual([]);
  });

  test('push reaches the lists stored and the one its own response brings, once each', () => {
    const users = new schema.Collection([User]);
    const all = { list: users, added: users.push };
    const response = { list: [{ id: '1', name: 'Ann' }], added: { id: '2', name: 'Bo' } };
    // with no store, the list the response brings is the only one
    const alone = normalize(all, response, [{ team: 'a' }]);
    expect(alone.entities[users.key]).toEqual({ '{"team":"a"}': { items: ['1', '2'] } });

    const store = merged({ entities: {} }, normalize(users, [{ id: '0', name: 'Al' }], []));
    const both = normalize(all, response, [{ team: 'a' }], { store: storeView(store) });
    expect(both.entities[users.key]).toEqual({
      '{}': { items: ['0', '2'] },
      '{"team":"a"}': { items: ['1', '2'] },
    });
  });

  test('nonFilterArgumentKeys as a list of names', () => {
    const users = new schema.Collection([User], { nonFilterArgumentKeys: ['page'] });
    const listed = normalize(users, [], [{ page: 2 }]);
    const store = merged({ entities: {} }, listed);
    const pushed = normalize(users.push, { id: '4', name: 'D' }, [{ name: 'D' }], { store: storeView(store) });
    expect(merged(store, pushed).entities[users.key]?.['{"page":"2"}']).toEqual({ items: ['4'] });
  });

  test('nestKey: a list nested in an entity is stored per parent, not per request arguments', () => {
    class Todo extends Entity {
      id = '';
      title = '';
      pk() {
        return this.id;
      }
      static override key = 'NestedTodo';
    }
    const todosOf = new schema.Collection([Todo], { nestKey: (parent: { id: string }) => ({ userId: parent.id }) });
    class Owner extends Entity {
      id = '';
      todos: Todo[] = [];
      pk() {
        return this.id;
      }
      static override key = 'Owner';
      static override schema = { todos: todosOf };
    }
    const { result, entities } = normalize(
      [Owner],
      [
        { id: '1', todos: [{ id: 'a', title: 'one' }] },
        { id: '2', todos: [{ id: 'b', title: 'two' }] },
      ],
      [{ page: 1 }],
    );
    expect(Object.keys(entities[todosOf.key] ?? {}).sort()).toEqual(['{"userId":"1"}', '{"userId":"2"}']);
    const owners = denormalize([Owner], result, entities) as Owner[];
    expect(owners.map((owner) => owner.todos.map((todo) => todo.title))).toEqual([['one'], ['two']]);
  });

  test('remove takes entries out of stored Values lists', () => {
    const byName = new schema.Collection(new schema.Values(User));
    const listed = normalize(byName, { ann: { id: '1', name: 'Ann' }, bo: { id: '2', name: 'Bo' } });
    const store = merged({ entities: {} }, listed);
    const removed = normalize(byName.remove, { gone: { id: '1', name: 'Ann' } }, [], { store: storeView(store) });
    expect(Object.keys(denormalize(byName, listed.result, merged(store, removed).entities) as object)).toEqual(['bo']);
  });

  test('move in a Values list: the entry leaves the lists it no longer matches and joins those it now matches', () => {
    const byName = new schema.Collection(new schema.Values(User), {
      createCollectionFilter: (...args: readonly unknown[]) => {
        const fields = Object.assign({}, ...args) as { name?: string };
        return (collectionKey) => collectionKey.initial === fields.name?.[0];
      },
    });
    const a = normalize(byName, { ann: { id: '1', name: 'Ann' } }, [{ initial: 'A' }]);
    const b = normalize(byName, {}, [{ initial: 'B' }]);
    const store = merged(merged({ entities: {} }, a), b);

    const moved = normalize(byName.move, { id: '1', name: 'Bea' }, [{ id: '1' }, { name: 'Bea' }], {
      store: storeView(store),
    });

    expect(moved.result).toEqual({ 1: '1' });
    const after = merged(store, moved);
    expect(denormalize(byName, a.result, after.entities)).toEqual({});
    const inB = denormalize(byName, b.result, after.entities) as Record<string, User>;
    expect(Object.keys(inB)).toEqual(['1']);
    expect(inB['1']?.name).toBe('Bea');
  });

  test('move of an item with no primary key throws naming the Entity and the request', () => {
    const users = new schema.Collection([User]);
    const store = merged({ entities: {} }, normalize(users, [{ id: '1', name: 'Ann' }]));
    expect(() =>
      normalize(users.move, [{ name: 'Ann' }], [{}], { store: storeView(store), source: 'PATCH /users/1' }),
    ).toThrow(
      /^User\.pk\(\) returned undefined while normalizing PATCH \/users\/1: the item has no usable primary key/,
    );
  });

  test('move needs a list of one Entity class', () => {
    const feed = new schema.Collection(new schema.Array({ user: User }, 'type'));
    expect(() => normalize(feed.move, { id: '1', type: 'user' })).toThrow(
      /^Collection:User\.move needs a Collection of one Entity class\.$/,
    );
  });

  test('rejects a definition that is not a list', () => {
    expect(() => new schema.Collection(User as never)).toThrow(
      /schema\.Collection takes \[X\], schema\.Array or schema\.Values/,
    );
  });
});
