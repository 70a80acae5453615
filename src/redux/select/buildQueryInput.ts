import type { EntityIndexes, SchemaClass } from '../../schema/interface.js';
import { toSchemaClass } from '../../normalizr/shorthand.js';
import { queryDelegate } from './queryDelegate.js';
import type { StoredTables } from '../../storage/table.js';

/**
 * The normalized input a read can answer from the store alone, without a stored response:
 * `undefined` when it cannot (an All whose tables were never written, an Entity not found).
 */
export function buildQueryInput(
  schema: unknown,
  args: readonly unknown[],
  tables: StoredTables,
  indexes: EntityIndexes,
  keys: readonly string[],
): { found: boolean; input: unknown } {
  const schemaClass: SchemaClass | undefined = toSchemaClass(schema);
  if (schemaClass === undefined) return { found: false, input: undefined };
  if (schemaClass.readsTables) return { found: keys.some((key) => tables[key] !== undefined), input: undefined };
  const input = schemaClass.queryKey?.(args, queryDelegate(tables, indexes));
  return { found: input !== undefined, input };
}
