/**
 * Input normalize cannot take (missing or empty keys, wrong shapes) gets a clear error naming the
 * schema and showing the value, and nothing is written; hostile ids and fields are ordinary data.
 */
import { Entity, denormalize, normalize, storeView } from '../../src/index';
import { User, usersSchema } from '../fixtures/spec';

describe('bad input gets a clear error naming the schema and showing the value', () => {
  test.each([
    ['null', null, /User.*expected an object or array.*received null/],
    ['a number', 42, /received a number\. Received: 42/],
    ['a plain string', 'oops', /received a string\. Received: "oops"/],
    ['a JSON string (unparsed response)', '[{"id":"1"}]', /a string that is itself JSON.*not parsed/],
  ])('top-level %s', (_label, input, message) => {
    expect(() => normalize(usersSchema, input, [], { source: 'GET /users' })).toThrow(message);
    expect(() => normalize(usersSchema, input, [], { source: 'GET /users' })).toThrow(/GET \/users/);
  });

  test('an array where an entity is expected', () => {
    expect(() => normalize(User, [{ id: '1' }], [], { source: 'GET /users/1' })).toThrow(
      /User expected an object while normalizing GET \/users\/1, but received an array\. Received: \[\{"id":"1"\}\]/,
    );
  });

  test('an object where an array is expected', () => {
    expect(() => normalize({ users: usersSchema }, { users: { id: '1' } })).toThrow(
      /schema\.All expected an array .*\(field 'users'\), but received an object/,
    );
  });

  test.each([
    ['missing', { name: 'Ann' }, 'undefined'],
    ['empty', { id: '', name: 'Ann' }, '""'],
    ['null', { id: null, name: 'Ann' }, 'null'],
  ])('a %s pk names the Entity key, the request and the item', (_label, item, shown) => {
    expect(() => normalize(usersSchema, [{ id: '1', name: 'Bo' }, item], [], { source: 'GET /users' })).toThrow(
      new RegExp(
        `User\\.pk\\(\\) returned ${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} while normalizing GET /users.*Received: .*Ann`,
      ),
    );
  });

  test('a template pk of a missing id ("undefined") is rejected too', () => {
    class Item extends Entity {
      id = 0;
      pk() {
        return `${this.id}`;
      }
      static override key = 'Item';
    }
    expect(() => normalize([Item], [{ name: 'x' }])).toThrow(/Item\.pk\(\) returned "undefined"/);
  });

  test('ids 0 and "0" are valid', () => {
    class Zero extends Entity {
      id = 0;
      pk() {
        return this.id;
      }
      static override key = 'Zero';
    }
    expect(normalize([Zero], [{ id: 0 }]).result).toEqual(['0']);
    expect(normalize([Zero], [{ id: '0' }]).result).toEqual(['0']);
  });

  test('an Entity without static key says how to fix it', () => {
    class Nameless extends Entity {
      id = '';
      pk() {
        return this.id;
      }
    }
    expect(() => normalize(Nameless, { id: '1' })).toThrow(
      /Entity class Nameless has no static key\. Add `static key = 'Nameless';`/,
    );
  });

  test('a long value is truncated in the message', () => {
    const long = { name: 'x'.repeat(5000) };
    let message = '';
    try {
      normalize(User, long);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/…$/);
    expect(message.length).toBeLessThan(600);
  });

  test('a failing item throws before anything is returned: nothing is half-written', () => {
    const store = normalize(usersSchema, [{ id: '1', name: 'Ann' }]);
    const snapshot = JSON.stringify(store.entities);
    expect(() =>
      normalize(usersSchema, [{ id: '2', name: 'Bo' }, { name: 'no id' }], [], { store: storeView(store) }),
    ).toThrow();
    expect(JSON.stringify(store.entities)).toBe(snapshot);
  });
});

describe('hostile ids and fields', () => {
  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'id %s is stored and read like any id',
    (id) => {
      const { result, entities } = normalize(usersSchema, [{ id, name: 'X' }]);
      expect(result).toEqual([id]);
      expect(Object.keys(entities.User ?? {})).toEqual([id]);
      expect(Object.getPrototypeOf(entities.User)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(entities.User, id)?.value).toEqual({ id, name: 'X' });
    },
  );

  test('a "__proto__" field pollutes nothing', () => {
    const input = JSON.parse('[{"id":"1","name":"A","__proto__":{"polluted":true}}]') as unknown;
    const { result, entities } = normalize(usersSchema, input);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(entities.User?.['1'])).toBe(Object.prototype);
    expect(result).toEqual(['1']);
    const [user] = denormalize(usersSchema, result, entities) as User[];
    expect(Object.getPrototypeOf(user)).toBe(User.prototype);
    expect(user?.pk()).toBe('1');
  });
});
