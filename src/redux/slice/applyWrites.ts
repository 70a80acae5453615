import { copyKeyed, rememberKeys } from '../../normalizr/tableKeys.js';
import type { EntityIndexes, EntityMetaStamps, EntityTable, EntityTables, MetaStamp } from '../../schema/interface.js';
import { assignTable, copyTable, getOwn, setOwn } from '../../utils/ownProperty.js';

type Writable<T> = { [key: string]: T };

/**
 * The tables after one response's writes, without Immer: a table is copied only when one of its
 * records changes, and every unchanged table and record keeps its reference.
 * @param records the written records by kind and primary key
 * @param meta the write's stamps: the ones with `deleted` list the records it removes
 * @returns `tables` itself when nothing changed
 */
export function applyEntityWrites(tables: EntityTables, records: EntityTables, meta: EntityMetaStamps): EntityTables {
  let next: Writable<EntityTables[string]> | undefined;
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

/**
 * One table after its writes: `undefined` when nothing in it changes. A new table holding exactly
 * the written records IS the written table: no copy.
 */
function withWrites(
  table: EntityTable | undefined,
  written: EntityTable | undefined,
  deletions: readonly string[],
): EntityTable | undefined {
  if (table === undefined && deletions.length === 0 && written !== undefined) return written;
  let copy: Writable<unknown> | undefined;
  // the keys the copy gains, in order, while it only gains: then its key list follows from the table's
  let added: string[] | undefined = [];
  for (const pk in written) {
    const record = written[pk];
    if (getOwn(table, pk) === record) continue;
    copy ??= copyKeyed(table);
    if (table === undefined || !Object.hasOwn(table, pk)) added?.push(pk);
    setOwn(copy, pk, record);
  }
  for (const pk of deletions) {
    const current = copy ?? table;
    if (current === undefined || !Object.hasOwn(current, pk)) continue;
    copy ??= copyKeyed(table);
    delete copy[pk];
    added = undefined;
  }
  if (copy === undefined) return undefined;
  if (added !== undefined) rememberKeys(copy as EntityTable, table, added);
  return copy as EntityTable;
}

/** The primary keys a write's stamps for one kind delete. */
function deletionsOf(stamps: readonly MetaStamp[] | undefined): readonly string[] {
  if (stamps === undefined) return [];
  let deletions: string[] = [];
  for (const stamp of stamps) if (stamp.meta.deleted === true) deletions = deletions.concat(stamp.pks);
  return deletions;
}
