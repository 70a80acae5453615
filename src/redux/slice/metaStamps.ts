import type { EntityMeta, EntityMetaPages, EntityMetaStamps, MetaStamp } from '../../schema/interface.js';
import { startedBefore } from '../../schema/startedBefore.js';
import { keysOf, type StoredTables } from '../../storage/table.js';

/**
 * Per-record meta as the store keeps it: for each kind, the writes (stamps) that own its records'
 * meta, oldest first, in pages of up to `PAGE` stamps. A write appends one stamp listing the primary
 * keys it wrote (or deleted); a record's meta is that of the last stamp listing it. So a write of 500
 * records into a kind of 100,000 appends one small object instead of copying a 100,000-entry table,
 * and a write copies only the last page and the list of pages, never every stamp: single-record
 * writes (a live feed) grow the stamps up to the kind's size, and a flat list of them, copied per
 * write, cost 3 ms a write after 90,000 such writes. Lookups go through indexes derived from a list,
 * never stored; stale listings are dropped by compaction. A list of stamps not in pages (what
 * `normalize` returns, passed to `storeView`) reads the same.
 *
 * Meta is read only for the records a write touches, and only when the write started before the
 * latest stored one of the kind (`latestMeta`; a fetch answered in order, a `ctrl.set`, start after
 * it or with it, and then nothing stored can be newer): the stored ones (their last write, to order
 * the merge) through the full index, and the absent ones (a remembered deletion?) through an index
 * of the deletions alone, which is usually empty. The check for stale listings builds the full index
 * only once the list lists more than twice the kind's stored records (`appendMeta`). So a store
 * that takes writes in order, a live feed of new records written one at a time included, builds no
 * full index (at 100,000 records, 37 bytes a record).
 */

type Index = Map<string, MetaStamp>;
/** A kind's stamps: in pages as the store keeps them, or a flat list as `normalize` returns them. */
type Stamps = NonNullable<EntityMetaPages[string] | EntityMetaStamps[string]>;

const EMPTY: ReadonlyMap<string, MetaStamp> = new Map();
/** The full index of each list that has one. */
const indexes = new WeakMap<Stamps, Index>();
/**
 * Each list `appendMeta` made: an index that held a list it extends, when one did, and that list's
 * last page (no other list ends with it); and how many pks the list's stamps list, stale listings
 * included (counted once, then added to). Not the list itself: each list would keep all those before
 * it alive.
 */
const anchors = new WeakMap<Stamps, { index?: Index; last?: readonly MetaStamp[]; listed: number }>();
/** The latest-started write of each list whose latest is known. */
const latests = new WeakMap<Stamps, EntityMeta>();
/** The list each index holds now (it moves to a longer list only). */
const holders = new WeakMap<Index, readonly (readonly MetaStamp[])[]>();
/** The index of each list's deletions. */
const deletionIndexes = new WeakMap<Stamps, ReadonlyMap<string, MetaStamp> | undefined>();

/** Stamps per page: a write copies the last page and the list of pages (391 of them for 100,000 stamps). */
const PAGE = 256;
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
export function metaIndex(stamps: Stamps | undefined): ReadonlyMap<string, MetaStamp> {
  if (!stamps?.length) return EMPTY;
  const known = indexes.get(stamps);
  if (known) return known;
  const anchor = anchors.get(stamps);
  const held = anchor && holders.get(anchor.index!);
  // the index still holds the list `stamps` extends (an index moves to longer lists only)
  const extend = held !== undefined && held.at(-1) === anchor!.last;
  const index: Index = extend ? anchor!.index! : new Map();
  if (extend) {
    indexes.delete(held);
    // from that list's last page on, past its stamps (a page at a time: `flat()` copied up to 256 stamps twice a write)
    for (let at = held.length - 1, from = anchor!.last!.length; at < stamps.length; at++, from = 0)
      for (const stamp of (stamps as EntityMetaPages[string] & object)[at]!.slice(from)) own(index, stamp);
  } else for (const stamp of stamps.flat()) own(index, stamp);
  indexes.set(stamps, index);
  holders.set(index, stamps as readonly (readonly MetaStamp[])[]);
  return index;
}

/**
 * The meta of the latest-started write among `stamps` (deletions included), if any: a write that did not start
 * before it is newer than every record's meta, which no index then needs to find (see `storeView`'s `latestMeta`).
 */
export function latestMeta(stamps: Stamps | undefined): EntityMeta | undefined {
  if (!stamps?.length) return undefined;
  let latest = latests.get(stamps);
  if (latest === undefined) {
    for (const stamp of stamps.flat()) latest = later(latest, stamp.meta);
    latests.set(stamps, latest!);
  }
  return latest;
}

/** The meta of one stored record (or remembered deletion), if any. */
export function metaOf(log: EntityMetaPages | EntityMetaStamps, key: string, pk: string): EntityMeta | undefined {
  return metaIndex(log[key]).get(pk)?.meta;
}

/**
 * The deletion remembered for a record that is not stored, if any. (A record deleted and written
 * again is stored; one removed by a sweep has no meta left: either way no deletion stands for it.)
 */
