import type { DenormalizeDelegate, NormalizeDelegate, QueryDelegate, SchemaClass } from './interface.js';
import { shapeError } from './shapeError.js';
import { isRecord } from '../utils/isRecord.js';
import { isArray } from '../utils/isArray.js';

type Definition = { readonly [field: string]: unknown };

/**
 * An object whose listed fields have schemas; other fields pass through. `{ field: X }` is its
 * shorthand. The schema of a bundled mutation response: `{ trade: Trade, account: Account }`.
 *
 * @see docs/guide/schemas.md
 */
export class ObjectSchema<D extends Definition = Definition> implements SchemaClass {
  /** The schema of each field. */
  declare schema: D;

  constructor(definition: D) {
    this.schema = definition;
  }

  /** Adds or replaces field schemas (for circular definitions). */
  define(definition: Partial<D> & Definition): this {
    this.schema = { ...this.schema, ...definition } as D;
    return this;
  }

  /** Normalizes the fields that have schemas; copies the others. */
  normalize(
    input: unknown,
    parent: unknown,
    key: string | undefined,
    delegate: NormalizeDelegate,
  ): Record<string, unknown> {
    if (!isRecord(input) || isArray(input)) {
      throw shapeError('schema.Object', 'an object', input, delegate, key);
    }
    const output: Record<string, unknown> = { ...input };
    for (const field in this.schema) {
      const value = input[field];
      if (value === undefined) continue;
      output[field] = delegate.visit(this.schema[field], value, input, field);
    }
    return output;
  }

  /** Denormalizes the fields that have schemas; copies the others. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): Record<string, unknown> {
    const output: Record<string, unknown> = isRecord(input) ? { ...input } : {};
    for (const field in this.schema) {
      const value = delegate.unvisit(this.schema[field], output[field]);
      if (value !== undefined || field in output) output[field] = value;
    }
    return output;
  }

  /** Builds the object from each field's query, when every field can answer. */
  queryKey(args: readonly unknown[], delegate: QueryDelegate): Record<string, unknown> {
    const output: Record<string, unknown> = {};
    for (const field in this.schema) {
      const schema = this.schema[field] as Partial<SchemaClass>;
      if (typeof schema.queryKey === 'function') output[field] = schema.queryKey(args, delegate);
    }
    return output;
  }

  /** Every schema of a field. */
  tableKeys(add: (schema: unknown) => void): void {
    for (const field in this.schema) add(this.schema[field]);
  }
}
