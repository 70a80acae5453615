import type { EntityRecord } from '../../schema/interface.js';
import type { Read, Version } from './Version.js';

/**
 * What the memo keeps at one position: the newest version (with older ones behind it), or the
 * output alone of an entity no other one reads and with no history (what it read is beside it).
 */
export type Kept = Version | object;

/** What an entity read while it was built: nothing, one read, or an array of them. */
export type Reads = Read | Read[] | undefined;

/**
 * What the memo keeps for the records of one kind, at their positions in the key list of the
 * kind's table last read. Successive tables of a kind share one key list while no key is added or
 * removed, so a refetch that changes every record finds each one's place by position, with no map
 * of records to update. A read of a table with another key list aligns the shelf to it first: what
 * is kept for keys the new list still holds moves to their new places, and what is kept for the
 * others is handed to `drop`.
 */
export class Shelf {
  constructor(
    /** The kind: `Entity.key` of the table. */
    readonly key: string,
  ) {}

  /** The key list the positions follow. */
  keys: readonly string[] = [];
  /** Per position: the record of what is kept there (of its newest version). */
  records: Array<EntityRecord | undefined> = [];
  /** Per position: what is kept for `records[position]`. */
  kept: Array<Kept | undefined> = [];
  /** Per position: the memo's age when what is kept there was last built or found. */
  usedAt: number[] = [];
  /**
   * Per position: what the newest kept there read (made on the first one that read anything): all
   * there is of it for an output kept alone; for a version, a copy, read by the build that replaces it.
   */
  reads: Reads[] | undefined = undefined;
  /** The number of the read it was last aligned for (the memo's business). */
  alignedFor = 0;
  /** Where the next lookup is expected: reads go through tables and lists in order. */
  private cursor = 0;
  /** Primary key to position, made on the first lookup that is not where the cursor expects it. */
  private index: Map<string, number> | undefined = undefined;

  /** The position of `pk` in the key list, or -1. */
  position(pk: string): number {
    const { keys } = this;
    const guess = this.cursor;
    if (guess < keys.length && keys[guess] === pk) {
      this.cursor = guess + 1;
      return guess;
    }
    const found = (this.index ??= indexOf(keys)).get(pk);
    if (found === undefined) return -1;
    this.cursor = found + 1;
    return found;
  }

  /** Records what the newest kept at `at` read. */
  setReads(at: number, reads: Reads): void {
    if (reads === undefined && this.reads === undefined) return;
    (this.reads ??= new Array<Reads>(this.keys.length).fill(undefined))[at] = reads;
  }

  /** Expects the next lookup at the first position (a read listing the whole table). */
  rewind(): void {
    this.cursor = 0;
  }

  /**
   * Follows `keys`, the key list of the kind's table being read: what is kept for a key moves to its
   * place in `keys`; what is kept for a key `keys` does not hold goes to `drop`.
   */
  align(
    keys: readonly string[],
    drop: (record: EntityRecord, kept: Kept, reads: Reads, shelf: Shelf, pk: string) => void,
  ): void {
    const before = this.keys;
    if (before === keys) return;
    let same = 0;
    const shared = Math.min(before.length, keys.length);
    while (same < shared && before[same] === keys[same]) same++;
    this.keys = keys;
    this.cursor = 0;
    if (same === before.length) {
      // keys added at the end (the common case): the places of the others hold
      for (let i = same; i < keys.length; i++) {
        this.records.push(undefined);
        this.kept.push(undefined);
        this.usedAt.push(0);
        this.reads?.push(undefined);
        this.index?.set(keys[i] as string, i);
      }
      return;
    }
    const index = (this.index ??= indexOf(before));
    const moved = new Uint8Array(before.length);
    const records = this.records.slice(0, same);
    const kept = this.kept.slice(0, same);
    const usedAt = this.usedAt.slice(0, same);
    const reads = this.reads?.slice(0, same);
    for (let i = same; i < keys.length; i++) {
      const at = index.get(keys[i] as string);
      if (at !== undefined) moved[at] = 1;
      records.push(at === undefined ? undefined : this.records[at]);
      kept.push(at === undefined ? undefined : this.kept[at]);
      usedAt.push(at === undefined ? 0 : (this.usedAt[at] as number));
      reads?.push(at === undefined ? undefined : this.reads?.[at]);
    }
    for (let at = same; at < before.length; at++) {
      const gone = this.kept[at];
      if (moved[at] === 0 && gone !== undefined)
        drop(this.records[at] as EntityRecord, gone, this.reads?.[at], this, before[at] as string);
    }
    this.records = records;
    this.kept = kept;
    this.usedAt = usedAt;
    this.reads = reads;
    this.index = undefined;
  }
}

function indexOf(keys: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) index.set(keys[i] as string, i);
  return index;
}
