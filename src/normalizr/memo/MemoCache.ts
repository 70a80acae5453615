import type { EntityRecord, EntityTables, StoredSchema } from '../../schema/interface.js';
import { entityKey } from '../../schema/entityKey.js';
import { isStoredSchema } from '../../schema/isStoredSchema.js';
import { isPlainObject } from '../../utils/isPlainObject.js';
import { isRecord } from '../../utils/isRecord.js';
import { getOwn } from '../../utils/ownProperty.js';
import { stableStringify } from '../../utils/stableStringify.js';
import { objectId } from '../../utils/objectId.js';
import { collectTableKeys } from '../collectTableKeys.js';
import { toSchemaClass } from '../shorthand.js';
import { MemoRead } from './MemoRead.js';
import { Shelf, type Kept, type Reads } from './Shelf.js';
import { KeysRead, Version, type Read } from './Version.js';

/** Versions kept per position, and results per top-level read: a rollback finds its objects among them. */
const HISTORY = 4;
/** Builds per age of the memo: a position built or found in this age or the one before is recent. */
const AGE = 1024;
/** A version's `mark` is `read * 4 + state`: its state in that read. */
const CHECKING = 0;
const FRESH = 1;
const STALE = 2;
/** The mark of a version that no lookup finds any more: nothing built from it is current. */
const DEAD = -1;

/** One top-level read: its output, stored under its schema, arguments and the tables it reads (by number, never by reference). */
interface Result {
  readonly schema: object;
  readonly argsKey: string;
  /** The tables object it was last found current for (`objectId`). */
  generation: number;
  readonly keys: readonly string[];
  /** `objectId` of each table in `keys` when it was read. */
  readonly tableIds: readonly number[];
  readonly output: unknown;
  /** Earlier results of the same read, newest first. */
  previous: Result | undefined;
}

/**
 * Memoized denormalization, built to live as long as the store. This file is where the memo decides
 * that a read gives the same object as before; every answer is one of these:
 *
 * 1. **The same read over the same tables.** A top-level read is stored under its input (for
 *    `schema.All`, the kinds it lists; for an entity read by primary key, the record it finds) and
 *    its arguments, with the tables its schema can reach. When none of them changed, or they are
 *    again the tables of one of its last `HISTORY` results (a rollback), that result comes back.
 * 2. **The same entity over the same record.** What is built for an entity is kept where the store
 *    keeps its record: by kind and primary key, at the record's position in its table's key list
 *    (`Shelf`), with the record as the check. Each built entity is a `Version`: its record (the
 *    store's own identity for unchanged data: records keep their reference until they change) and
 *    everything else it read: nested entities, the key list of a nested `schema.All`, the arguments
 *    of a nested `schema.Query`. Finding it is its freshness check: a version is returned while its
 *    record is the stored one and everything it read reads the same, so an entity is rebuilt only
 *    when its record or something it holds changed. An entity that read nothing else is kept as its
 *    output alone: its record is all it depends on. Behind the newest version, a position keeps the
 *    older ones that are recent (up to `HISTORY`), so going back to earlier records or to what they
 *    held (a rollback, another store sharing this memo) finds the objects of then.
 * 3. **A rebuilt result holding the same things.** When a read had to be rebuilt and its output holds
 *    the very items of one of its kept results (arrays and plain objects compared item by item), that
 *    result's output is returned, the latest first: so a rollback to tables of one of them, which
 *    returns that result, shows the same object as a rebuilt read of them showed.
 *
 * Records keep their reference while unchanged because writes keep the stored record when a merge
 * changes nothing (`NormalizeWrites`, `sameJson`); selectors add their own per-store caches on top.
 *
 * Storage (`EntityMemo`, `Shelf`). Each kind has one shelf, whose positions follow the key list of
 * the kind's table being read; successive tables of a kind share one key list while no key is added
 * or removed, so a refetch that brings a new record for every key finds each one's place by
 * position, hashing nothing per record (a map from records took as long as building the
 * instances). What a key that leaves the table kept is held by its record, as long as the record
 * lives. A position's history is kept while the position is recent (built or found in the last
 * one or two `AGE`s of builds), so reads of changing data let their old records go. Nothing here
 * keeps an old table alive.
 *
 * @see README.md#first-use
 */
