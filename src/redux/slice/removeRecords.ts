import type { EntityIndexes } from '../../schema/interface.js';
import { copyTable } from '../../utils/ownProperty.js';
import type { SweepPayload } from './actions.js';
import { removeMeta } from './metaStamps.js';
import { pickTables, type Tables } from './optimisticLayers.js';
import type { EntitiesState } from './state.js';
import { withWrites } from '../../storage/table.js';

type Table<T> = { readonly [pk: string]: T };

/** `state` after a sweep: the endpoint keys go with their results and meta, the records from every table. */
export function swept(state: EntitiesState, { keys, records }: SweepPayload): EntitiesState {
  const next: EntitiesState = {
    ...state,
    endpoints: without(state.endpoints, keys),
    meta: without(state.meta, keys),
    ...pickTables(removeRecords(state, records)),
  };
  return state.committed === undefined
    ? next
    : { ...next, committed: pickTables(removeRecords(state.committed, records)) };
}

/**
 * `tables` without the given records: each goes from its entity table, its meta and its index
 * entries. A table is copied only when something in it goes; the rest keep their references.
 */
export function removeRecords(tables: Tables, records: SweepPayload['records']): Tables {
  let entities = tables.entities;
  let entitiesMeta = tables.entitiesMeta;
  let indexes = tables.indexes;
  for (const key in records) {
    const pks = records[key] ?? [];
    const table = withWrites(entities[key], undefined, pks);
    if (table !== undefined) entities = { ...entities, [key]: table };
    const fields = withoutIndexed(indexes[key], new Set(pks));
    if (fields !== indexes[key]) indexes = { ...indexes, [key]: fields };
  }
  entitiesMeta = removeMeta(entitiesMeta, records);
  return entities === tables.entities && entitiesMeta === tables.entitiesMeta && indexes === tables.indexes
    ? tables
    : { entities, entitiesMeta, indexes };
}

/** `table` without `keys`; the same object when it holds none of them. */
export function without<T>(table: Table<T>, keys: readonly string[]): Table<T>;
export function without<T>(table: Table<T> | undefined, keys: readonly string[]): Table<T> | undefined;
export function without<T>(table: Table<T> | undefined, keys: readonly string[]): Table<T> | undefined {
  if (table === undefined || !keys.some((key) => Object.hasOwn(table, key))) return table;
  const copy = copyTable(table);
  for (const key of keys) delete copy[key];
  return copy;
}

/** Index entries of one kind without those pointing at `pks`. */
function withoutIndexed(fields: EntityIndexes[string], pks: ReadonlySet<string>): EntityIndexes[string] {
  if (fields === undefined) return fields;
  let next: { [field: string]: Table<string | undefined> | undefined } | undefined;
  for (const field in fields) {
    const entries = fields[field];
    if (entries === undefined) continue;
    let copy: { [value: string]: string | undefined } | undefined;
    for (const value in entries) {
      const pk = entries[value];
      if (pk === undefined || !pks.has(pk)) continue;
      copy ??= copyTable(entries);
      delete copy[value];
    }
    if (copy !== undefined) (next ??= copyTable(fields))[field] = copy;
  }
  return next ?? fields;
}
