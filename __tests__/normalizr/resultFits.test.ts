/**
 * `resultFits(schema, result)`: whether a stored result is one `normalize` could have returned for
 * the schema, the check a result from elsewhere (another tab, a saved state) passes before it is
 * read. Every result `normalize` returns fits; what a schema never gives (a number or an object in
 * an entity's place, anything but an array for a list, `null` as the whole result) does not.
 */
import { Entity, normalize, schema } from '../../src/index';
import { resultFits } from '../../src/normalizr/resultFits';
import type { SchemaClass } from '../../src/schema/interface';
import { Account, Link, Post, Trade, User } from '../fixtures/spec';

const feed = new schema.Array({ link: Link, post: Post }, 'type');
const page = { results: [User], next: '' };
const bundle = { trade: Trade, account: Account };
const users = new schema.Collection([User]);
/** A schema class of the app's own: the check knows nothing of its results. */
const custom: SchemaClass = {
  normalize: (input) => input,
  denormalize: (input) => input,
  tableKeys: () => {},
};

describe('every result normalize returns fits', () => {
  test.each([
    ['an Entity', User, { id: '1', name: 'Ann' }],
    ['[Entity]', [User], [{ id: '1' }, { id: '2' }]],
    [
      'a polymorphic list, an unmatched item kept',
      feed,
      [
        { id: 1, type: 'link' },
        { id: 2, type: 'video' },
      ],
    ],
    ['schema.All', new schema.All(User), [{ id: '1' }]],
    ['an object with a list and a cursor', page, { results: [{ id: '1' }], next: 'p2' }],
    ['a bundle', bundle, { trade: { id: 1 }, account: { id: 2 } }],
    ['schema.Values', new schema.Values(User), { a: { id: '1' }, b: { id: '2' } }],
    [
      'a polymorphic schema.Values',
      new schema.Values({ link: Link, post: Post }, 'type'),
      { a: { id: 1, type: 'post' } },
    ],
    ['schema.Union', new schema.Union({ link: Link, post: Post }, 'type'), { id: 1, type: 'link' }],
    ['a Collection', users, [{ id: '1' }]],
    ['schema.Invalidate', new schema.Invalidate(User), { id: '1' }],
    ['schema.Query of an Entity', new schema.Query(User, (user) => user), { id: '1' }],
    ['a schema class of the app', custom, { anything: [1, 2] }],
    ['a boolean in an entity’s place (no id: kept as it is)', [User], [true, { id: '1' }]],
  ])('%s', (_name, of, input) => {
    // (an unmatched item is kept with a development warning)
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resultFits(of, normalize(of, input).result)).toBe(true);
    warn.mockRestore();
  });

  test('parts left out or null inside a result fit: an absent cursor, a null list, a null item', () => {
    expect(resultFits(page, {})).toBe(true);
    expect(resultFits(page, { results: null, next: null })).toBe(true);
    expect(resultFits([User], ['1', null])).toBe(true);
    expect(resultFits(User, undefined)).toBe(true);
  });

  test('schema.All reads its tables, not its result: any result but null fits', () => {
    for (const value of ['x', 5, { a: 1 }, [{}]]) expect(resultFits(new schema.All(User), value)).toBe(true);
  });

  test('without a schema, anything is data kept as it is', () => {
    for (const value of ['x', 5, null, { a: 1 }, [1]]) expect(resultFits(undefined, value)).toBe(true);
  });
});

describe('what no schema gives does not fit', () => {
  test.each([
    ['null as the whole result', [User], null],
    ['a number for an Entity', User, 12345],
    ['an object for an Entity', User, { evil: 1 }],
    ['a string for a list', [User], 'garbage'],
    ['an object for a list', [User], { evil: 1 }],
    ['a list of things that are not ids', [User], [{}, 5]],
    ['a list with one thing that is not an id', [User], ['1', 5]],
    ['a string for a polymorphic list', feed, 'garbage'],
    ['a list for an object', page, ['1']],
    ['a string for an object', page, 'garbage'],
    ['a list in place of an object’s list of ids', page, { results: 'garbage' }],
    ['an entity of a bundle as a number', bundle, { trade: '1', account: 5 }],
    ['a list for schema.Values', new schema.Values(User), ['1']],
    ['a number among schema.Values', new schema.Values(User), { a: '1', b: 5 }],
    ['null for schema.All', new schema.All(User), null],
    ['a list for a Collection', users, ['1']],
    ['an object for schema.Invalidate', new schema.Invalidate(User), { id: '1' }],
    ['a number for a Query of an Entity', new schema.Query(User, (user) => user), 5],
  ])('%s', (_name, of, result) => {
    expect(resultFits(of, result)).toBe(false);
  });

  test('a field named like an Object.prototype member is read as the result’s own, not inherited', () => {
    class Node extends Entity {
      id = '';
      pk() {
        return this.id;
      }
      static override key = 'ResultFitsNode';
    }
    expect(resultFits({ constructor: Node }, {})).toBe(true);
    expect(resultFits({ constructor: Node }, { constructor: 5 })).toBe(false);
  });

  test('a result that does not fit is asked again, and still does not', () => {
    const result = { evil: 1 };
    expect(resultFits([User], result)).toBe(false);
    expect(resultFits([User], result)).toBe(false);
  });

  test('a result found to fit is asked again with another schema', () => {
    const result = ['1'];
    expect(resultFits([User], result)).toBe(true);
    expect(resultFits(page, result)).toBe(false);
    expect(resultFits([User], result)).toBe(true);
  });
});