export class MemoCache {
  private readonly results = new WeakMap<object, Result>();
  private readonly entities = new EntityMemo();
  /** Numbers the reads: a version's freshness is checked once per read. */
  private reads = 0;

  /**
   * Reads `input` (a normalized result) back into instances, from `tables`.
   * @param schema the schema `input` was normalized with
   * @param input the normalized result (ignored by table-listing schemas such as `schema.All`)
   * @param tables the entity tables, `tables[key][pk]`
   * @param args the read's arguments (used by `schema.Query`)
   * @returns the same object as last time when nothing it contains changed
   */
  denormalize(schema: unknown, input: unknown, tables: EntityTables, args: readonly unknown[] = []): unknown {
    const schemaClass = toSchemaClass(schema);
    if (schemaClass === undefined) return input;
    const id = ++this.reads;
    // a listing is stored under what it lists (equal Alls share it); a read by key under the record it finds
    const listing = schemaClass.readsTables === true;
    const identity: object = (listing && schemaClass.listToken) || schemaClass;
    const holder = listing
      ? identity
      : isRecord(input)
        ? input
        : isStoredSchema(schemaClass) && input !== undefined && input !== null
          ? getOwn(tables[entityKey(schemaClass)], `${String(input)}`)
          : undefined;
    if (holder === undefined) return this.read(schemaClass, input, tables, args, id, undefined);
    const argsKey = args.length === 0 ? '' : stableStringify(args);
    const generation = objectId(tables);
    const latest = this.results.get(holder);
    const same = latest !== undefined && latest.schema === identity;
    if (same) {
      let before: Result | undefined;
      for (let result: Result | undefined = latest; result !== undefined; before = result, result = result.previous) {
        if (result.argsKey !== argsKey || !sameTables(result, tables, generation)) continue;
        result.generation = generation;
        if (before !== undefined) {
          // an earlier result holds again (a rollback): it becomes the latest
          before.previous = result.previous;
          result.previous = latest;
          this.results.set(holder, result);
        }
        return result.output;
      }
    }
    let output = this.read(schemaClass, input, tables, args, id, argsKey);
    // holding the very items of a kept result (the latest, or one a rollback may return to): that result's output
    if (same) {
      for (let kept: Result | undefined = latest; kept !== undefined; kept = kept.previous) {
        if (!equivalent(kept.output, output)) continue;
        output = kept.output;
        break;
      }
    }
    const keys = collectTableKeys(schemaClass);
    const result: Result = {
      schema: identity,
      argsKey,
      generation,
      keys,
      tableIds: keys.map((key) => objectId(tables[key])),
      output,
      previous: same ? latest : undefined,
    };
    let last = result;
    for (let kept = 1; kept < HISTORY && last.previous !== undefined; kept++) last = last.previous;
    last.previous = undefined;
    this.results.set(holder, result);
    return output;
  }

  private read(
    schema: unknown,
    input: unknown,
    tables: EntityTables,
    args: readonly unknown[],
    id: number,
    argsKey: string | undefined,
  ): unknown {
    return new MemoRead(this.entities, tables, args, id, argsKey).read(schema, input);
  }
}

/**
 * The entities of a memo (see `MemoCache`, point 2): what is kept for each record, on its kind's
 * shelf at the record's position, or, once its key left the table the shelf follows, by record
 * (`tenured`, as long as the record lives). Only a `MemoRead` asks it: `shelf` finds where a kind's
 * records are kept, `find` what of it reads as it did, `add` stores what was built.
 *
 * A read of changed records never touches what was built before them: a refetch brings a new record
 * for every key, and loading each one's previous version (built long ago, far apart in memory)
 * took as long as building the new one. So a position's age is kept beside it (`Shelf.usedAt`), and
 * what an old position held is let go unseen when a new record's version takes its place; a version
 * another one read is current only while it is still kept where its record is (`placed`).
 */
