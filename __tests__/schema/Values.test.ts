/** schema.Values: an object used as a dictionary whose every value has the schema. */
import { denormalize, normalize, schema } from '../../src/index';
import { User } from '../fixtures/spec';

describe('schema.Values', () => {
  test('Values normalizes a dictionary of entities', () => {
    const byId = new schema.Values(User);
    const { result, entities } = normalize(byId, { a: { id: '1', name: 'Ann' }, b: { id: '2', name: 'Bo' } });
    expect(result).toEqual({ a: '1', b: '2' });
    const read = denormalize(byId, result, entities) as Record<string, User>;
    expect(read.b?.name).toBe('Bo');
  });

  test.each([
    ['an array', [{ id: '1', name: 'Ann' }], 'an array'],
    ['a string', 'ann', 'a string'],
    ['a number', 42, 'a number'],
  ])(
    '%s where Values expects a dictionary is refused naming the schema, the field and the value',
    (_name, value, described) => {
      const byId = new schema.Values(User);
      expect(() => normalize({ users: byId }, { users: value })).toThrow(
        expect.objectContaining({
          name: 'TypeError',
          message: expect.stringMatching(
            new RegExp(
              `^schema\\.Values expected an object while normalizing .*\\(field 'users'\\), but received ${described}`,
            ),
          ),
        }),
      );
    },
  );

  test('a `__proto__` key is an ordinary key of the dictionary, written and read as its own', () => {
    const byId = new schema.Values(User);
    const input = JSON.parse('{"__proto__":{"id":"1","name":"Ann"},"b":{"id":"2","name":"Bo"}}') as object;
    const { result, entities } = normalize(byId, input);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result as object)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe('1');
    const read = denormalize(byId, result, entities) as Record<string, User>;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.keys(read)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toBeInstanceOf(User);
  });

  test('a value that is no longer stored is dropped from the read', () => {
    const byId = new schema.Values(User);
    const { result, entities } = normalize(byId, { a: { id: '1', name: 'Ann' }, b: { id: '2', name: 'Bo' } });
    const withoutBo = { ...entities, User: { '1': entities.User?.['1'] } } as typeof entities;
    expect(Object.keys(denormalize(byId, result, withoutBo) as object)).toEqual(['a']);
  });
});
