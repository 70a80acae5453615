/**
 * schema.Collection: one stored list per arguments (argsKey, nestKey), and which lists a new item
 * joins (push, assign, createCollectionFilter, nonFilterArgumentKeys).
 */
import { Entity, denormalize, normalize, schema, storeView } from '../../src/index';
import type { EntityTables, NormalizedData } from '../../src/index';
import { User } from '../fixtures/spec';

/** The tables after a write, as the store would hold them. */
function merged(store: { entities: EntityTables }, writes: NormalizedData) {
  const entities: Record<string, object | undefined> = { ...store.entities };
  for (const key of Object.keys(writes.entities)) entities[key] = { ...entities[key], ...writes.entities[key] };
  return { entities: entities as EntityTables, entitiesMeta: writes.entitiesMeta };
}

describe('schema.Collection', () => {
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

  test('rejects a definition that is not a list', () => {
    expect(() => new schema.Collection(User as never)).toThrow(
      /schema\.Collection takes \[X\], schema\.Array or schema\.Values/,
    );
  });
});