export class EntityMemo {
  /** Per kind: what is kept for its records, at their positions in the key list of the table read last. */
  private readonly shelves = new Map<string, Shelf>();
  /** What was kept for records whose key left their shelf's table, while the record lives. */
  private readonly tenured = new WeakMap<EntityRecord, Kept>();
  /** The clock of the positions' ages: one age is `AGE` builds. */
  private age = 0;
  private builtThisAge = 0;
  /** Whether anything was ever tenured (until then, nothing is looked up by record). */
  private tenuredAny = false;
  /** The reads of the versions being built, a stack: each build takes its own off the top (`MemoRead`). */
  readonly pending: Read[] = [];
  private readonly stack: Version[] = [];
  private readonly positions: number[] = [];
  private readonly provisional: Version[] = [];
  private readonly tenure = (record: EntityRecord, kept: Kept, reads: Reads, shelf: Shelf, pk: string): void => {
    this.tenuredAny = true;
    if (!(kept instanceof Version)) {
      // an output alone that read others keeps what it read in a version of its own
      this.tenured.set(record, reads === undefined ? kept : this.wrap(kept, shelf, pk, record, reads));
      return;
    }
    for (let version: Version | undefined = kept; version !== undefined; version = version.older) {
      if (version.record !== undefined && !this.tenured.has(version.record)) this.tenured.set(version.record, kept);
    }
  };

  /** Counts a build on the clock of ages. */
  private counted(): void {
    if (++this.builtThisAge < AGE) return;
    this.builtThisAge = 0;
    this.age++;
  }

  /** The shelf of the kind `key`, aligned with the key list of `read`'s table of that kind. */
  shelf(key: string, read: MemoRead): Shelf {
    let shelf = this.shelves.get(key);
    if (shelf === undefined) this.shelves.set(key, (shelf = new Shelf(key)));
    // aligned once per read: a read made inside another (a schema's own code) may align it elsewhere in between
    if (shelf.alignedFor !== read.id) {
      shelf.align(read.keysOf(key), this.tenure);
      shelf.alignedFor = read.id;
    }
    return shelf;
  }

  /**
   * What is kept for `entity` at `record`, stored at position `at` of `shelf`, that reads as it did:
   * the output alone of an entity that read nothing else, built from this very record, or a version
   * of this record whose reads all hold. Looked for at the position (behind a newer record only while
   * the position is recent), then among what was kept for the record when its key left the table;
   * found, it becomes the newest of the position.
   */
  find(entity: StoredSchema, record: EntityRecord, shelf: Shelf, at: number, read: MemoRead): Kept | undefined {
    const kept = shelf.kept[at];
    const same = shelf.records[at] === record;
    // found already in this read (an author of many comments): nothing more to check or note
    if (same && kept instanceof Version && kept.mark === read.id * 4 + FRESH && kept.entity === entity) return kept;
    const { age } = this;
    if (kept !== undefined && (same || (shelf.usedAt[at] as number) >= age - 1)) {
      const found = this.findIn(kept, shelf.records[at], shelf.reads?.[at], entity, record, read);
      if (found !== undefined) {
        shelf.usedAt[at] = age;
        if (found !== kept) this.toFront(found as Version, kept as Version, shelf, at);
        return found;
      }
    }
    const tenured = this.tenuredAny ? this.tenured.get(record) : undefined;
    const found = tenured === undefined ? undefined : this.findIn(tenured, record, undefined, entity, record, read);
    if (found === undefined) return undefined;
    if (kept === undefined && !(found instanceof Version)) {
      this.putAlone(found, record, shelf, at, undefined);
      return found;
    }
    const version =
      found instanceof Version ? found : this.wrap(found, shelf, shelf.keys[at] as string, record, undefined);
    this.adopt(version, shelf, at);
    return version;
  }

