import type { EntityMeta, EntityTable, MetaStamp, WriteMeta } from '../../schema/interface.js';
import { startedBefore } from '../../schema/startedBefore.js';
import { createTable, getOwn, ownTable, setOwn } from '../../utils/ownProperty.js';
import { metaIndex } from './metaStamps.js';
import type { Tables, Writes } from './optimisticLayers.js';
import { storeView } from './storeView.js';

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
    const current = stored.getMeta?.(key, pk);
    return current === undefined || startedBefore(current, written);
  };
  const entities: Table<EntityTable> = createTable();
  const entitiesMeta: Table<readonly MetaStamp[]> = createTable();
  const indexes: Table<Table<Table<string | undefined>>> = createTable();

  for (const key of new Set([...Object.keys(writes.entities), ...Object.keys(writes.entitiesMeta)])) {
    const stamps = getOwn(writes.entitiesMeta, key) ?? [];
    const owners = metaIndex(stamps);
    const taken = new Set<string>();
    const records = getOwn(writes.entities, key) ?? {};
    for (const pk of Object.keys(records)) {
      if (!newer(key, pk, owners.get(pk)?.meta ?? meta)) continue;
      setOwn(ownTable(entities, key), pk, records[pk]);
      taken.add(pk);
    }
    const kept = stamps
      .map((stamp) => ({
        meta: stamp.meta,
        pks: stamp.pks.filter((pk) => (stamp.meta.deleted === true ? newer(key, pk, stamp.meta) : taken.has(pk))),
      }))
      .filter((stamp) => stamp.pks.length > 0);
    if (kept.length > 0) setOwn(entitiesMeta, key, kept);
    if (taken.size > 0) takeIndexes(committed, writes, key, getOwn(entities, key) ?? {}, indexes);
  }
  return { entities, entitiesMeta, indexes };
}

/**
 * The index entries of one kind for the records taken (`records`): the ones the write made for
 * them and, since they replace this store's versions, the removal of every value those versions
 * held here and the new ones do not. The writer's own removals are left out: they undo the
 * writer's versions, which this store may never have held.
 */
function takeIndexes(
  committed: Tables,
  writes: Writes,
  key: string,
  records: EntityTable,
  indexes: Table<Table<Table<string | undefined>>>,
): void {
  const written = getOwn(writes.indexes, key);
  const held = getOwn(committed.indexes, key);
  const stored = getOwn(committed.entities, key);
  for (const field of new Set([...Object.keys(written ?? {}), ...Object.keys(held ?? {})])) {
    const entries: Table<string | undefined> = createTable();
    const made = getOwn(written, field) ?? {};
    for (const value of Object.keys(made)) {
      const pk = made[value];
      if (pk !== undefined && getOwn(records, pk) !== undefined) setOwn(entries, value, pk);
    }
    const here = getOwn(held, field);
    for (const pk of Object.keys(records)) {
      const old = getOwn(stored, pk)?.[field];
      if (old === undefined || old === null) continue;
      const value = `${old}`;
      const now = records[pk]?.[field];
      if (now !== undefined && now !== null && `${now}` === value) continue;
      if (getOwn(here, value) === pk && !Object.hasOwn(entries, value)) setOwn(entries, value, undefined);
    }
    if (Object.keys(entries).length > 0) setOwn(ownTable(indexes, key), field, entries);
  }
}
