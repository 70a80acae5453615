import type { StoredSchema } from './interface.js';
import { isObjectLike } from '../utils/isRecord.js';

/** True for schemas stored in a table of their own: Entity classes and Collections. */
export function isStoredSchema(schema: unknown): schema is StoredSchema {
  return (
    isObjectLike(schema) &&
    typeof (schema as Partial<StoredSchema>).key === 'string' &&
    typeof (schema as Partial<StoredSchema>).denormalizeFields === 'function'
  );
}
