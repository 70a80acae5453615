import type { EntityRecord, StoredSchema } from '../../schema/interface.js';
import type { MemoRead } from './MemoRead.js';
import { Shelf, wrapAlone, type Kept, type Reads } from './Shelf.js';
import { KeysRead, Version, type Read } from './Version.js';
import { isArray } from '../../utils/isArray.js';

/** How many states a mark tells apart: a version's `mark` is `read * STATES + state`, its state in that read. */
const STATES = 4;
const CHECKING = 0;
const FRESH = 1;
const STALE = 2;
/** Being checked, and known stale: answered once the versions that read each other with it are. */
const STALE_CHECKING = 3;
/** The mark of a version that no lookup finds any more: nothing built from it is current. */
const DEAD = -1;

/** The entities a read listed of one part of a table, and what they were built from besides it. */
export interface PartList {
  /** The entity class, the read's arguments (as one string), then the tables of the kinds it may read, its own as `false`. @internal */
  readonly reads: readonly unknown[];
  readonly list: readonly object[];
}

/**
 * The entities of a memo (see `MemoCache`, point 2): what is kept for each record, on its kind's
 * shelf at the record's position (`Shelf`, which also decides how long), or, once its key left
 * the table the shelf follows, by record (`tenured`, as long as the record lives). Only a
 * `MemoRead` asks it: `shelf` finds where a kind's records are kept, `find` what of it reads as it
 * did, `add` stores a version built (an output kept alone goes on its shelf: `Shelf.putAlone`).
 *
 * What may be returned is exactly what is kept: a version another one read is current only while
 * it is still kept where its record is (`placed`), so no two versions of one entity are current at
 * once, whatever a shelf let go.
 */
export class EntityMemo {
  /** Per kind: what is kept for its records, at their positions in the key list of the table read last. */
  readonly #shelves = new Map<string, Shelf>();
  /** What a read listed of each part of a paged table (`MemoRead.listParts`), by part. */
  readonly parts = new WeakMap<object, PartList>();
  /** What was kept for records whose key left their shelf's table, while the record lives. */
  readonly #tenured = new WeakMap<EntityRecord, Kept>();
  /** Whether anything was ever tenured (until then, nothing is looked up by record). */
  #tenuredAny = false;
  /** The reads of the versions being built, a stack: each build takes its own off the top (`MemoRead`). */
  readonly pending: Read[] = [];
  readonly #stack: Version[] = [];
  readonly #positions: number[] = [];
  /** The walk's number of each version on `stack`, and the versions met whose group is not answered yet. */
  readonly #firsts: number[] = [];
  readonly #open: Version[] = [];
  /** How many versions the walk has met. */
  #met = 0;

  /** The shelf of the kind `key`, aligned with the key list of `read`'s table of that kind. @internal */
  shelf(key: string, read: MemoRead): Shelf {
    let shelf = this.#shelves.get(key);
    if (shelf === undefined) this.#shelves.set(key, (shelf = new Shelf(key)));
    // aligned once per read: a read made inside another (a schema's own code) may align it elsewhere in between
    if (shelf.alignedFor !== read.id) {
      shelf.align(read.keysOf(key), this.#tenure);
      shelf.alignedFor = read.id;
    }
    return shelf;
  }

  /**
   * What is kept for `entity` at `record`, stored at position `at` of `shelf`, that reads as it did:
   * the output alone of an entity, built from this very record, whose reads hold, or a version of
   * this record whose reads all hold. Looked for at the position (behind a newer record only when
   * the position keeps a history: else the newest is not even loaded), then among what was kept for
   * the record when its key left the table; found, it becomes the newest of the position.
   */
  find(entity: StoredSchema, record: EntityRecord, shelf: Shelf, at: number, read: MemoRead): Kept | undefined {
    const kept = shelf.kept[at];
    // the stored record on the left: optimized code checks the type of the left operand of `===` only, by loading its
    // map, and the record kept here, from a refetch ago, is out of the cache (a miss per changed record); the stored
    // record is loaded next anyway
    const same = record === shelf.records[at];
    // found already in this read (an author of many comments): nothing more to check or note
    if (same && kept instanceof Version && this.isFound(kept, read) && kept.entity === entity) return kept;
    if (kept !== undefined && (same || shelf.depth(at) > 1)) {
      const found = this.#findIn(kept, shelf.records[at], shelf.reads?.[at], entity, record, read);
      if (found !== undefined) {
        if (found !== kept) shelf.toFront(found as Version, at);
        else shelf.prove(at);
        return found;
      }
    }
    const tenured = this.#tenuredOf(record);
    const found = tenured === undefined ? undefined : this.#findIn(tenured, record, undefined, entity, record, read);
    if (found === undefined) return undefined;
    if (kept === undefined && !(found instanceof Version)) {
      shelf.putAlone(found, record, at, undefined);
      shelf.prove(at);
      return found;
    }
    const version =
      found instanceof Version ? found : wrapAlone(found, shelf, shelf.keys[at] as string, record, undefined);
    this.#adopt(version, tenured as Kept, shelf, at);
    return version;
  }

  /**
   * Stores a version just built from the stored `record` as the newest at position `at` of `shelf`.
   * An entity not stored (`record` undefined) or with no place (`shelf` undefined) is kept only by
   * what read it.
   */
  add(
    entity: StoredSchema,
    key: string,
    pk: string,
    record: EntityRecord | undefined,
    output: object | undefined,
    read: MemoRead,
    shelf?: Shelf,
    at?: number,
  ): Version {
    const version = new Version(entity, key, pk, record, output, read.id * STATES + FRESH);
    if (record !== undefined && shelf !== undefined) shelf.place(version, at as number);
    return version;
  }

  /**
   * Whether `output`, just built for position `at` of `shelf` at the top of a read, may be kept as
   * its output alone: what it tells of itself (an instance of the entity's own class, not a
   * Collection's list) and no history to keep behind it.
   * @internal
   */
  mayKeepAlone(output: object, entity: StoredSchema, shelf: Shelf, at: number): boolean {
    return isInstanceOf(output, entity) && !shelf.keepsHistory(at);
  }

  /** What was kept for `record` since its key left its table (looked up only once anything was). */
  #tenuredOf(record: EntityRecord): Kept | undefined {
    return this.#tenuredAny ? this.#tenured.get(record) : undefined;
  }