  /**
   * Stores a version just built from the stored `record` as the newest at position `at` of `shelf`,
   * before what was kept there. An entity not stored (`record` undefined) or with no place (`shelf`
   * undefined) is kept only by what read it.
   */
  add(
    entity: StoredSchema,
    key: string,
    pk: string,
    record: EntityRecord | undefined,
    output: object | undefined,
    read: MemoRead,
    shelf: Shelf | undefined,
    at: number,
  ): Version {
    const version = new Version(entity, key, pk, record, output, read.id * 4 + FRESH);
    if (record === undefined || shelf === undefined) return version;
    this.counted();
    this.place(version, shelf, at);
    return version;
  }

  /**
   * Whether `output`, just built for position `at` of `shelf` at the top of a read, may be kept as
   * its output alone: what it tells of itself (an instance of the entity's own class, not a
   * Collection's list) and no recent history at its position to keep behind it.
   */
  mayKeepAlone(output: object, entity: StoredSchema, shelf: Shelf, at: number): boolean {
    return isInstanceOf(output, entity) && !this.isRecent(shelf, at);
  }

  /** Keeps `output`, being built from `record`, alone at position `at` of `shelf` (what it reads follows: `setReads`). */
  keepAlone(output: object, record: EntityRecord, shelf: Shelf, at: number): void {
    this.counted();
    this.putAlone(output, record, shelf, at, undefined);
  }

  /** What `output`, kept alone at position `at` of `shelf` (or by a version made for another entity that read it), read. */
  setReads(output: object, reads: Reads, shelf: Shelf, at: number): void {
    const kept = shelf.kept[at];
    if (kept instanceof Version && kept.output === output) kept.reads = reads;
    else if (kept !== output) return;
    shelf.setReads(at, reads);
  }

  /** Notes beside `version`, just filled, what it read, while it is the newest at its position (what a rebuild there reads first). */
  filled(version: Version): void {
    const { shelf, at } = version;
    if (shelf !== undefined && shelf.kept[at] === version) shelf.setReads(at, version.reads);
  }

  /** Drops `output`, kept alone at position `at` of `shelf`, whose build failed: it must never be found half-built. */
  forgetAlone(output: object, shelf: Shelf, at: number): void {
    const kept = shelf.kept[at];
    if (kept === output) {
      shelf.kept[at] = undefined;
      shelf.records[at] = undefined;
      shelf.setReads(at, undefined);
    } else if (kept instanceof Version && kept.output === output) kept.mark = DEAD;
  }

  /** A version of `output`, kept alone at position `at` of `shelf`, put in its place now that another entity reads it. */
  versionOf(output: object, record: EntityRecord, shelf: Shelf, at: number): Version {
    const version = this.wrap(output, shelf, shelf.keys[at] as string, record, shelf.reads?.[at]);
    this.putVersion(version, shelf, at);
    return version;
  }

  /** Whether `version` was found (or built) in `read` already, reading as it did. */
  isFound(version: Version, read: MemoRead): boolean {
    return version.mark === read.id * 4 + FRESH;
  }

  /** Drops a version whose build failed: it must never be found half-built. */
  forget(version: Version): void {
    version.mark = DEAD;
  }

  /**
   * What of `kept` (kept for `keptRecord`) reads as it did for `entity` at `record`: the output
   * alone, built from this very record, or the first version of this record whose reads all hold.
   */
  private findIn(
    kept: Kept,
    keptRecord: EntityRecord | undefined,
    keptReads: Reads,
    entity: StoredSchema,
    record: EntityRecord,
    read: MemoRead,
  ): Kept | undefined {
    if (!(kept instanceof Version))
      return keptRecord === record && isInstanceOf(kept, entity) && this.readsHold(keptReads, read) ? kept : undefined;
    for (let version: Version | undefined = kept; version !== undefined; version = version.older) {
      const holds =
        version.record === record &&
        version.entity === entity &&
        (version.reads === undefined ? version.mark !== DEAD : this.current(version, read));
      if (!holds) continue;
      if (version.reads === undefined) version.mark = read.id * 4 + FRESH;
      return version;
    }
    return undefined;
  }

