import type { DenormalizeDelegate, NormalizeDelegate, QueryDelegate, SchemaClass } from './interface.js';
import { isSchemaClass } from './isSchemaClass.js';
import { isStoredSchema } from './isStoredSchema.js';
import { Query } from './Query.js';
import type { Denormalize } from './types.js';
import { describeValue } from '../utils/describeValue.js';
import { isPlainObject } from '../utils/isPlainObject.js';
import { isArray } from '../utils/isArray.js';
import { isRecord } from '../utils/isRecord.js';

/**
 * A relation read on demand. Its entities are normalized and stored as usual, but a read of the
 * object holding the field leaves the field as it is stored: the primary key(s). Read them with
 * `selectQuery(lazy.query, pks)` or `useQuery(lazy.query, pks)` when they are shown, so a large
 * graph (departments and their buildings, each pointing back) is never walked whole: a read builds
 * the instances it shows, and a change of a related entity rebuilds only the reads of `query`,
 * never the objects that hold the field. Garbage collection keeps the related entities while what
 * holds them is kept.
 *
 * @typeParam S the related schema: an Entity class, `[Entity]`, a `schema.Collection`…
 * @example
 * ```ts
 * class Building extends Entity {
 *   id = '';
 *   pk() { return this.id; }
 *   static override key = 'Building';
 * }
 * class Department extends Entity {
 *   id = '';
 *   buildings: string[] = []; // the buildings' primary keys
 *   pk() { return this.id; }
 *   static override key = 'Department';
 *   static override schema = { buildings: new Lazy([Building]) };
 * }
 * const department = selectQuery(Department, { id: '1' })(state);
 * const buildings = department && selectQuery(Department.schema.buildings.query, department.buildings)(state); // Building[]
 * ```
 * @see docs/guide/schemas.md#lazy-relations
 */
export class Lazy<S extends object = object> implements SchemaClass {
  /** The related schema. */
  readonly schema: S;
  /** What garbage collection follows: the related schema. */
  readonly reaches: S;
  declare private lazyQuery: LazyQuery<S> | undefined;

  /**
   * @param schema the related schema
   * @throws TypeError, naming `schema.Lazy` and the value, when `schema` is no schema (an `undefined`
   *   here is most often an import cycle)
   */
  constructor(schema: S) {
    if (!isSchema(schema)) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `schema.Lazy takes a schema: an Entity class, [Entity], a schema such as schema.Collection, or { field: schema }; ` +
              `received ${describeValue(schema)}. An undefined here is most often an import cycle: import the Entity from its own module.`
          : `schema.Lazy takes a schema; received ${describeValue(schema)}.`,
      );
    }
    this.schema = schema;
    this.reaches = schema;
    this.lazyQuery = undefined;
  }

  /**
   * The read of the related entities: `selectQuery(lazy.query, pks)` and `useQuery(lazy.query, pks)`
   * take the field's stored value (`[Entity]`: the array of keys); for a single Entity or a
   * Collection, the arguments that Entity or Collection is read with (`{ id }`, a primary key, the
   * list's arguments). One object per Lazy, so reads of it share their memo.
   */
  get query(): LazyQuery<S> {
    return (this.lazyQuery ??= new LazyQuery(this.schema));
  }

  /** Normalizes and stores the related entities, as the related schema does. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    return delegate.visit(this.schema, input, parent, key);
  }

  /** Leaves the stored value as it is: the primary key(s). */
  denormalize(input: unknown, _delegate: DenormalizeDelegate): unknown {
    return input;
  }

  /** Reads no table. */
  tableKeys(_add: (schema: unknown) => void): void {}
}

/**
 * The read of a `Lazy` field's entities (`lazy.query`): the related schema, read from the value the
 * field holds or, for an Entity or a Collection, from the arguments it is read with.
 *
 * @see docs/guide/schemas.md#lazy-relations
 */
export class LazyQuery<S extends object = object> extends Query<S, Denormalize<S>> {
  constructor(schema: S) {
    super(schema, (value) => value);
  }

  /** An Entity's or a Collection's own query of the arguments; anything else reads the first argument, the field's value. */
  override queryKey(args: readonly unknown[], delegate: QueryDelegate): unknown {
    return isStoredSchema(this.schema) ? super.queryKey(args, delegate) : args[0];
  }
}

/** A schema class, an Entity class, `[schema]`, or a `{ field: schema }` object. */
function isSchema(value: unknown): boolean {
  if (isSchemaClass(value)) return true;
  if (isArray(value)) return value.length === 1 && isSchema(value[0]);
  return isRecord(value) && isPlainObject(value);
}
