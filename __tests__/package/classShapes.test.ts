/**
 * The built classes give every instance one shape: the same own fields in the same order, whatever
 * the constructor's arguments and whatever was read since (a lazily made part is a field from the
 * start). The library build assigns fields in constructors (`useDefineForClassFields: false` in
 * tsconfig.build.json), where a field assigned only in some branch, or only later, would give
 * instances of one class several hidden classes, and the code reading them would go polymorphic.
 */
import { assertFreshDist } from './freshDist';

assertFreshDist();
const built = require('../../dist/index.cjs') as typeof import('../../src/index');
const { Entity, Lazy, schema } = built;

class User extends Entity {
  id = '';
  pk(): string {
    return this.id;
  }
  static override key = 'User';
}
class Group extends Entity {
  id = '';
  pk(): string {
    return this.id;
  }
  static override key = 'Group';
}

test('a polymorphic schema has one shape with or without a schemaAttribute, a string or a function', () => {
  const shapes = [
    new schema.Array(User),
    new schema.Array({ user: User, group: Group }, 'type'),
    new schema.Array({ user: User, group: Group }, (value: { type: string }) => value.type),
  ].map((made) => Object.keys(made));
  expect(shapes[1]).toEqual(shapes[0]);
  expect(shapes[2]).toEqual(shapes[0]);
  expect(Object.keys(new schema.Values(User))).toEqual(Object.keys(new schema.Values({ user: User }, 'type')));
});

test('a Lazy and a Collection keep their shape once their query or change writer is made', () => {
  const lazy = new Lazy([User]);
  const collection = new schema.Collection([User]);
  const before = [Object.keys(lazy), Object.keys(collection)];
  expect(lazy.query).toBe(lazy.query);
  expect(collection.changes).toBe(collection.changes);
  expect([Object.keys(lazy), Object.keys(collection)]).toEqual(before);
});