  /** Whether everything an output kept alone read reads the same. */
  private readsHold(reads: Reads, read: MemoRead): boolean {
    if (reads === undefined) return true;
    const count = Array.isArray(reads) ? reads.length : 1;
    for (let i = 0; i < count; i++) {
      const other = (Array.isArray(reads) ? reads[i] : reads) as Exclude<Reads, undefined | unknown[]>;
      if (other instanceof Version ? !this.current(other, read) : !holds(other, read)) return false;
    }
    return true;
  }

  /** Whether position `at` of `shelf` keeps something built or found in this age or the one before. */
  private isRecent(shelf: Shelf, at: number): boolean {
    return shelf.kept[at] !== undefined && (shelf.usedAt[at] as number) >= this.age - 1;
  }

  /** Moves `version`, found behind `head` at position `at`, to the front. */
  private toFront(version: Version, head: Version, shelf: Shelf, at: number): void {
    let before = head;
    while (before.older !== version) before = before.older as Version;
    before.older = version.older;
    version.older = head;
    shelf.kept[at] = version;
    shelf.records[at] = version.record;
  }

  /** Makes `output` what position `at` of `shelf` keeps for `record`, alone, with what it read. */
  private putAlone(output: object, record: EntityRecord, shelf: Shelf, at: number, reads: Reads): void {
    shelf.kept[at] = output;
    shelf.records[at] = record;
    shelf.usedAt[at] = this.age;
    shelf.setReads(at, reads);
  }

  /** Makes `version` the newest at position `at` of `shelf`. */
  private putVersion(version: Version, shelf: Shelf, at: number): void {
    version.shelf = shelf;
    version.at = at;
    shelf.kept[at] = version;
    shelf.records[at] = version.record;
    shelf.usedAt[at] = this.age;
    shelf.setReads(at, version.reads);
  }

  /**
   * Puts `version` at position `at` of `shelf`, before what was kept there while the position is
   * recent (its history, within `HISTORY` versions); what an old position kept is let go unseen.
   */
  private place(version: Version, shelf: Shelf, at: number): void {
    const kept = shelf.kept[at];
    // an old position is not looked at (loading what it kept would cost a cache miss per record)
    if (kept !== undefined && this.isRecent(shelf, at)) {
      version.older =
        kept instanceof Version
          ? kept
          : this.wrap(kept, shelf, shelf.keys[at] as string, shelf.records[at] as EntityRecord, shelf.reads?.[at]);
      let last = version;
      for (let count = 1; count < HISTORY && last.older !== undefined; count++) last = last.older;
      last.older = undefined;
    } else version.older = undefined;
    this.putVersion(version, shelf, at);
  }

  /** Puts `version`, kept elsewhere until now, at position `at` of `shelf`: to the front if it is in the history there. */
  private adopt(version: Version, shelf: Shelf, at: number): void {
    const kept = shelf.kept[at];
    if (kept instanceof Version && holdsVersion(kept, version)) {
      if (kept !== version) this.toFront(version, kept, shelf, at);
      this.putVersion(version, shelf, at);
    } else this.place(version, shelf, at);
  }

  /** A version of `output`, kept alone for `record` at `pk` on `shelf`, with what it read. */
  private wrap(output: object, shelf: Shelf, pk: string, record: EntityRecord, reads: Reads): Version {
    // kept alone, it is an instance of its entity's own class (`mayKeepAlone`)
    const entity = (Object.getPrototypeOf(output) as { constructor: StoredSchema }).constructor;
    const version = new Version(entity, shelf.key, pk, record, output, 0);
    version.reads = reads;
    version.shelf = shelf;
    return version;
  }

  /**
   * Whether `version`, whose record is the stored one, is still kept where its record is: at its
   * position (its newest, or in the history behind), or for its record since its key left the table
   * (then it is put back at its position). What a position let go is never current again, so no two
   * versions of one entity are current at once.
   */
  private placed(version: Version, read: MemoRead): boolean {
    const { shelf, pk } = version;
    if (shelf === undefined) return true;
    this.shelf(shelf.key, read);
    let at = version.at;
    if (shelf.keys[at] !== pk) {
      at = shelf.position(pk);
      if (at < 0) return false;
      version.at = at;
    }
    const kept = shelf.kept[at];
    if (kept === version || holdsVersion(kept, version)) return true;
    if (!this.tenuredAny || !holdsVersion(this.tenured.get(version.record as EntityRecord), version)) return false;
    this.adopt(version, shelf, at);
    return true;
  }

