import { copyKeyed, rememberKeys } from '../normalizr/tableKeys.js';
import type { EntityIndexes, EntityMetaTables, EntityTable, EntityTables } from '../schema/interface.js';
import { copyTable, getOwn } from '../utils/ownProperty.js';

type Writable<T> = { [key: string]: T };
type Table<T> = { readonly [pk: string]: T };

/**
 * The tables after one response's writes, without Immer: a table is copied only when one of its
 * records changes, and every unchanged table and record keeps its reference.
 * @returns `tables` itself when nothing changed
 */
export function applyEntityWrites(tables: EntityTables, records: EntityTables, meta: EntityMetaTables): EntityTables {
  let next: Writable<EntityTables[string]> | undefined;
  for (const key in meta) {
    const metaWrites = meta[key];
    if (metaWrites === undefined) continue;
    const recordWrites = records[key];
    const table = tables[key];
    if (table === undefined && isExactly(recordWrites, metaWrites)) {
      // a new table holding exactly the written records: the writes are that table, no copy needed
      (next ??= { ...tables })[key] = recordWrites;
      continue;
    }
    let copy: Writable<unknown> | undefined;
    // the keys the copy gains, in order, while it only gains: then its key list follows from the table's
    let added: string[] | undefined = [];
    for (const pk in metaWrites) {
      const deleted = metaWrites[pk]?.deleted === true;
      const record = deleted ? undefined : getOwn(recordWrites, pk);
      const present = own(table, pk);
      if (getOwn(table, pk) === record && (record !== undefined || !present)) continue;
      copy ??= copyKeyed(table);
      if (deleted) {
        delete copy[pk];
        added = undefined;
      } else {
        if (!present) added?.push(pk);
        copy[pk] = record;
      }
    }
    if (copy === undefined) continue;
    if (added !== undefined) rememberKeys(copy as EntityTable, table, added);
    (next ??= { ...tables })[key] = copy as EntityTables[string];
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
      const merged = Object.assign(copyTable(current[field]), entries);
      // a value its entity no longer holds is written as `undefined` (NormalizeWrites.writeIndexes): its entry goes
      for (const value in entries) if (entries[value] === undefined) delete merged[value];
      current[field] = merged;
    }
    (next ??= { ...indexes })[key] = current;
  }
  return next ?? indexes;
}

/**
 * Whether `records` is exactly what writing `meta` into an empty table gives: a prototype-free
 * table holding, in the same order, one record for each pk whose meta is not a deletion.
 */
function isExactly(
  records: EntityTables[string],
  meta: Table<{ readonly deleted?: true } | undefined>,
): records is NonNullable<EntityTables[string]> {
  if (records === undefined || Object.getPrototypeOf(records) !== null) return false;
  const pks = Object.keys(records);
  let i = 0;
  for (const pk in meta) {
    if (meta[pk]?.deleted === true) continue;
    if (pks[i] !== pk || records[pk] === undefined) return false;
    i++;
  }
  return i === pks.length;
}

function own(table: object | undefined, pk: string): boolean {
  return table !== undefined && Object.prototype.hasOwnProperty.call(table, pk);
}
