/**
 * Type tests for `Lazy`: a Lazy field reads as what it stores (the primary key(s)), its `query`
 * reads as the related schema does, and `Lazy` takes schemas only. Compiled by `tsc --noEmit` (see
 * tsconfig.json), never run.
 */
import { Entity, Lazy, createController, schema, selectQuery } from '../../src/index';
import type { Denormalize, LazyQuery, Normalize, PolymorphicRef } from '../../src/index';
import { useQuery } from '../../src/react/index';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

class Building extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'Building';
}
class Room extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = 'Room';
}
const wings = new schema.Collection([Building]);
class Department extends Entity {
  id = '';
  buildings: string[] = [];
  headquarters = '';
  pk() {
    return this.id;
  }
  static override key = 'Department';
  static override schema = {
    buildings: new Lazy([Building]),
    headquarters: new Lazy(Building),
    wings: new Lazy(wings),
    spaces: new Lazy(new schema.Array({ building: Building, room: Room }, 'type')),
  };
}

// a Lazy field reads as what it stores: the primary key(s)
expectType<Equal<Denormalize<typeof Department.schema.buildings>, string[]>>();
expectType<Equal<Denormalize<typeof Department.schema.headquarters>, string>>();
expectType<Equal<Denormalize<typeof Department.schema.wings>, string>>();
expectType<Equal<Denormalize<typeof Department.schema.spaces>, PolymorphicRef[]>>();
expectType<
  Equal<
    Denormalize<{ department: typeof Department; buildings: Lazy<[typeof Building]> }>,
    { department: Department; buildings: string[] }
  >
>();
expectType<Equal<Normalize<{ trade: typeof Building; rooms: (typeof Room)[] }>, { trade: string; rooms: string[] }>>();

// its query reads as the related schema does
expectType<Equal<typeof Department.schema.buildings.query, LazyQuery<(typeof Building)[]>>>();
expectType<Equal<Denormalize<typeof Department.schema.buildings.query>, Building[]>>();
expectType<Equal<Denormalize<typeof Department.schema.headquarters.query>, Building>>();
expectType<Equal<Denormalize<typeof Department.schema.wings.query>, Building[]>>();
declare const department: Department;
const buildings = selectQuery(Department.schema.buildings.query, department.buildings)({});
expectType<Equal<typeof buildings, Building[] | undefined>>();
declare const ctrl: ReturnType<typeof createController>;
const headquarters = ctrl.get(Department.schema.headquarters.query, { id: department.headquarters });
expectType<Equal<typeof headquarters, Building | undefined>>();

export function Buildings() {
  const read = useQuery(Department.schema.buildings.query, department.buildings);
  expectType<Equal<typeof read, Building[] | undefined>>();
  return null;
}

// @ts-expect-error: the query reads instances, not keys
expectType<Equal<Denormalize<typeof Department.schema.buildings.query>, string[]>>();
// @ts-expect-error: Lazy takes a schema, not a name
new Lazy('Building');
// @ts-expect-error: nor a number
new Lazy(3);
