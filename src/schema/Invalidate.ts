import type { DenormalizeDelegate, EntitySchema, NormalizeDelegate, SchemaClass } from './interface.js';
import { describeValue } from './describeValue.js';
import { entityKey } from './entityKey.js';
import { toPk } from './toPk.js';

/**
 * Marks an entity deleted: it leaves its table, every `All`, every list and every read by id.
 * The response may be the deleted item, its primary key, or nothing useful (then the request's
 * arguments are tried).
 *
 * @example
 * ```ts
 * new RestEndpoint({ path: '/users/:id', method: 'DELETE', schema: new schema.Invalidate(User) });
 * ```
 */
export class Invalidate<E extends EntitySchema = EntitySchema> implements SchemaClass {
  /** The kind of entity this deletes. */
  readonly schema: E;

  constructor(entity: E) {
    this.schema = entity;
  }

  /** Deletes the entity the input names, and returns its primary key. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string {
    const entity = this.schema;
    const pk =
      typeof input === 'object' && input !== null
        ? toPk(entity.pk(entity.process(input as Record<string, unknown>, parent, key, delegate.args), parent, key, delegate.args))
        : toPk(input);
    if (pk === undefined) {
      throw new TypeError(
        `schema.Invalidate(${entityKey(entity)}) could not find which entity to delete while normalizing ${delegate.source ?? 'a response'}: ` +
          `expected the item or its primary key. Received: ${describeValue(input)}`,
      );
    }
    delegate.deleteEntity(entity, pk);
    return pk;
  }

  /** Reads the entity (gone after the delete lands). */
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return delegate.unvisit(this.schema, input);
  }

  /** The entity's table. */
  tableKeys(add: (schema: unknown) => void): void {
    add(this.schema);
  }
}
