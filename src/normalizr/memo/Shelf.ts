import type { EntityRecord, StoredSchema } from '../../schema/interface.js';
import { Version, type Read } from './Version.js';

/**
 * What the memo keeps at one position: the newest version (with older ones behind it), or the
 * output alone of an entity no other one reads, with no history, whose fill read only entities that read
 * nothing (what it read is beside it).
 */
export type Kept = Version | object;

/** What an entity read while it was built: nothing, one read, or an array of them. */
export type Reads = Read | Read[] | undefined;

/** Versions of one class a position keeps at most: the newest and the history behind it. */
const HISTORY = 4;
/** Versions a position keeps at most, of every class that reads the kind (subclasses sharing its table). */
const DEPTH = 15;
/** Builds of a kind within which what was built is recent, at least (see `Shelf`). */
const RECENT = 64;
/** The shelf's count of builds wraps around at this (a stamp and its flags fit in a small integer). */
const STAMPS = 0x3ffffff;
/** Where a position's stamp starts in its packed state, above the depth (4 bits) and the found flag. */
const STAMP_SHIFT = 5;

/**
 * Where the memo keeps what it built for the records of one kind: at their positions in the key
 * list of the kind's table being read. Successive tables of a kind share one key list while no key
 * is added or removed, so a refetch that brings a new record for every key finds each one's place
 * by position, with no map of records to update (one cost as much as building the instances). A read
 * of a table with another key list aligns the shelf to it first: what is kept for keys the new list
 * still holds moves to their new places, and what is kept for the others is handed to `drop` (all of
 * it when they are few).
 *
 * How long things are kept: a position keeps its newest version, and behind it, up to `HISTORY` of
 * each class that reads the kind (a subclass sharing the table keeps its own), the versions it
 * replaced that had been found again after they were built (shown by more than the read that built
 * them: a rollback may return to them) or were built recently, within the last quarter of the
 * table's size in builds of the kind (at least `RECENT`: an optimistic update and its rollback
 * follow each other closely). A newest that was never found again and is older than that (a refetch
 * built it, the next refetch of the table replaces it) is let go without being looked at: loading
 * what a refetch replaced, built long ago and far apart in memory, cost a cache miss per record.
 */
export class Shelf {
  /** The kind: `Entity.key` of the table. */
  declare readonly key: string;

  constructor(key: string) {
    this.key = key;
  }

  /** The key list the positions follow. */
  keys: readonly string[] = [];
  /** Per position: the record of the newest kept there. */
  records: Array<EntityRecord | undefined> = [];
  /** Per position: the newest kept there, with the history behind it. @internal */
  kept: Array<Kept | undefined> = [];
  /**
   * Per position: what the newest kept there read (made on the first one that read anything): all
   * there is of it for an output kept alone; for a version, a copy, read by the build that replaces it.
   * @internal
   */
  reads: Reads[] | undefined = undefined;
  /**
   * Per position, packed: the shelf's count of builds when its newest was put there (times 32), how
   * many versions it keeps (times 2), and 1 once the newest was found again.
   */
  #state: number[] = [];
  /** How many builds the shelf has seen (wrapping around at `STAMPS`). */
  #builds = 0;
  /** The number of the read it was last aligned for (the memo's business). @internal */
  alignedFor = 0;
  /** Where the next lookup is expected: reads go through tables and lists in order. */
  #cursor = 0;
  /** Primary key to position, made on the first lookup that is not where its hint or the cursor expects it. */
  #index: Map<string, number> | undefined;

