import type { EntityRecord } from '../../schema/interface.js';
import { childAt, childCount, EntityEntry } from './EntityEntry.js';

/** Entries the young map takes before it is retired (between two reads, never during one). */
const YOUNG_SIZE = 1000;

/**
 * The memo's entries by the record they were built from, in generations.
 *
 * Why generations (measured; see bench/RESULTS.md): one `WeakMap` that lives as long as the store
 * gets slow on the path apps live on. Every refetch brings new records, so the map takes hundreds
 * of new keys per read while the old ones die; an old, large weak table pays for that churn in
 * every insert and in every scavenge (reading 2,100 new records: 1.8× the time of a fresh memo).
 * New entries therefore go into a small young map, retired to `old` after about a thousand;
 * the `old` map is dropped at the next retirement. An entry found in `old` has proven useful
 * beyond its first reads: it moves, with everything it contains, to `tenured`, which keeps it as
 * long as its record lives. Entries of records replaced within two generations (the churn) never
 * reach `tenured`. With this, reads of new records cost the same through a long-lived memo as
 * through a fresh one.
 *
 * What drops out is an entry read in one generation and never again in the next. The memo keeps
 * identity for those too: a top-level read re-tenures what it returned last time (`MemoCache`), and
 * a single-entity read tenures its entry at once.
 *
 * A record maps to its entry, or, for an entity kept as its instance alone (see `EntityEntry`), to
 * that instance: `instanceof EntityEntry` tells them apart.
 */
export class EntryMap {
  private young = new WeakMap<EntityRecord, Kept>();
  private youngSize = 0;
  private old = new WeakMap<EntityRecord, Kept>();
  private readonly tenured = new WeakMap<EntityRecord, Kept>();
  private retirements = 0;

  /** The newest entry of `record` (or its instance alone), if any. */
  get(record: EntityRecord): Kept | undefined {
    const young = this.young.get(record);
    if (young !== undefined) return young;
    // a memo that has not retired a map yet (every short-lived one) has nothing more to look in
    if (this.retirements === 0) return undefined;
    const old = this.old.get(record);
    if (old === undefined) return this.tenured.get(record);
    this.old.delete(record);
    if (old instanceof EntityEntry) this.tenure([old]);
    else this.tenured.set(record, old);
    return old;
  }

  /** Makes `kept` (an entry, or an instance alone) the newest of `record`. */
  set(record: EntityRecord, kept: Kept): void {
    this.young.set(record, kept);
    this.youngSize++;
  }

  /** Puts `kept` in place of what was just `set` for `record` (an entry that turned out childless). */
  replace(record: EntityRecord, kept: Kept): void {
    this.young.set(record, kept);
  }

  /**
   * Keeps these entries, and every entry they contain, for as long as their records live.
   * @param bare instances kept alone, as pairs: a record, then its instance
   */
  tenure(roots: readonly EntityEntry[], bare: readonly object[] = []): void {
    for (let i = 0; i + 1 < bare.length; i += 2) this.tenured.set(bare[i] as EntityRecord, bare[i + 1] as object);
    const stack = [...roots];
    for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
      const record = entry.record;
      // a tenured entry's children are tenured already
      if (record === undefined || this.tenured.get(record) === entry) continue;
      this.tenured.set(record, entry);
      for (let i = 0, count = childCount(entry); i < count; i++) stack.push(childAt(entry, i));
    }
  }

  /** How many times the young map has been retired: an entry made at `retired` is dropped at `retired + 2` unless used. */
  get retired(): number {
    return this.retirements;
  }

  /** Retires the young map once it is full. Called between reads. */
  retireFull(): void {
    if (this.youngSize < YOUNG_SIZE) return;
    this.old = this.young;
    this.young = new WeakMap();
    this.youngSize = 0;
    this.retirements++;
  }
}

/** What the memo keeps for a record: its entry, or the instance alone (see `EntityEntry`). */
export type Kept = EntityEntry | object;
