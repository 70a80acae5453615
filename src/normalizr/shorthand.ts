import { ArraySchema } from '../schema/ArraySchema.js';
import { ObjectSchema } from '../schema/ObjectSchema.js';
import type { SchemaClass } from '../schema/interface.js';
import { isSchemaClass } from '../schema/isSchemaClass.js';
import { isRecord } from '../utils/isRecord.js';
import { keepShapeAlive } from '../utils/keepShapeAlive.js';
import { isArray } from '../utils/isArray.js';

const expanded = new WeakMap<object, SchemaClass>();

/**
 * The schema class a schema stands for: itself, or `schema.Array` for `[X]` and `schema.Object`
 * for `{ a: X }` (made once per shorthand). `undefined` for anything that is not a schema.
 */
export function toSchemaClass(schema: unknown): SchemaClass | undefined {
  if (isSchemaClass(schema)) return schema;
  if (!isRecord(schema)) return undefined;
  let found = expanded.get(schema);
  if (found === undefined) {
    found = isArray(schema) ? new ArraySchema(schema[0]) : new ObjectSchema(schema);
    expanded.set(schema, found);
  }
  return found;
}

// a shorthand written in the call itself (`normalize([User], data)`) is expanded anew for each call and
// dies with it: one expansion of each kind kept alive keeps their hidden classes (see keepShapeAlive)
keepShapeAlive(new ArraySchema(undefined));
keepShapeAlive(new ObjectSchema({}));
