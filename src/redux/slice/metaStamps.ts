import type { EntityMeta, EntityMetaStamps, MetaStamp } from '../../schema/interface.js';

/**
 * Per-record meta as the store keeps it: for each kind, the list of writes (stamps) that own its
 * records' meta, oldest first. A write appends one stamp listing the primary keys it wrote (or
 * deleted); a record's meta is that of the last stamp listing it. So a write of 500 records into a
 * kind of 100,000 appends one small object instead of copying a 100,000-entry table. Lookups go
 * through indexes derived from a list, never stored; stale listings are dropped by compaction. The
 * list itself is copied by each write: a write costs the number of stamps that still own a record,
 * which single-record writes (a live feed) grow up to the kind's size (a table of meta per record,
 * laid out as the records', is the way out; see the closing note of 2026-11-30).
 *
 * Meta is read only for the records a write touches: the stored ones (their last write, to order
 * the merge) through the full index, and the absent ones (a remembered deletion?) through an index
 * of the deletions alone, which is usually empty. A write of new records builds no full index.
 */

type Index = Map<string, MetaStamp>;

const EMPTY: ReadonlyMap<string, MetaStamp> = new Map();
/** The full index of each list that has one. */
const indexes = new WeakMap<readonly MetaStamp[], Index>();
/**
 * Each list `appendMeta` made: an index that held a list it extends, when it did, and that list's
 * length. Not the list itself: each list would keep all those before it alive.
 */
const anchors = new WeakMap<readonly MetaStamp[], { index: Index; length: number }>();
/** The list each index holds now (it moves to a longer list only). */
const holders = new WeakMap<Index, readonly MetaStamp[]>();
/** The index of each list's deletions. */
const deletionIndexes = new WeakMap<readonly MetaStamp[], ReadonlyMap<string, MetaStamp>>();

/** Every how many stamps a list is checked for stale listings. */
const COMPACTION_CHECK = 64;
/** Listed primary keys allowed beyond twice the records before a list is compacted. */
const SLACK = 256;

/**
 * Each primary key's owning stamp in `stamps`. Derived once, then extended in place as the list
 * grows: the index of the nearest list this one was appended to moves to it, with the stamps
 * appended since (that list then loses it: read again, it is rebuilt). So a write costs its own
 * stamps, not the list's length.
 */
export function metaIndex(stamps: readonly MetaStamp[] | undefined): ReadonlyMap<string, MetaStamp> {
  if (stamps === undefined || stamps.length === 0) return EMPTY;
  const known = indexes.get(stamps);
  if (known !== undefined) return known;
  const anchor = anchors.get(stamps);
  const held = anchor && holders.get(anchor.index);
  // the index still holds the list `stamps` extends: it had this length, and an index moves to longer lists only
  const extend = held !== undefined && held.length === anchor!.length;
  const index: Index = extend ? anchor!.index : new Map();
  if (extend) indexes.delete(held);
  for (let i = extend ? held.length : 0; i < stamps.length; i++) own(index, stamps[i] as MetaStamp);
  indexes.set(stamps, index);
  holders.set(index, stamps);
  return index;
}

/** The meta of one stored record (or remembered deletion), if any. */
export function metaOf(log: EntityMetaStamps, key: string, pk: string): EntityMeta | undefined {
  return metaIndex(log[key]).get(pk)?.meta;
}

/**
 * The deletion remembered for a record that is not stored, if any. (A record deleted and written
 * again is stored; one removed by a sweep has no meta left: either way no deletion stands for it.)
 */
export function deletionOf(log: EntityMetaStamps, key: string, pk: string): EntityMeta | undefined {
  const stamps = log[key];
  if (stamps === undefined) return undefined;
  let deletions = deletionIndexes.get(stamps);
  if (deletions === undefined) {
    const index: Index = new Map();
    for (const stamp of stamps) if (stamp.meta.deleted === true) own(index, stamp);
    deletionIndexes.set(stamps, (deletions = index.size === 0 ? EMPTY : index));
  }
  return deletions.get(pk)?.meta;
}

/**
 * The log after one response's meta writes (its stamps, as `normalize` returns them). A record
 * whose stored meta was kept (a stored newer write) is in no stamp of the write, so it keeps it.
 */
export function appendMeta(log: EntityMetaStamps, writes: EntityMetaStamps): EntityMetaStamps {
  let next: { [key: string]: readonly MetaStamp[] | undefined } | undefined;
  for (const key in writes) {
    const written = writes[key]?.filter((stamp) => stamp.pks.length > 0);
    if (written === undefined || written.length === 0) continue;
    const list = log[key] ?? [];
    // new stamp objects: one write's stamps are appended to more than one list (an optimistic layer,
    // shown over each new committed list). One copy of the list, made at its length
    const appended = list.concat(written.map(({ meta, pks }) => ({ meta, pks })));
    const index = indexes.get(list);
    const anchor = index ? { index, length: list.length } : anchors.get(list);
    if (anchor) anchors.set(appended, anchor);
    (next ??= { ...log })[key] =
      appended.length % COMPACTION_CHECK < written.length ? compactIfWasteful(appended) : appended;
  }
  return next ?? log;
}

/** The log without the meta of these records (gone from the store, or deletions no longer remembered). */
export function removeMeta(
  log: EntityMetaStamps,
  records: { readonly [key: string]: readonly string[] },
): EntityMetaStamps {
  let next: { [key: string]: readonly MetaStamp[] | undefined } | undefined;
  for (const key in records) {
    const stamps = log[key];
    const gone = new Set(records[key]);
    if (stamps === undefined || gone.size === 0 || !stamps.some((stamp) => stamp.pks.some((pk) => gone.has(pk))))
      continue;
    (next ??= { ...log })[key] = rebuild(stamps, (pk, owner, stamp) => owner === stamp && !gone.has(pk));
  }
  return next ?? log;
}

function own(index: Index, stamp: MetaStamp): void {
  for (const pk of stamp.pks) index.set(pk, stamp);
}

/** Rewrites the list keeping only listings that still own their record, once stale ones pile up. */
function compactIfWasteful(stamps: readonly MetaStamp[]): readonly MetaStamp[] {
  let listed = 0;
  for (const stamp of stamps) listed += stamp.pks.length;
  if (listed <= 2 * metaIndex(stamps).size + SLACK) return stamps;
  return rebuild(stamps, (_pk, owner, stamp) => owner === stamp);
}

/** A new list of the stamps' listings that `keep` accepts; empty stamps go. */
function rebuild(
  stamps: readonly MetaStamp[],
  keep: (pk: string, owner: MetaStamp | undefined, stamp: MetaStamp) => boolean,
): readonly MetaStamp[] {
  const index = metaIndex(stamps);
  const rebuilt: MetaStamp[] = [];
  for (const stamp of stamps) {
    const pks = stamp.pks.filter((pk) => keep(pk, index.get(pk), stamp));
    if (pks.length === stamp.pks.length) rebuilt.push(stamp);
    else if (pks.length > 0) rebuilt.push({ meta: stamp.meta, pks });
  }
  return rebuilt;
}
