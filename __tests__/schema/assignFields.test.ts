/**
 * What `Entity.fromJS` and a read copy onto an instance (`assignFields`): the own enumerable fields
 * of their source, as `Object.assign` copies them, nothing it inherits; a plain object (JSON data,
 * what the store holds) gives its string-keyed fields.
 */
import { Entity, denormalize, normalize } from '../../src/index';

class Person extends Entity {
  id = '';
  name = 'anonymous';
  pk() {
    return this.id;
  }
  static override key = 'AssignFieldsPerson';
}

/** A message as protobuf.js (and ES5-style classes) make them: defaults on the prototype, enumerable. */
function PersonMessage(this: Record<string, unknown>, fields: object) {
  Object.assign(this, fields);
}
PersonMessage.prototype.name = '';
PersonMessage.prototype.toJSON = function toJSON(this: object) {
  return { ...this };
};
const message = (fields: object): object => new (PersonMessage as unknown as new (fields: object) => object)(fields);

describe('assignFields (Entity.fromJS, reads)', () => {
  test('fromJS copies only the own fields of props: a field props inherits leaves the class default', () => {
    const person = Person.fromJS(message({ id: '1' }));
    expect(person.name).toBe('anonymous');
    expect(Object.keys(person).sort()).toEqual(['id', 'name']);
    expect(Object.hasOwn(person, 'toJSON')).toBe(false);
  });

  test('fromJS copies the own symbol-keyed fields of props that are not plain data, as Object.assign does; a plain object gives its string keys only', () => {
    const tag = Symbol('tag');
    const fromMessage = Object.assign(Object.create(message({}) as object) as Record<string | symbol, unknown>, {
      id: '1',
      [tag]: 'kept',
    });
    expect((Person.fromJS(fromMessage) as unknown as Record<symbol, unknown>)[tag]).toBe('kept');
    const fromPlain = Person.fromJS({ id: '2', [tag]: 'dropped' });
    expect(fromPlain.id).toBe('2');
    expect(Object.getOwnPropertySymbols(fromPlain)).toEqual([]);
  });

  test("a read copies the stored record's own fields only (process returned an object with inherited fields)", () => {
    class Member extends Person {
      static override key = 'AssignFieldsMember';
      static override process(input: Record<string, unknown>) {
        return message(input) as Record<string, unknown>;
      }
    }
    const { result, entities } = normalize(Member, { id: '2' });
    const member = denormalize(Member, result, entities) as Member;
    expect(member.name).toBe('anonymous');
    expect(Object.hasOwn(member, 'toJSON')).toBe(false);
  });
});
