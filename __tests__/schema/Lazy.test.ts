/**
 * schema.Lazy: related entities normalized and stored as usual while the object holding the field
 * reads its primary key(s); `lazy.query` reads them on demand (`selectQuery`), so a large cyclic graph
 * is never walked whole; a change of a related entity shows through the query and leaves the holder
 * alone; garbage collection keeps what the field names; a value that is no schema is refused.
 */
import { Entity, Lazy, RestEndpoint, normalize, schema, selectQuery } from '../../src/index';
import { API, makeStore } from '../fixtures/store';

/** How many instances of each class reads built. */
const built = { Building: 0, Department: 0 };

class Building extends Entity {
  id = '';
  name = '';
  departments: string[] = [];
  constructor() {
    super();
    built.Building++;
  }
  pk() {
    return this.id;
  }
  static override key = 'Building';
  static override schema: { departments: Lazy<(typeof Department)[]> };
}

class Department extends Entity {
  id = '';
  name = '';
  buildings: string[] = [];
  headquarters = '';
  constructor() {
    super();
    built.Department++;
  }
  pk() {
    return this.id;
  }
  static override key = 'Department';
  static override schema = { buildings: new Lazy([Building]), headquarters: new Lazy(Building) };
}
Building.schema = { departments: new Lazy([Department]) };

const getDepartments = new RestEndpoint({ urlPrefix: API, path: '/departments', schema: [Department] });

const departments = [
  {
    id: 'd1',
    name: 'Physics',
    buildings: [
      { id: 'b1', name: 'North', departments: ['d1', 'd2'] },
      { id: 'b2', name: 'South', departments: ['d1'] },
    ],
    headquarters: { id: 'b1', name: 'North', departments: ['d1', 'd2'] },
  },
  { id: 'd2', name: 'Maths', buildings: ['b1'], headquarters: 'b1' },
];

beforeEach(() => {
  built.Building = 0;
  built.Department = 0;
});

