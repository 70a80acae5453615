import { entityKey } from '../schema/entityKey.js';
import { isEntityClass } from '../schema/isEntityClass.js';
import { toSchemaClass } from './shorthand.js';
import { isStoredSchema } from '../schema/isStoredSchema.js';

/** Every entity key a schema may read, following nested and circular schemas. */
export function collectTableKeys(schema: unknown): string[] {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const add = (item: unknown): void => {
    if ((typeof item !== 'object' && typeof item !== 'function') || item === null || seen.has(item)) return;
    seen.add(item);
    if (isEntityClass(item)) keys.add(entityKey(item));
    else if (isStoredSchema(item)) keys.add(item.key);
    toSchemaClass(item)?.tableKeys(add);
  };
  add(schema);
  return [...keys];
}
