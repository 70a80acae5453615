import type { DenormalizeDelegate, EntityRecord, StoredSchema } from '../schema/interface.js';
import { entityKey } from '../schema/entityKey.js';
import { toSchemaClass } from './shorthand.js';
import { keysOf, recordOf, type StoredTables } from '../storage/table.js';

/** Stored entities by `Entity.key`, then primary key. */
export type Reached = Map<string, Set<string>>;

/** What a walk hands back for a stored entity: a placeholder, so lists keep the item. */
const FOUND = Object.freeze({});

/**
 * Adds to `reached` every stored entity that reading `input` with `schema` from `tables` would
 * read: the entities it names, those they contain, every item of a list, every record of the
 * tables a `schema.All` lists. It walks the schema through the same protocol as a read, with no
 * instances made; nested entities wait in a queue, so graphs deeper than the call stack are fine.
 * A schema that `reaches` another is followed into it: `schema.Query` into the schema it wraps (its
 * `process` is the app's code, for reads), `schema.Lazy` into the related schema its read leaves alone.
 */
export function collectReachable(
  schema: unknown,
  input: unknown,
  tables: StoredTables,
  args: readonly unknown[],
  reached: Reached,
): void {
  const queue: Array<[StoredSchema, EntityRecord]> = [];
  const walk: DenormalizeDelegate = {
    args,
    unvisit(inner, value) {
      const schemaClass = toSchemaClass(inner);
      if (schemaClass === undefined) return value;
      if (schemaClass.reaches !== undefined) return this.unvisit(schemaClass.reaches, value);
      if ((value === undefined || value === null) && !schemaClass.readsTables) return value;
      return schemaClass.denormalize(value, this);
    },
    entity(entity, pk) {
      const key = entityKey(entity);
      const record = recordOf(tables[key], pk);
      if (record === undefined) return undefined;
      if (addReached(reached, key, pk)) queue.push([entity, record]);
      return FOUND;
    },
    getPks(key) {
      return keysOf(tables[key]);
    },
  };
  walk.unvisit(schema, input);
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) next[0].denormalizeFields({}, next[1], walk);
}

/** Adds `pk` to the reached records of `key`: whether it was not there yet. */
export function addReached(reached: Reached, key: string, pk: string): boolean {
  let pks = reached.get(key);
  if (pks === undefined) reached.set(key, (pks = new Set()));
  const { size } = pks;
  return pks.add(pk).size > size;
}