  /**
   * Whether `root` reads as it did: its record is the stored one, it is kept where its record is,
   * and everything it read reads the same. Answered once per read, depth-first with an explicit
   * stack (graphs may be deeper than the call stack). An answer reached through a cycle is
   * provisional: if the root turns out stale, every provisional answer is withdrawn.
   */
  private current(root: Version, read: MemoRead): boolean {
    const base = read.id * 4;
    if (root.mark >= base) return root.mark !== base + STALE;
    if (root.mark === DEAD) return false;
    if (root.reads === undefined) {
      const fresh = this.holds(root, read);
      root.mark = base + (fresh ? FRESH : STALE);
      return fresh;
    }
    const { stack, positions, provisional } = this;
    let sawCycle = false;
    this.open(root, read, base);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Version;
      const position = positions[positions.length - 1] as number;
      const count = top.reads === undefined ? 0 : Array.isArray(top.reads) ? top.reads.length : 1;
      if (top.mark === base + CHECKING && position < count) {
        positions[positions.length - 1] = position + 1;
        const other = (Array.isArray(top.reads) ? top.reads[position] : top.reads) as Read;
        if (!(other instanceof Version)) {
          if (!holds(other, read)) top.mark = base + STALE;
        } else if (other.mark === DEAD || other.mark === base + STALE) top.mark = base + STALE;
        else if (other.mark < base) this.open(other, read, base);
        else if (other.mark === base + CHECKING) sawCycle = true;
        continue;
      }
      stack.pop();
      positions.pop();
      if (top.mark === base + CHECKING) {
        top.mark = base + FRESH;
        if (sawCycle) provisional.push(top);
      }
      const parent = stack[stack.length - 1];
      if (top.mark === base + STALE && parent !== undefined) parent.mark = base + STALE;
    }
    const fresh = root.mark === base + FRESH;
    if (!fresh) for (const version of provisional) version.mark = base + STALE;
    provisional.length = 0;
    return fresh;
  }

  /** Whether `version`'s record is the stored one and it is kept where that record is. */
  private holds(version: Version, read: MemoRead): boolean {
    return read.stored(version.key, version.pk) === version.record && this.placed(version, read);
  }

  private open(version: Version, read: MemoRead, base: number): void {
    version.mark = base + (this.holds(version, read) ? CHECKING : STALE);
    this.stack.push(version);
    this.positions.push(0);
  }
}

/** Whether the history at a position (`kept` and the versions behind it) holds `version`. */
function holdsVersion(kept: Kept | undefined, version: Version): boolean {
  for (let item = kept; item instanceof Version; item = item.older) if (item === version) return true;
  return false;
}

/** Whether something a version read besides entities reads the same now. */
function holds(other: Exclude<Read, Version>, read: MemoRead): boolean {
  return other instanceof KeysRead ? read.keysOf(other.key) === other.keys : read.argsKey === other.argsKey;
}

function sameTables(result: Result, tables: EntityTables, generation: number): boolean {
  if (result.generation === generation) return true;
  for (let i = 0; i < result.keys.length; i++)
    if (objectId(tables[result.keys[i] as string]) !== result.tableIds[i]) return false;
  return true;
}

/** Whether two outputs hold the same things: arrays and plain objects item by item, anything else by `===`. */
function equivalent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equivalent(a[i], b[i])) return false;
    return true;
  }
  if (!isRecord(a) || !isRecord(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.hasOwn(b, key) || !equivalent(a[key], b[key])) return false;
  return true;
}

/**
 * Whether `output` was made by `entity.fromJS` for this very class: its prototype is the class's
 * (not a subclass's or a Collection's container). Only such an output tells what made it.
 */
function isInstanceOf(output: object, entity: StoredSchema): boolean {
  const { prototype } = entity as { readonly prototype?: unknown };
  return prototype !== undefined && Object.getPrototypeOf(output) === prototype;
}
