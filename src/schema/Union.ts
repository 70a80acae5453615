import type { DenormalizeDelegate, NormalizeDelegate, QueryDelegate, SchemaClass } from './interface.js';
import { Polymorphic, type SchemaAttribute, type SchemaMapping } from './Polymorphic.js';
import { getOwn } from '../utils/ownProperty.js';
import { describeValue } from '../utils/describeValue.js';
import { isRecord } from '../utils/isRecord.js';
import { whileNormalizing } from './shapeError.js';
import { isArray } from '../utils/isArray.js';

/**
 * One item that may be any of several Entity kinds, picked by `schemaAttribute`.
 *
 * @example
 * ```ts
 * new schema.Union({ link: Link, post: Post }, 'type');
 * ```
 * @see docs/guide/schemas.md
 */
export class Union<D extends SchemaMapping = SchemaMapping> extends Polymorphic<D> implements SchemaClass {
  constructor(definition: D, schemaAttribute: SchemaAttribute) {
    if (process.env.NODE_ENV !== 'production' && schemaAttribute === undefined) {
      throw new TypeError(
        `schema.Union needs a schemaAttribute: the attribute name (e.g. 'type') or (value, parent, key) => mapping key.`,
      );
    }
    super(definition, schemaAttribute);
  }

  /**
   * Normalizes the item with the schema its attribute picks.
   * @throws TypeError for an array: a Union is one item, and no attribute picks a kind for a list
   */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    if (isArray(input)) {
      throw new TypeError(
        `schema.Union (${Object.keys(this.schema).join(', ')}) expected one item ${whileNormalizing(delegate.source, key)}, but received an array. ` +
          (process.env.NODE_ENV !== 'production'
            ? 'For a list of them, use [union] or new schema.Array(union). '
            : '') +
          `Received: ${describeValue(input)}`,
      );
    }
    return this.normalizeValue(input, parent, key, delegate);
  }

  /** Reads the item back as an instance of its kind. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return this.denormalizeValue(input, delegate);
  }

  /** Finds the item from arguments naming the attribute and the primary key (string attributes only). */
  queryKey(args: readonly unknown[], delegate: QueryDelegate): unknown {
    const [first] = args;
    if (typeof this.schemaAttribute !== 'string' || !isRecord(first)) return undefined;
    const attribute = first[this.schemaAttribute];
    const schema = getOwn(this.schema, `${attribute}`) as Partial<SchemaClass> | undefined;
    const id = schema?.queryKey?.(args, delegate);
    return id === undefined ? undefined : { id, schema: `${attribute}` };
  }
}
