import type { Denormalize } from '../schema/types.js';
import { MemoCache } from './memo/MemoCache.js';
import type { StoredTables } from '../storage/table.js';

const sharedCache = /* @__PURE__ */ new MemoCache();

/**
 * Reads a normalized result back into class instances, from entity tables. Memoized: with the same
 * tables the same object comes back (`===`); when one record changes, only the objects that contain
 * it are rebuilt.
 *
 * @param schema the schema the result was normalized with
 * @param input the normalized result (ignored by `schema.All`, which lists the tables)
 * @param entities the entity tables, `entities[key][pk]`
 * @param args the read's arguments (used by `schema.Query`)
 * @returns the denormalized value, typed from the schema (`User[]` for `schema.All(User)`); entities
 *   that are not stored read as `undefined`
 * @example
 * ```ts
 * const { result, entities } = normalize(new schema.All(User), response);
 * const users = denormalize(new schema.All(User), result, entities); // User[]
 * ```
 * @see docs/guide/schemas.md#first-use
 */
export function denormalize<S>(
  schema: S,
  input: unknown,
  entities: StoredTables,
  args: readonly unknown[] = [],
): Denormalize<S> {
  return sharedCache.denormalize(schema, input, entities, args) as Denormalize<S>;
}