export function deletionOf(log: EntityMetaPages | EntityMetaStamps, key: string, pk: string): EntityMeta | undefined {
  const stamps = log[key];
  if (stamps === undefined) return undefined;
  let deletions = deletionIndexes.get(stamps);
  if (!deletions) {
    const index: Index = new Map();
    for (const stamp of stamps.flat()) if (stamp.meta.deleted === true) own(index, stamp);
    deletionIndexes.set(stamps, (deletions = index.size === 0 ? EMPTY : index));
  }
  return deletions.get(pk)?.meta;
}

/**
 * The log after one response's meta writes (its stamps, as `normalize` returns them). A record
 * whose stored meta was kept (a stored newer write) is in no stamp of the write, so it keeps it.
 *
 * Every `COMPACTION_CHECK` stamps of a kind, its list is compacted once it lists more than twice the
 * primary keys it owns, plus `SLACK`. Those are counted from its full index, which is built for that
 * only when the list lists more than twice the kind's records in `stored` (the tables after the
 * write), plus `SLACK`: a record written here has meta, so the list owns no fewer keys. (Records of a state
 * preloaded without meta are not owned: such a list may grow to twice those records before it is compacted, and
 * the collector removes records with no meta.)
 */
export function appendMeta(log: EntityMetaPages, writes: EntityMetaStamps, stored?: StoredTables): EntityMetaPages {
  let next: { [key: string]: EntityMetaPages[string] } | undefined;
  for (const key in writes) {
    // new stamp objects: one write's stamps are appended to more than one list (an optimistic layer,
    // shown over each new committed list)
    const stamps = writes[key]?.filter((stamp) => stamp.pks.length > 0).map(({ meta, pks }) => ({ meta, pks }));
    if (!stamps?.length) continue;
    const pages = log[key] ?? [];
    const last = pages.at(-1);
    const page = last && last.length < PAGE ? last.concat(stamps) : stamps;
    // a new page, or the last one's copy in its place
    const appended = [...pages.slice(0, page === stamps ? undefined : -1), page];
    const index = indexes.get(pages);
    const anchor = anchors.get(pages);
    // (not by `flat()`: a copy of every stamp would cost what pages save)
    let listed = anchor?.listed ?? 0;
    for (const each of anchor ? [stamps] : [...pages, stamps]) for (const stamp of each) listed += stamp.pks.length;
    anchors.set(appended, index ? { index, last, listed } : { ...anchor, listed });
    latests.set(
      appended,
      stamps.reduce((latest, stamp) => later(latest, stamp.meta), latestMeta(pages))!,
    );
    // no deletion among the stamps: the same deletions as before, if known
    if (!stamps.some((stamp) => stamp.meta.deleted)) deletionIndexes.set(appended, deletionIndexes.get(pages));
    (next ??= { ...log })[key] =
      page.length % COMPACTION_CHECK < stamps.length &&
      listed > 2 * keysOf(stored?.[key]).length + SLACK &&
      listed > 2 * metaIndex(appended).size + SLACK
        ? rebuild(appended, (_pk, owner, stamp) => owner === stamp)
        : appended;
  }
  return next ?? log;
}

/** The log without the meta of these records (gone from the store, or deletions no longer remembered). */
export function removeMeta(
  log: EntityMetaPages,
  records: { readonly [key: string]: readonly string[] },
): EntityMetaPages {
  let next: { [key: string]: EntityMetaPages[string] } | undefined;
  for (const key in records) {
    const stamps = log[key];
    const gone = new Set(records[key]);
    if (stamps === undefined || gone.size === 0 || !stamps.flat().some((stamp) => stamp.pks.some((pk) => gone.has(pk))))
      continue;
    (next ??= { ...log })[key] = rebuild(stamps, (pk, owner, stamp) => owner === stamp && !gone.has(pk));
  }
  return next ?? log;
}

/** Of two metas, the one whose write started later. */
function later(meta: EntityMeta | undefined, other: EntityMeta): EntityMeta {
  return meta !== undefined && !startedBefore(meta, other) ? meta : other;
}

function own(index: Index, stamp: MetaStamp): void {
  for (const pk of stamp.pks) index.set(pk, stamp);
}

/** A new list of the stamps' listings that `keep` accepts, in one page; empty stamps go. */
function rebuild(
  stamps: Stamps,
  keep: (pk: string, owner: MetaStamp | undefined, stamp: MetaStamp) => boolean,
): readonly (readonly MetaStamp[])[] {
  const index = metaIndex(stamps);
  const rebuilt: MetaStamp[] = [];
  for (const stamp of stamps.flat()) {
    const pks = stamp.pks.filter((pk) => keep(pk, index.get(pk), stamp));
    if (pks.length === stamp.pks.length) rebuilt.push(stamp);
    else if (pks.length > 0) rebuilt.push({ meta: stamp.meta, pks });
  }
  // one page: a write after it starts a new one when it is full
  return [rebuilt];
}