describe('schema.Lazy', () => {
  test('normalizes and stores the related entities; the holder keeps and reads their primary keys', () => {
    const { entities } = normalize([Department], departments);
    expect(entities.Building).toEqual({
      b1: { id: 'b1', name: 'North', departments: ['d1', 'd2'] },
      b2: { id: 'b2', name: 'South', departments: ['d1'] },
    });
    expect(entities.Department?.d1).toEqual({ id: 'd1', name: 'Physics', buildings: ['b1', 'b2'], headquarters: 'b1' });

    const { ctrl } = makeStore();
    ctrl.setResponse(getDepartments, departments);
    const [physics] = ctrl.getResponse(getDepartments).data ?? [];
    expect(physics).toBeInstanceOf(Department);
    expect(physics?.buildings).toEqual(['b1', 'b2']);
    expect(physics?.headquarters).toBe('b1');
    expect(built).toEqual({ Building: 0, Department: 2 });
  });

  test('lazy.query reads them on demand: [Entity] from the stored keys, an Entity by its own query arguments', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getDepartments, departments);
    const physics = selectQuery(Department, 'd1')(store.getState());
    if (physics === undefined) throw new Error('Physics is stored');

    const buildings = selectQuery(Department.schema.buildings.query, physics.buildings)(store.getState());
    expect(buildings?.map((building) => building.name)).toEqual(['North', 'South']);
    expect(buildings?.[0]).toBeInstanceOf(Building);
    expect(buildings?.[0]?.departments).toEqual(['d1', 'd2']);

    const headquarters = Department.schema.headquarters.query;
    expect(selectQuery(headquarters, { id: physics.headquarters })(store.getState())?.name).toBe('North');
    expect(selectQuery(headquarters, physics.headquarters)(store.getState())).toBe(buildings?.[0]);
    expect(selectQuery(headquarters, { id: 'b9' })(store.getState())).toBeUndefined();
    expect(Department.schema.buildings.query).toBe(Department.schema.buildings.query);
  });

  test('lazy.query of a Collection reads the list by its arguments', () => {
    const wings = new schema.Collection([Building], { nestKey: (parent: { id: string }) => ({ campus: parent.id }) });
    class Campus extends Entity {
      id = '';
      wings = '';
      pk() {
        return this.id;
      }
      static override key = 'Campus';
      static override schema = { wings: new Lazy(wings) };
    }
    const { store, ctrl } = makeStore();
    ctrl.set(Campus, { id: 'c1', wings: [{ id: 'b1', name: 'North' }] });
    const campus = selectQuery(Campus, 'c1')(store.getState());
    expect(campus?.wings).toBe('{"campus":"c1"}');
    const read = selectQuery(Campus.schema.wings.query, { campus: 'c1' })(store.getState());
    expect(read?.map((building) => building.name)).toEqual(['North']);
  });

  test('a 10,000-node cycle reads with the instances shown, not the whole graph', () => {
    const size = 5_000;
    // d0 → b0 → d1 → b1 → … → b4999 → d0: one cycle through 10,000 entities
    const graph = Array.from({ length: size }, (_, i) => ({
      id: `d${i}`,
      name: `Department ${i}`,
      buildings: [{ id: `b${i}`, name: `Building ${i}`, departments: [`d${(i + 1) % size}`] }],
      headquarters: `b${i}`,
    }));
    const { store, ctrl } = makeStore({ devChecks: false });
    ctrl.set(new schema.Array(Department), graph);
    expect(built).toEqual({ Building: 0, Department: 0 });

    const first = selectQuery(Department, 'd0')(store.getState());
    expect(built).toEqual({ Building: 0, Department: 1 });
    const [building] = selectQuery(Department.schema.buildings.query, first?.buildings)(store.getState()) ?? [];
    const [next] = selectQuery(Building.schema.departments.query, building?.departments)(store.getState()) ?? [];
    expect(next?.name).toBe('Department 1');
    expect(built).toEqual({ Building: 1, Department: 2 });
  });

  test('the same cycle read eagerly builds all 10,000 (what Lazy spares)', () => {
    const eager = { count: 0 };
    class Hall extends Entity {
      id = '';
      next!: Faculty;
      constructor() {
        super();
        eager.count++;
      }
      pk() {
        return this.id;
      }
      static override key = 'Hall';
      static override schema: { next: typeof Faculty };
    }
    class Faculty extends Entity {
      id = '';
      hall!: Hall;
      constructor() {
        super();
        eager.count++;
      }
      pk() {
        return this.id;
      }
      static override key = 'Faculty';
      static override schema = { hall: Hall };
    }
    Hall.schema = { next: Faculty };
    const size = 5_000;
    const { store, ctrl } = makeStore({ devChecks: false });
    ctrl.set(
      new schema.Array(Faculty),
      Array.from({ length: size }, (_, i) => ({ id: `f${i}`, hall: { id: `h${i}`, next: `f${(i + 1) % size}` } })),
    );
    selectQuery(Faculty, 'f0')(store.getState());
    expect(eager.count).toBe(10_000);
  });

  test('a change of a related entity shows through the query; the holder keeps its identity and is not read again', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getDepartments, departments);
    const selectPhysics = selectQuery(Department, 'd1');
    const physics = selectPhysics(store.getState());
    const list = ctrl.getResponse(getDepartments).data;
    const selectBuildings = selectQuery(Department.schema.buildings.query, physics?.buildings);
    expect(selectBuildings(store.getState())?.[0]?.name).toBe('North');
    const recomputed = selectPhysics.recomputations();

    ctrl.set(Building, { id: 'b1', name: 'North (renovated)' });

    expect(selectBuildings(store.getState())?.map((building) => building.name)).toEqual(['North (renovated)', 'South']);
    expect(selectPhysics(store.getState())).toBe(physics);
    expect(selectPhysics.recomputations()).toBe(recomputed);
    expect(ctrl.getResponse(getDepartments).data).toBe(list);
  });

  test('garbage collection keeps the related entities while what holds them is kept', async () => {
    const clock = { now: 1_000 };
    const { ctrl, slice } = makeStore({ now: () => clock.now, keepUnusedDataFor: 1 });
    const release = ctrl.retain(getDepartments);
    ctrl.setResponse(getDepartments, departments);
    clock.now += 60_000;
    ctrl.gc();
    expect(Object.keys(slice().entities.Building ?? {})).toEqual(['b1', 'b2']);

    release();
    clock.now += 60_000;
    ctrl.gc();
    expect(Object.keys(slice().entities.Building ?? {})).toEqual([]);
    expect(Object.keys(slice().entities.Department ?? {})).toEqual([]);
  });

  test.each([
    ['a string', 'Building', /received "Building"/],
    ['undefined (an import cycle)', undefined, /received undefined\. An undefined here is most often an import cycle/],
    ['[undefined]', [undefined], /received \[null\]/],
    ['a number', 3, /received 3/],
  ])('refuses %s, naming schema.Lazy', (_what, value, received) => {
    // what JavaScript, or an import cycle, passes where the types allow no such value
    const unchecked = value as object;
    expect(() => new Lazy(unchecked)).toThrow(/^schema\.Lazy takes a schema: an Entity class, \[Entity\]/);
    expect(() => new Lazy(unchecked)).toThrow(received);
  });
});
