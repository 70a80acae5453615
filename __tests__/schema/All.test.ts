/**
 * schema.All: every stored entity of a kind, as an array, wherever it came from; at the top level
 * and nested in object and Entity schemas. All over a mapping of several kinds is in
 * Polymorphic.test.ts.
 */
import { Entity, denormalize, normalize, schema, storeView } from '../../src/index';
import { User, usersResponse, usersSchema } from '../fixtures/spec';

describe('schema.All with one Entity (spec 2.1, 4.2 item 2)', () => {
  test('normalizes the user list into the User table, keyed by pk()', () => {
    const { result, entities } = normalize(usersSchema, usersResponse);
    expect(result).toEqual(['1', '2']);
    expect(JSON.parse(JSON.stringify(entities))).toEqual({
      User: { '1': { id: '1', name: 'Ann' }, '2': { id: '2', name: 'Bo' } },
    });
  });

  test('reads every cached User as instances, including ones from other responses', () => {
    const first = normalize(usersSchema, usersResponse);
    const created = normalize(User, { id: '3', name: 'Cy' }, [], { store: storeView(first) });
    const entities = { User: { ...first.entities.User, ...created.entities.User } };
    const users = denormalize(usersSchema, first.result, entities) as User[];
    expect(users.map((user) => user.pk())).toEqual(['1', '2', '3']);
    expect(users.every((user) => user instanceof User)).toBe(true);
    expect(users[2]?.name).toBe('Cy');
  });

  test('lists an empty array when no entity of the kind is cached', () => {
    expect(denormalize(usersSchema, undefined, {})).toEqual([]);
  });
});

describe('All nested in object and Entity schemas (DESIGN §5.3)', () => {
  test('inside an object schema the field lists every cached entity', () => {
    const page = { results: new schema.All(User) };
    const first = normalize(page, { results: usersResponse, next: 'cursor' });
    const read = denormalize(page, first.result, first.entities) as { results: User[]; next: string };
    expect(read.next).toBe('cursor');
    expect(read.results.map((user) => user.name)).toEqual(['Ann', 'Bo']);
  });

  test('inside an Entity schema the field lists every cached entity', () => {
    class Team extends Entity {
      id = '';
      members: User[] = [];
      pk() {
        return this.id;
      }
      static override key = 'Team';
      static override schema = { members: new schema.All(User) };
    }
    const { result, entities } = normalize(Team, { id: 't', members: usersResponse });
    const team = denormalize(Team, result, entities) as Team;
    expect(team.members.map((user) => user.pk())).toEqual(['1', '2']);
  });
});
