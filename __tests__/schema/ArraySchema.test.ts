/** schema.Array (`[X]`): a list read drops the items that are no longer stored. */
import { denormalize, normalize, schema } from '../../src/index';
import { User } from '../fixtures/spec';

describe('schema.Array', () => {
  const users = [
    { id: '1', name: 'Ann' },
    { id: '2', name: 'Bo' },
    { id: '3', name: 'Cy' },
  ];

  test.each([
    ['the shorthand [User]', [User]],
    ['new schema.Array(User)', new schema.Array(User)],
  ])('%s drops an item no longer stored, leaving a list as long as what is left, with no hole', (_name, list) => {
    const { result, entities } = normalize(list, users);
    const { '2': _bo, ...rest } = entities.User ?? {};
    const read = denormalize(list, result, { ...entities, User: rest }) as User[];
    expect(read.map((user) => user.name)).toEqual(['Ann', 'Cy']);
    expect(read).toHaveLength(2);
    expect(Object.keys(read)).toEqual(['0', '1']);
  });

  test('a nested list left null or missing stays as it is', () => {
    const { result, entities } = normalize([[User]], [[users[0]], null, undefined]);
    expect(result).toEqual([['1'], null, undefined]);
    expect(Object.keys(entities.User ?? {})).toEqual(['1']);
  });

  test('a list whose every item is stored reads them all, in order', () => {
    const { result, entities } = normalize([User], users);
    const read = denormalize([User], result, entities) as User[];
    expect(read.map((user) => user.id)).toEqual(['1', '2', '3']);
    expect(read.every((user) => user instanceof User)).toBe(true);
  });
});