  /** Whether `version` was found (or built) in `read` already, reading as it did. @internal */
  isFound(version: Version, read: MemoRead): boolean {
    return version.mark === read.id * STATES + FRESH;
  }

  /** Drops a version whose build failed: it must never be found half-built, nor take a place in a history. @internal */
  forget(version: Version): void {
    version.mark = DEAD;
    version.shelf?.remove(version);
  }

  /** Notes beside `version`, just filled, what it read, while it is the newest at its position (what a rebuild there reads first). @internal */
  filled(version: Version): void {
    const { shelf } = version;
    if (shelf === undefined) return;
    const at = shelf.placeOf(version);
    if (at >= 0 && shelf.kept[at] === version) shelf.setReads(at, version.reads);
  }

  /** Keeps what position `pk` of `shelf` kept, now that its key left the table, for each record it holds a version of. */
  readonly #tenure = (shelf: Shelf, record: EntityRecord, kept: Kept, reads: Reads, pk: string): void => {
    this.#tenuredAny = true;
    if (!(kept instanceof Version)) {
      // an output alone that read others keeps what it read in a version of its own
      this.#tenured.set(record, reads === undefined ? kept : wrapAlone(kept, shelf, pk, record, reads));
      return;
    }
    // the latest history of each record: its versions built since it was last tenured are in it
    for (let version: Version | undefined = kept; version !== undefined; version = version.older)
      if (version.record !== undefined) this.#tenured.set(version.record, kept);
  };

  /** Puts `version`, kept for its record since its key left the table (`from`: the history it was kept in), back at its position. */
  #adopt(version: Version, from: Kept, shelf: Shelf, at: number): void {
    if (holdsVersion(shelf.kept[at], version)) {
      if (shelf.kept[at] !== version) shelf.toFront(version, at);
      else shelf.prove(at);
    } else shelf.adopt(version, from, at);
  }

  /**
   * What of `kept` (kept for `keptRecord`) reads as it did for `entity` at `record`: the output
   * alone, built from this very record, or the first version of this record whose reads all hold.
   */
  #findIn(
    kept: Kept,
    keptRecord: EntityRecord | undefined,
    keptReads: Reads,
    entity: StoredSchema,
    record: EntityRecord,
    read: MemoRead,
  ): Kept | undefined {
    if (!(kept instanceof Version))
      return record === keptRecord && isInstanceOf(kept, entity) && this.#readsHold(keptReads, read) ? kept : undefined;
    for (let version: Version | undefined = kept; version !== undefined; version = version.older) {
      const holds =
        record === version.record &&
        version.entity === entity &&
        (version.reads === undefined ? version.mark !== DEAD : this.#current(version, read));
      if (!holds) continue;
      if (version.reads === undefined) version.mark = read.id * STATES + FRESH;
      return version;
    }
    return undefined;
  }

  /** Whether everything an output kept alone read reads the same. */
  #readsHold(reads: Reads, read: MemoRead): boolean {
    if (reads === undefined) return true;
    const count = isArray(reads) ? reads.length : 1;
    for (let i = 0; i < count; i++) {
      const other = (isArray(reads) ? reads[i] : reads) as Exclude<Reads, undefined | unknown[]>;
      if (other instanceof Version ? !this.#current(other, read) : !holds(other, read)) return false;
    }
    return true;
  }

  /**
   * Whether `version`, whose record is the stored one, is still kept where its record is: at its
   * position (its newest, or in the history behind), or for its record since its key left the table
   * (then it is put back at its position). What a position let go is never current again, so no two
   * versions of one entity are current at once. Found so, its position has shown it again.
   */
  #placed(version: Version, read: MemoRead): boolean {
    const { shelf } = version;
    if (shelf === undefined) return true;
    this.shelf(shelf.key, read);
    const at = shelf.placeOf(version);
    if (at < 0) return false;
    const kept = shelf.kept[at];
    if (kept === version || holdsVersion(kept, version)) {
      if (kept === version) shelf.prove(at);
      return true;
    }
    const tenured = this.#tenuredOf(version.record as EntityRecord);
    if (!holdsVersion(tenured, version)) return false;
    this.#adopt(version, tenured as Kept, shelf, at);
    return true;
  }

  /**
   * Whether `root` reads as it did: its record is the stored one, it is kept where its record is,
   * and everything it read reads the same. Answered once per read for every version the walk meets,
   * depth-first with an explicit stack (graphs may be deeper than the call stack). Versions that read
   * each other (a cycle) are answered together once the walk has seen all of them (Tarjan's strongly
   * connected components): fresh when none of them is stale, else stale together.
   */
  #current(root: Version, read: MemoRead): boolean {
    const base = read.id * STATES;
    if (answeredIn(root.mark, base)) return root.mark !== base + STALE;
    if (root.mark === DEAD) return false;
    if (root.reads === undefined) {
      const fresh = this.#holds(root, read);
      root.mark = base + (fresh ? FRESH : STALE);
      return fresh;
    }
    const stack = this.#stack;
    const positions = this.#positions;
    const firsts = this.#firsts;
    const open = this.#open;
    this.#met = 0;
    this.#enter(root, read, base);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Version;
      const position = positions[positions.length - 1] as number;
      const reads = top.reads;
      const total = reads === undefined ? 0 : isArray(reads) ? reads.length : 1;
      // a version known stale reads nothing more: whatever reads it is stale too
      if (top.mark === base + CHECKING && position < total) {
        positions[positions.length - 1] = position + 1;
        const other = (isArray(reads) ? reads[position] : reads) as Read;
        if (!(other instanceof Version)) {
          if (!holds(other, read)) top.mark = base + STALE_CHECKING;
        } else if (other.mark === DEAD || other.mark === base + STALE) top.mark = base + STALE_CHECKING;
        else if (!answeredIn(other.mark, base)) this.#enter(other, read, base);
        else if (other.mark !== base + FRESH) top.low = Math.min(top.low, other.low); // on the walk: one cycle
        continue;
      }
      stack.pop();
      positions.pop();
      const first = firsts.pop() as number;
      if (top.low === first) {
        // the first version met of a group that read each other: the group is answered together
        let stale = false;
        for (let i = open.lastIndexOf(top); i < open.length; i++) stale ||= open[i]?.mark === base + STALE_CHECKING;
        for (let version = open.pop(); version !== undefined; version = version === top ? undefined : open.pop())
          version.mark = base + (stale ? STALE : FRESH);
      }
      const parent = stack[stack.length - 1];
      if (parent === undefined) continue;
      if (top.mark === base + STALE) parent.mark = base + STALE_CHECKING;
      else if (top.mark !== base + FRESH) parent.low = Math.min(parent.low, top.low);
    }
    return root.mark === base + FRESH;
  }

  /** Starts checking `version` in the walk of `current`. */
  #enter(version: Version, read: MemoRead, base: number): void {
    version.mark = base + (this.#holds(version, read) ? CHECKING : STALE_CHECKING);
    version.low = this.#met;
    this.#firsts.push(this.#met++);
    this.#stack.push(version);
    this.#positions.push(0);
    this.#open.push(version);
  }

  /** Whether `version`'s record is the stored one and it is kept where that record is. */
  #holds(version: Version, read: MemoRead): boolean {
    return read.stored(version.key, version.pk) === version.record && this.#placed(version, read);
  }
}

