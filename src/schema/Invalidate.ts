import type { DenormalizeDelegate, EntitySchema, NormalizeDelegate, SchemaClass } from './interface.js';
import { describeValue } from '../utils/describeValue.js';
import { entityKey } from './entityKey.js';
import { toPk } from './toPk.js';
import { isRecord } from '../utils/isRecord.js';
import { whileNormalizing } from './shapeError.js';

/**
 * Marks an entity deleted: it leaves its table, every `All`, every list and every read by id.
 * The response may be the deleted item, its primary key, or nothing useful (then the request's
 * params name it). An item without its primary key is found through a field the Entity indexes:
 * `DELETE /labels/:name` deletes the label whose `name` it is, with `static indexes = ['name']`.
 *
 * @example
 * ```ts
 * new RestEndpoint({ path: '/users/:id', method: 'DELETE', schema: new schema.Invalidate(User) });
 * ```
 * @see docs/guide/schemas.md
 */
export class Invalidate<E extends EntitySchema = EntitySchema> implements SchemaClass {
  /** The kind of entity this deletes. */
  declare readonly schema: E;

  constructor(entity: E) {
    this.schema = entity;
  }

  /**
   * Deletes the entity the input names, and returns its primary key (`undefined` when an indexed
   * field names no stored entity: nothing stored to delete).
   * @throws TypeError when the input holds neither the primary key nor an indexed field
   */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string | undefined {
    const entity = this.schema;
    const name = entityKey(entity);
    const object = isRecord(input);
    const processed = object ? entity.process(input, parent, key, delegate.args) : {};
    const rawPk = object ? entity.pk(processed, parent, key, delegate.args) : input;
    let pk = toPk(rawPk);
    if (pk === undefined) {
      const indexes = entity.indexes ?? [];
      const indexed = indexes.filter((field) => processed[field] !== undefined && processed[field] !== null);
      if (indexed.length === 0) {
        throw new TypeError(
          `schema.Invalidate(${name}) could not find which entity to delete ${whileNormalizing(delegate.source)}` +
            // production names the schema, the request and the item; development says why
            (process.env.NODE_ENV === 'production'
              ? ''
              : !object
                ? ': expected the item or its primary key'
                : `: the item has no primary key (${name}.pk() returned ${describeValue(rawPk)})` +
                  (indexes.length > 0
                    ? ` and none of the fields ${name} indexes (${indexes.join(', ')})`
                    : toDeleteBy(processed))) +
            `. Received: ${describeValue(input)}`,
        );
      }
      for (const field of indexed) pk ??= delegate.getIndex?.(name, field, `${processed[field]}`);
      if (pk === undefined) return undefined; // the field names no stored entity: nothing to delete
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

/** How to delete by another field of `item` (development advice): declare it in the Entity's indexes. */
function toDeleteBy(item: { readonly [field: string]: unknown }): string {
  const example = Object.keys(item).find((field) => typeof item[field] === 'string') ?? 'name';
  return `. To delete by another field (such as '${example}'), declare it in static indexes = ['${example}']`;
}
