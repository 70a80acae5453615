import { ArraySchema } from '../schema/ArraySchema.js';
import { Invalidate } from '../schema/Invalidate.js';
import { isEntityClass } from '../schema/isEntityClass.js';
import { isStoredSchema } from '../schema/isStoredSchema.js';
import { ObjectSchema } from '../schema/ObjectSchema.js';
import { Query } from '../schema/Query.js';
import { Values } from '../schema/Values.js';
import { isRecord } from '../utils/isRecord.js';
import { getOwn } from '../utils/ownProperty.js';
import { toSchemaClass } from './shorthand.js';
import { isArray } from '../utils/isArray.js';

/**
 * Whether `result` is a value `normalize(schema, …)` could have returned: the check a stored result
 * passes before it is read, since it may have come from elsewhere (another tab, a saved state,
 * another version of the app). An entity's place holds its primary key (a string), a list an
 * array, `schema.Object` and `schema.Values` an object, each place checked against its schema down
 * the result; `null` is never a whole result (`normalize` refuses it), only a part. Whatever a
 * schema keeps as it is, or does not read (`schema.All` lists its tables), and the places of
 * polymorphic schemas (items with no schema are kept as they are) fit anything, as do schema
 * classes of the app's own.
 *
 * @param schema the endpoint's schema (`undefined`: data kept as it is)
 */
export function resultFits(schema: unknown, result: unknown): boolean {
  if (toSchemaClass(schema) === undefined) return true;
  if (!isRecord(result)) return result !== null && fits(schema, result);
  // a result is asked about on every read of its call: each one is walked once
  if (fitting.get(result) !== schema) {
    if (!fits(schema, result)) return false;
    fitting.set(result, schema);
  }
  return true;
}

/** Each result found to fit, and the schema it fits. */
const fitting = new WeakMap<object, unknown>();

function fits(schema: unknown, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const found = toSchemaClass(schema);
  if (found === undefined || found.readsTables === true) return true;
  if (isEntityClass(found) || isStoredSchema(found) || found instanceof Invalidate)
    return typeof value === 'string' || typeof value === 'boolean';
  if (found instanceof Query) return fits(found.schema, value);
  if (found instanceof ArraySchema)
    return isArray(value) && (!found.isSingleSchema || value.every((item) => fits(found.schema, item)));
  if (!(found instanceof ObjectSchema || found instanceof Values)) return true;
  if (!isRecord(value) || isArray(value)) return false;
  if (found instanceof Values)
    return !found.isSingleSchema || Object.keys(value).every((name) => fits(found.schema, value[name]));
  return Object.keys(found.schema).every((field) => fits(found.schema[field], getOwn(value, field)));
}