/**
 * Whether a version's `mark` was set in the read whose marks start at `base`. A read made inside it
 * (a schema's own code reading other tables) marks with a later number: no answer for this one.
 */
function answeredIn(mark: number, base: number): boolean {
  return mark >= base && mark < base + STATES;
}

/** Whether the history at a position (`kept` and the versions behind it) holds `version`. */
function holdsVersion(kept: Kept | undefined, version: Version): boolean {
  for (let item = kept; item instanceof Version; item = item.older) if (item === version) return true;
  return false;
}

/** Whether something a version read besides entities reads the same now. */
function holds(other: Exclude<Read, Version>, read: MemoRead): boolean {
  return other instanceof KeysRead
    ? read.keysOf(other.key) === other.keys && other.keys.length === other.length
    : read.argsKey === other;
}

/**
 * Whether `output` was made by `entity.fromJS` for this very class: it is an instance of the class
 * itself (not of a subclass, nor a Collection's container). Only such an output tells what made it.
 * Told by its `constructor` (every class's prototype names its own): about 8 ns faster a build than
 * `Object.getPrototypeOf` where the read sees many classes. An instance that holds a field of that
 * name is not told apart, and is kept in a version instead.
 */
function isInstanceOf(output: object, entity: StoredSchema): boolean {
  return (output as { readonly constructor?: unknown }).constructor === entity;
}
