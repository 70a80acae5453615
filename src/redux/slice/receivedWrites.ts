import { indexValue, keepsIndexEntry } from '../../normalizr/indexEntries.js';
import type { EntityMeta, EntityRecord, EntityTable, MetaStamp, WriteMeta } from '../../schema/interface.js';
import { startedBefore } from '../../schema/startedBefore.js';
import { createTable, getOwn, ownTable, setOwn } from '../../utils/ownProperty.js';
import { metaIndex } from './metaStamps.js';
import type { Tables, Writes } from './optimisticLayers.js';
import { storeView } from './storeView.js';
import { recordOf } from '../../storage/table.js';

type Table<T> = { [name: string]: T };

/**
 * What a store takes of a write another store committed (received on the broadcast channel): each
 * record, deletion and index entry whose write started after the one this store holds for that
 * record (`startedBefore`, which orders writes across tabs), so an older write from another tab
 * never overwrites a newer local one, nor revives a newer deletion. A record is taken whole, as
 * the writing store merged it; its write is the stamp listing it or, when none does (that store
 * kept a newer write's meta), `meta`. Index entries follow the records taken (`takeIndexes`).
 *
 * @param committed this store's committed tables
 * @param writes the other store's writes: records, meta stamps, index entries
 * @param meta the write's own meta
 * @returns the writes to apply here (possibly none)
 */
export function receivedWrites(committed: Tables, writes: Writes, meta: WriteMeta): Writes {
  const stored = storeView(committed);
  const newer = (key: string, pk: string, written: EntityMeta) => {
    const current = stored.getMeta(key, pk);
    return current === undefined || startedBefore(current, written);
  };
  const entities: Table<EntityTable> = createTable();
  const entitiesMeta: Table<readonly MetaStamp[]> = createTable();
  const indexes: Table<Table<Table<string | undefined>>> = createTable();

  for (const key of new Set([...Object.keys(writes.entities), ...Object.keys(writes.entitiesMeta)])) {
    const stamps = getOwn(writes.entitiesMeta, key) ?? [];
    const owners = metaIndex(stamps);
    const written = (pk: string) => owners.get(pk)?.meta ?? meta;
    const taken: Table<EntityRecord> = createTable();
    const records = getOwn(writes.entities, key) ?? {};
    for (const pk of Object.keys(records)) {
      if (newer(key, pk, written(pk))) setOwn(taken, pk, records[pk] as EntityRecord);
    }
    const deleted = new Set<string>();
    const kept = stamps
      .map((stamp) => {
        const deletion = stamp.meta.deleted === true;
        const pks = stamp.pks.filter((pk) => (deletion ? newer(key, pk, stamp.meta) : getOwn(taken, pk) !== undefined));
        if (deletion) for (const pk of pks) deleted.add(pk);
        return { meta: stamp.meta, pks };
      })
      .filter((stamp) => stamp.pks.length > 0);
    if (kept.length > 0) setOwn(entitiesMeta, key, kept);
    if (Object.keys(taken).length > 0) setOwn(entities, key, taken);
    const changed = { records: taken, deleted, written };
    if (Object.keys(taken).length > 0 || deleted.size > 0)
      takeIndexes(stored, committed, writes, key, changed, indexes);
  }
  return { entities, entitiesMeta, indexes };
}

/** The records of one kind a store takes of a received write: written ones, deleted ones, and each one's write. */
interface Taken {
  readonly records: Table<EntityRecord>;
  readonly deleted: ReadonlySet<string>;
  readonly written: (pk: string) => EntityMeta;
}

/**
 * The index entries of one kind for the records taken: the ones the write made for them (unless
 * this store holds the value in a record a later-started write wrote, `keepsIndexEntry`) and,
 * since they replace or delete this store's versions, the removal of every value those versions
 * held here and the new ones do not. The writer's own removals are left out: they undo the
 * writer's versions, which this store may never have held.
 */
function takeIndexes(
  stored: ReturnType<typeof storeView>,
  committed: Tables,
  writes: Writes,
  key: string,
  { records, deleted, written }: Taken,
  indexes: Table<Table<Table<string | undefined>>>,
): void {
  const made = getOwn(writes.indexes, key);
  const held = getOwn(committed.indexes, key);
  const before = getOwn(committed.entities, key);
  for (const field of new Set([...Object.keys(made ?? {}), ...Object.keys(held ?? {})])) {
    const entries: Table<string | undefined> = createTable();
    const here = getOwn(held, field);
    const madeHere = getOwn(made, field) ?? {};
    for (const value of Object.keys(madeHere)) {
      const pk = madeHere[value];
      if (pk === undefined || getOwn(records, pk) === undefined) continue;
      const holder = getOwn(here, value);
      const holding =
        holder === undefined ? undefined : { record: recordOf(before, holder), meta: stored.getMeta(key, holder) };
      if (holding === undefined || !keepsIndexEntry(holding, field, value, written(pk))) setOwn(entries, value, pk);
    }
    for (const pk of [...Object.keys(records), ...deleted]) {
      const old = indexValue(recordOf(before, pk), field);
      if (
        old !== undefined &&
        old !== indexValue(getOwn(records, pk), field) &&
        getOwn(here, old) === pk &&
        !Object.hasOwn(entries, old)
      )
        setOwn(entries, old, undefined);
    }
    if (Object.keys(entries).length > 0) setOwn(ownTable(indexes, key), field, entries);
  }
}
