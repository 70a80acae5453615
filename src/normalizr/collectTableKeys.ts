import { entityKey } from '../schema/entityKey.js';
import { isEntityClass } from '../schema/isEntityClass.js';
import { toSchemaClass } from './shorthand.js';
import { isStoredSchema } from '../schema/isStoredSchema.js';
import { isObjectLike } from '../utils/isRecord.js';

/** Calls `visit` once with every schema `schema` may read through: itself, and its nested and circular schemas. */
export function walkSchemas(schema: unknown, visit: (item: object) => void): void {
  const seen = new Set<unknown>();
  const add = (item: unknown): void => {
    if (!isObjectLike(item) || seen.has(item)) return;
    seen.add(item);
    visit(item);
    toSchemaClass(item)?.tableKeys(add);
  };
  add(schema);
}

/** Every entity key a schema may read, following nested and circular schemas. */
export function collectTableKeys(schema: unknown): string[] {
  const keys = new Set<string>();
  walkSchemas(schema, (item) => {
    if (isEntityClass(item)) keys.add(entityKey(item));
    else if (isStoredSchema(item)) keys.add(item.key);
  });
  return [...keys];
}
