// Imports the built package by its name, as a user's Node program would, and uses it once.
// Prints one JSON line; exits non-zero if anything is missing.
import * as lib from 'rtk-entities';

const expected = ['Entity', 'schema', 'normalize', 'denormalize'];
const missing = expected.filter((name) => !(name in lib));
if (missing.length > 0) throw new Error(`rtk-entities is missing exports: ${missing.join(', ')}`);

class User extends lib.Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static key = 'User';
}
const users = new lib.schema.All(User);
const { result, entities } = lib.normalize(users, [{ id: '1', name: 'Ann' }]);
const read = lib.denormalize(users, result, entities);
console.log(JSON.stringify({ exports: Object.keys(lib).sort(), read, isInstance: read[0] instanceof User }));
