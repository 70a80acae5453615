import type { DenormalizeDelegate, EntitySchema } from './interface.js';
import { ArraySchema } from './ArraySchema.js';
import type { SchemaAttribute } from './Polymorphic.js';
import { isEntityClass } from './isEntityClass.js';
import { entityKey } from './entityKey.js';

/**
 * Every stored entity of one kind, or of several kinds, as an array. Normalizing a response with it
 * stores each item like `schema.Array` does; reading it lists the tables, so entities that arrived
 * through any other endpoint are included. Order: table by table in mapping order, records in table
 * order. Deleted entities are never listed.
 *
 * @param definition one Entity class, or a mapping from attribute values to Entity classes
 * @param schemaAttribute required with a mapping: the attribute name, or `(value, parent, key) => mapping key`
 * @example
 * ```ts
 * new schema.All(User);
 * new schema.All({ link: Link, post: Post }, 'type');
 * new schema.All({ links: Link, posts: Post }, (value) => `${value.type}s`);
 * ```
 */
export class All<D = unknown> extends ArraySchema<D> {
  /** Reads list the tables; the stored input is not needed. */
  readonly readsTables = true;

  constructor(definition: D, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute);
  }

  /** Lists every stored entity of the declared kinds. The input is ignored. */
  override denormalize(_input: unknown, delegate: DenormalizeDelegate): unknown[] {
    const output: unknown[] = [];
    for (const entity of this.entities()) {
      const pks = delegate.getPks(entityKey(entity));
      for (let i = 0; i < pks.length; i++) {
        const value = delegate.entity(entity, pks[i] as string);
        if (value !== undefined) output.push(value);
      }
    }
    return output;
  }

  /** The Entity classes listed, in mapping order, each once. */
  entities(): EntitySchema[] {
    const found: EntitySchema[] = [];
    const add = (schema: unknown) => {
      if (!isEntityClass(schema)) {
        throw new TypeError(`schema.All lists stored entities, so its definition must be Entity classes; received ${String(schema)}.`);
      }
      if (!found.some((entity) => entity.key === schema.key)) found.push(schema);
    };
    this.tableKeys(add);
    return found;
  }
}
