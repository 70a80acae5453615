import type { SchemaClass } from './interface.js';
import { isObjectLike } from '../utils/isRecord.js';

/** True for schema classes and Entity classes, false for shorthands (`[X]`, `{ a: X }`) and data. */
export function isSchemaClass(schema: unknown): schema is SchemaClass {
  return isObjectLike(schema) && typeof (schema as Partial<SchemaClass>).normalize === 'function';
}
