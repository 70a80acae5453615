import type { EntityIndexes, EntityMetaStamps, EntityTables, MetaStamp } from '../../schema/interface.js';
import { assignTable, copyTable } from '../../utils/ownProperty.js';
import { withWrites, type StoredTables } from '../../storage/table.js';

type Writable<T> = { [key: string]: T };

/**
 * The tables after one response's writes, without Immer: a table is copied only when one of its
 * records changes, and every unchanged table and record keeps its reference.
 * @param records the written records by kind and primary key
 * @param meta the write's stamps: the ones with `deleted` list the records it removes
 * @returns `tables` itself when nothing changed
 */
export function applyEntityWrites(tables: StoredTables, records: EntityTables, meta: EntityMetaStamps): StoredTables {
  let next: Writable<StoredTables[string]> | undefined;
  for (const key of new Set([...Object.keys(records), ...Object.keys(meta)])) {
    const table = withWrites(tables[key], records[key], deletionsOf(meta[key]));
    if (table !== undefined) (next ??= { ...tables })[key] = table;
  }
  return next ?? tables;
}

/** Indexes after a write. */
export function applyIndexWrites(indexes: EntityIndexes, writes: EntityIndexes): EntityIndexes {
  let next: Writable<EntityIndexes[string]> | undefined;
  for (const key in writes) {
    const fields = writes[key];
    if (fields === undefined) continue;
    const current = copyTable(indexes[key]);
    for (const field in fields) {
      const entries = fields[field];
      const merged = assignTable(copyTable(current[field]), entries);
      // a value its entity no longer holds is written as `undefined` (NormalizeWrites.writeIndexes): its entry goes
      for (const value in entries) if (entries[value] === undefined) delete merged[value];
      current[field] = merged;
    }
    (next ??= { ...indexes })[key] = current;
  }
  return next ?? indexes;
}

/** The primary keys a write's stamps for one kind delete. */
function deletionsOf(stamps: readonly MetaStamp[] | undefined): readonly string[] {
  if (stamps === undefined) return [];
  let deletions: string[] = [];
  for (const stamp of stamps) if (stamp.meta.deleted === true) deletions = deletions.concat(stamp.pks);
  return deletions;
}