  /**
   * The position of `pk` in the key list, or -1, looked for first at `hint`, where the caller expects it (where it
   * was: positions move when the shelf is aligned; its place in a part being read), else where the last lookup
   * without a hint ended (reads go through tables and lists in order).
   * @internal
   */
  position(pk: string, hint?: number): number {
    const guess = hint ?? this.#cursor;
    const found = this.keys[guess] === pk ? guess : ((this.#index ??= indexOf(this.keys)).get(pk) ?? -1);
    if (hint === undefined && found >= 0) this.#cursor = found + 1;
    return found;
  }

  /** Expects the next lookup at the first position (a read listing the whole table). @internal */
  rewind(): void {
    this.#cursor = 0;
  }

  /** How many versions position `at` keeps (an output alone counts as one). @internal */
  depth(at: number): number {
    return depthIn(this.#state[at] as number);
  }

  /** Whether the newest at `at` was found again since it was put there. */
  #isProven(at: number): boolean {
    return provenIn(this.#state[at] as number);
  }

  /** Notes that the newest at `at` was found again. @internal */
  prove(at: number): void {
    this.#state[at] = (this.#state[at] as number) | 1;
  }

  /**
   * Whether what is kept at `at` (its packed state: `state`) stays behind a version built for it now: it
   * was found again, or put there recently (see `Shelf`).
   */
  #keepsNewest(at: number, state = this.#state[at] as number): boolean {
    if (this.kept[at] === undefined) return false;
    const since = (this.#builds - (state >> STAMP_SHIFT)) & STAMPS;
    return provenIn(state) || since < Math.max(RECENT, this.keys.length >> 2);
  }

  /** Whether a version just built for `at` would keep something behind it there. @internal */
  keepsHistory(at: number): boolean {
    // the state read once: this runs for every record a read builds at the top
    const state = this.#state[at] as number;
    return depthIn(state) > 1 || this.#keepsNewest(at, state);
  }

  /**
   * Keeps `output`, built from `record` and filled, alone at `at`, with what it `reads`. What was kept there goes
   * (see `keepsHistory`).
   * @internal
   */
  putAlone(output: object, record: EntityRecord, at: number, reads: Reads): void {
    this.#builds = (this.#builds + 1) & STAMPS;
    this.#put(at, output, record, (this.#builds << STAMP_SHIFT) | 2, reads);
  }

  /** Records what the newest kept at `at` read. @internal */
  setReads(at: number, reads: Reads): void {
    if (reads === undefined && this.reads === undefined) return;
    (this.reads ??= new Array<Reads>(this.keys.length).fill(undefined))[at] = reads;
  }

  /**
   * Puts `version`, just built, as the newest at `at`: behind it what was kept there when the
   * newest was found again, else only the history behind that newest, which goes unseen.
   * @internal
   */
  place(version: Version, at: number): void {
    const kept = this.kept[at];
    let behind: Version | undefined;
    let depth = 0;
    if (this.#keepsNewest(at)) {
      behind = kept instanceof Version ? kept : this.wrap(kept as object, at);
      depth = this.depth(at);
    } else if (this.depth(at) > 1) {
      // only a version has a history
      behind = (kept as Version).older;
      depth = this.depth(at) - 1;
    }
    version.older = behind;
    this.#builds = (this.#builds + 1) & STAMPS;
    this.#setNewest(version, at, depth + 1 > HISTORY ? cut(version) : depth + 1, false);
  }

  /**
   * Makes `found`, a version of `at`'s record kept for it since its key left the table (`from`
   * its history then), the newest at `at` again, with both histories behind it, up to `HISTORY`.
   */
  adopt(found: Version, from: Kept, at: number): void {
    const chain: Version[] = [found];
    const add = (head: Kept | undefined, record: EntityRecord | undefined, reads: Reads) => {
      let item = head === undefined || head instanceof Version ? head : this.wrap(head, at, record, reads);
      for (; item !== undefined && chain.length < HISTORY; item = item.older)
        if (!chain.includes(item)) chain.push(item);
    };
    // kept for its record, an output alone read nothing (one that read others is kept as a version)
    add(from, found.record, undefined);
    add(this.kept[at], this.records[at], this.reads?.[at]);
    for (let i = 0; i < chain.length; i++) (chain[i] as Version).older = chain[i + 1];
    this.#setNewest(found, at, chain.length, true);
  }

  /** Makes `version`, found behind the newest at `at`, the newest. @internal */
  toFront(version: Version, at: number): void {
    let before = this.kept[at] as Version;
    while (before.older !== version) before = before.older as Version;
    before.older = version.older;
    version.older = this.kept[at] as Version;
    this.#setNewest(version, at, this.depth(at), true);
  }

  /** A version of `output`, kept alone (for `record`) at `at`, put in its place now that another entity reads it. @internal */
  versionOf(output: object, at: number, record: EntityRecord): Version {
    const version = this.wrap(output, at, record);
    this.#setNewest(version, at, 1, this.#isProven(at));
    return version;
  }

  /** Removes `version` from where it is kept (its build failed). */
  remove(version: Version): void {
    const at = this.placeOf(version);
    if (at < 0) return;
    let depth = this.depth(at);
    const kept = this.kept[at];
    if (kept === version) {
      const older = version.older;
      if (older === undefined) this.#clear(at);
      else this.#setNewest(older, at, depth - 1, this.#isProven(at));
      return;
    }
    for (let item = kept as Version | undefined; item !== undefined; item = item.older) {
      if (item.older !== version) continue;
      item.older = version.older;
      const state = this.#state[at] as number;
      this.#state[at] = (state & ~(DEPTH << 1)) | (--depth << 1);
      return;
    }
  }

  /** Where `version` is kept now, or -1. @internal */
  placeOf(version: Version): number {
    const at = this.position(version.pk, version.at);
    if (at >= 0) version.at = at;
    return at;
  }

  /**
   * Follows `keys`, the key list of the kind's table being read: what is kept for a key moves to its
   * place in `keys`; what is kept for a key `keys` does not hold goes to `drop`, with this shelf: all of it
   * when at most `RECENT` keys leave, else what a version built there now would keep (`keepsHistory`).
   * @internal
   */
  align(
    keys: readonly string[],
    drop: (shelf: Shelf, record: EntityRecord, kept: Kept, reads: Reads, pk: string) => void,
  ): void {
    const before = this.keys;
    // the positions it has: a key list grows in place (`keysOf`), so `before` may be longer now
    const aligned = this.records.length;
    if (before === keys && aligned === keys.length) return;
    let same = before === keys ? aligned : 0;
    const shared = Math.min(aligned, keys.length);
    while (same < shared && before[same] === keys[same]) same++;
    this.keys = keys;
    this.#cursor = 0;
    if (same === aligned) {
      // keys added at the end (the common case): the places of the others hold
      const added = keys.length - aligned;
      this.records = extended(this.records, added, undefined);
      this.kept = extended(this.kept, added, undefined);
      this.#state = extended(this.#state, added, 0);
      if (this.reads !== undefined) this.reads = extended(this.reads, added, undefined);
      for (let i = same; this.#index !== undefined && i < keys.length; i++) this.#index.set(keys[i] as string, i);
      return;
    }
    const index = (this.#index ??= indexOf(before, aligned));
    const moved = new Uint8Array(aligned);
    // how many keys leave: a few (an optimistic delete) keep what they kept, many (a sweep, a list replaced)
    // only what would stay behind a new version
    let leaving = aligned - same;
    const records = this.records.slice(0, same);
    const kept = this.kept.slice(0, same);
    const state = this.#state.slice(0, same);
    const reads = this.reads?.slice(0, same);
    for (let i = same; i < keys.length; i++) {
      // a key it did not have reads past the end (`aligned`): nothing there, and `moved` ignores it
      const at = index.get(keys[i] as string) ?? aligned;
      if (at < aligned) leaving--;
      moved[at] = 1;
      records.push(this.records[at]);
      kept.push(this.kept[at]);
      state.push(this.#state[at] ?? 0);
      reads?.push(this.reads?.[at]);
    }
    for (let at = same; at < aligned; at++) {
      const gone = this.kept[at];
      // (were it all when many leave, a feed collected as it goes would hand every record it ever held to
      // `drop`, whose WeakMap keeps an entry for it until V8's next full collection)
      if (moved[at] === 0 && gone !== undefined && (leaving <= RECENT || this.keepsHistory(at)))
        drop(this, this.records[at] as EntityRecord, gone, this.reads?.[at], before[at] as string);
    }
    this.records = records;
    this.kept = kept;
    this.#state = state;
    this.reads = reads;
    this.#index = undefined;
  }

  /** A version of what position `at` keeps alone, with what it read. @internal */
  wrap(output: object, at: number, record = this.records[at], reads = this.reads?.[at]): Version {
    return wrapAlone(output, this, this.keys[at] as string, record as EntityRecord, reads);
  }

  #setNewest(version: Version, at: number, depth: number, proven: boolean): void {
    version.shelf = this;
    version.at = at;
    this.#put(
      at,
      version,
      version.record,
      (this.#builds << STAMP_SHIFT) | (depth << 1) | (proven ? 1 : 0),
      version.reads,
    );
  }

  #clear(at: number): void {
    this.#put(at, undefined, undefined, 0, undefined);
  }

  /** Sets what position `at` keeps, its record, its packed state and what it read. */
  #put(at: number, kept: Kept | undefined, record: EntityRecord | undefined, state: number, reads: Reads): void {
    this.kept[at] = kept;
    this.records[at] = record;
    this.#state[at] = state;
    this.setReads(at, reads);
  }
}

/** How many versions a position keeps, from its packed state (see `Shelf.state`). */
function depthIn(state: number): number {
  return (state >> 1) & DEPTH;
}

/** Whether a position's newest was found again since it was put there, from its packed state. */
function provenIn(state: number): boolean {
  return (state & 1) === 1;
}

/** A version of `output`, kept alone for `record` at `pk` of `shelf`, with what it read. */
export function wrapAlone(output: object, shelf: Shelf, pk: string, record: EntityRecord, reads: Reads): Version {
  // kept alone, it is an instance of its entity's own class: its constructor (the memo's `mayKeepAlone`)
  const entity = (output as { readonly constructor: StoredSchema }).constructor;
  const version = new Version(entity, shelf.key, pk, record, output, 0);
  version.reads = reads;
  version.shelf = shelf;
  return version;
}

/**
 * Cuts the history behind `version`, just put first: of its class, the versions after `HISTORY`;
 * of all, after `DEPTH`. @returns how many are left
 */
function cut(version: Version): number {
  let count = 1;
  let same = 1;
  for (let item = version; item.older !== undefined;) {
    const older: Version = item.older;
    const sameClass = older.entity === version.entity;
    if (count === DEPTH || (sameClass && same === HISTORY)) {
      item.older = older.older;
      continue;
    }
    if (sameClass) same++;
    count++;
    item = older;
  }
  return count;
}

/**
 * `list` with `count` more `value`s at its end: in place when it at least doubles no more (amortized, as `push`
 * grows), else as a new array of exactly that length, where one grown by `push` would keep up to half again its
 * length spare (a shelf's first read of a table of 10,000 records: 7 bytes an entity over its three lists).
 */
function extended<T>(list: T[], count: number, value: T): T[] {
  if (count <= list.length) {
    for (let i = 0; i < count; i++) list.push(value);
    return list;
  }
  const added: T[] = [];
  for (let i = 0; i < count; i++) added.push(value);
  return list.concat(added);
}

/** Primary key to position, of the first `length` keys. */
function indexOf(keys: readonly string[], length = keys.length): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < length; i++) index.set(keys[i] as string, i);
  return index;
}
