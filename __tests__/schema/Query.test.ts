/** schema.Query: a derived read of a queryable schema (here schema.All), memoized per read arguments. */
import { denormalize, normalize, schema } from '../../src/index';
import { User } from '../fixtures/spec';

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
});
