import { collectReachable, type Reached } from '../../normalizr/collectReachable.js';
import { walkSchemas } from '../../normalizr/collectTableKeys.js';
import { entityKey } from '../../schema/entityKey.js';
import type { EntityMetaPages } from '../../schema/interface.js';
import { isEntityClass } from '../../schema/isEntityClass.js';
import { metaOf } from '../slice/metaStamps.js';
import { isObjectLike } from '../../utils/isRecord.js';
import type { StoredTables } from '../../storage/table.js';

const NONE: ReadonlyMap<string, number> = new Map();
const kindsBySchema = new WeakMap<object, ReadonlyMap<string, number>>();

/**
 * The kinds a schema reads whose Entity declares `dataExpiryLength`, with it (ms): empty for most
 * schemas, so their calls expire by their own meta alone. Known once per schema.
 */
export function expiringKinds(schema: unknown): ReadonlyMap<string, number> {
  if (!isObjectLike(schema)) return NONE;
  let kinds = kindsBySchema.get(schema);
  if (kinds === undefined) {
    const found = new Map<string, number>();
    walkSchemas(schema, (item) => {
      if (isEntityClass(item) && item.dataExpiryLength !== undefined) found.set(entityKey(item), item.dataExpiryLength);
    });
    kindsBySchema.set(schema, (kinds = found.size === 0 ? NONE : found));
  }
  return kinds;
}

/**
 * When the first record that reading `input` with `schema` reaches goes stale by its Entity's
 * `dataExpiryLength` (its meta's `date` plus that length), among the kinds in `kinds`: `Infinity`
 * when none does. Records that had gone stale by `answeredAt` (the call's last answer) do not
 * count: that answer did not refresh them, so fetching the call again would not either.
 *
 * @param tables the records and their meta
 */
export function recordsExpireAt(
  schema: unknown,
  input: unknown,
  args: readonly unknown[],
  tables: { readonly entities: StoredTables; readonly entitiesMeta: EntityMetaPages },
  kinds: ReadonlyMap<string, number>,
  answeredAt: number,
): number {
  const reached: Reached = new Map();
  collectReachable(schema, input, tables.entities, args, reached);
  let earliest = Infinity;
  for (const [key, length] of kinds) {
    for (const pk of reached.get(key) ?? []) {
      const date = metaOf(tables.entitiesMeta, key, pk)?.date;
      if (date !== undefined && date + length > answeredAt) earliest = Math.min(earliest, date + length);
    }
  }
  return earliest;
}
