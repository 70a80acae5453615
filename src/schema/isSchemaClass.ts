import type { SchemaClass } from './interface.js';

/** True for schema classes and Entity classes, false for shorthands (`[X]`, `{ a: X }`) and data. */
export function isSchemaClass(schema: unknown): schema is SchemaClass {
  return (
    (typeof schema === 'function' || (typeof schema === 'object' && schema !== null)) &&
    typeof (schema as Partial<SchemaClass>).normalize === 'function'
  );
}
