import type { DenormalizeDelegate, EntitySchema, NormalizeDelegate, SchemaClass } from './interface.js';
import { describeValue } from './describeValue.js';
import { entityKey } from './entityKey.js';
import { toPk } from './toPk.js';

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
 */
export class Invalidate<E extends EntitySchema = EntitySchema> implements SchemaClass {
  /** The kind of entity this deletes. */
  readonly schema: E;

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
    if (typeof input !== 'object' || input === null) {
      const pk = toPk(input);
      if (pk === undefined) throw new TypeError(`${this.cannotFind(delegate)}expected the item or its primary key. Received: ${describeValue(input)}`);
      delegate.deleteEntity(entity, pk);
      return pk;
    }
    const processed = entity.process(input as Record<string, unknown>, parent, key, delegate.args);
    const rawPk = entity.pk(processed, parent, key, delegate.args);
    let pk = toPk(rawPk);
    if (pk === undefined) {
      const indexed = (entity.indexes ?? []).filter((field) => processed[field] !== undefined && processed[field] !== null);
      if (indexed.length === 0) throw new TypeError(this.noPkOrIndex(input, rawPk, delegate));
      for (const field of indexed) {
        pk = delegate.getIndex?.(entityKey(entity), field, `${processed[field] as string}`);
        if (pk !== undefined) break;
      }
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

  private cannotFind(delegate: NormalizeDelegate): string {
    return `schema.Invalidate(${entityKey(this.schema)}) could not find which entity to delete while normalizing ${delegate.source ?? 'a response'}: `;
  }

  private noPkOrIndex(input: object, rawPk: unknown, delegate: NormalizeDelegate): string {
    const key = entityKey(this.schema);
    const noPk = `the item has no primary key (${key}.pk() returned ${describeValue(rawPk)})`;
    const { indexes } = this.schema;
    if (indexes !== undefined && indexes.length > 0) {
      return `${this.cannotFind(delegate)}${noPk} and none of the fields ${key} indexes (${indexes.join(', ')}). Received: ${describeValue(input)}`;
    }
    const example = Object.keys(input).find((field) => typeof (input as Record<string, unknown>)[field] === 'string') ?? 'name';
    return `${this.cannotFind(delegate)}${noPk}. To delete by another field (such as '${example}'), declare it in static indexes = ['${example}']. Received: ${describeValue(input)}`;
  }
}
