/**
 * schema.All: every stored entity of a kind, as an array, wherever it came from; at the top level
 * and nested in object and Entity schemas, where memoized reads follow its table. All over a
 * mapping of several kinds is in Polymorphic.test.ts.
 */
import { Entity, MemoCache, denormalize, getEntitySelectors, normalize, schema, storeView } from '../../src/index';
import type { EntityTables } from '../../src/index';
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

describe('All nested in an Entity follows its table in memoized reads (DESIGN §5.3)', () => {
  class Building extends Entity {
    id = '';
    name = '';
    pk() {
      return this.id;
    }
    static override key = 'Building';
  }
  class Campus extends Entity {
    id = '';
    everything: Building[] = [];
    pk() {
      return this.id;
    }
    static override key = 'Campus';
    static override schema = { everything: new schema.All(Building) };
  }

  /** The tables after `write`, merged as the store applies a write (new tables for the kinds it touches). */
  function written(tables: EntityTables, write: EntityTables): EntityTables {
    const next: { [key: string]: EntityTables[string] } = { ...tables };
    for (const key of Object.keys(write)) next[key] = { ...tables[key], ...write[key] };
    return next;
  }
  const names = (campus: Campus) => campus.everything.map((building) => building.name);

  test('a Building written later appears in a memoized read of the Campus, as in a fresh one', () => {
    const first = normalize(Campus, { id: 'c', everything: [{ id: 'b1', name: 'Library' }] });
    const memo = new MemoCache();
    const before = memo.denormalize(Campus, first.result, first.entities) as Campus;
    expect(names(before)).toEqual(['Library']);
    const later = written(first.entities, normalize(Building, { id: 'b2', name: 'Gym' }).entities);
    const after = memo.denormalize(Campus, first.result, later) as Campus;
    expect(names(after)).toEqual(names(new MemoCache().denormalize(Campus, first.result, later) as Campus));
    expect(names(after)).toEqual(['Library', 'Gym']);
    // the Building that did not change is the same instance
    expect(after.everything[0]).toBe(before.everything[0]);
  });

  test('a Building removed from its table leaves the memoized read; unchanged tables keep the Campus', () => {
    const first = normalize(Campus, {
      id: 'c',
      everything: [
        { id: 'b1', name: 'Library' },
        { id: 'b2', name: 'Gym' },
      ],
    });
    const memo = new MemoCache();
    const before = memo.denormalize(Campus, first.result, first.entities) as Campus;
    expect(memo.denormalize(Campus, first.result, { ...first.entities })).toBe(before);
    const { b2: _removed, ...rest } = first.entities.Building ?? {};
    const after = memo.denormalize(Campus, first.result, { ...first.entities, Building: rest }) as Campus;
    expect(names(after)).toEqual(['Library']);
  });

  test('the module-level denormalize and a store selector follow the table too', () => {
    const first = normalize(Campus, { id: 'c2', everything: [{ id: 'b1', name: 'Library' }] });
    expect(names(denormalize(Campus, first.result, first.entities) as Campus)).toEqual(['Library']);
    const later = written(first.entities, normalize(Building, { id: 'b3', name: 'Lab' }).entities);
    expect(names(denormalize(Campus, first.result, later) as Campus)).toEqual(['Library', 'Lab']);

    const { selectById } = getEntitySelectors(Campus);
    const state = (entities: EntityTables) => ({ entities: { entities } });
    expect(names(selectById(state(first.entities), 'c2') as Campus)).toEqual(['Library']);
    expect(names(selectById(state(later), 'c2') as Campus)).toEqual(['Library', 'Lab']);
  });
});
