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
import { Shelf, wrapAlone, type Kept, type Reads } from './Shelf.js';
import { KeysRead, Version, type Read } from './Version.js';

/** Results kept per top-level read: a rollback finds its objects among them. */
const HISTORY = 4;
/** A version's `mark` is `read * 4 + state`: its state in that read. */
const CHECKING = 0;
const FRESH = 1;
const STALE = 2;
/** Being checked, and known stale: answered once the versions that read each other with it are. */
const STALE_CHECKING = 3;
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
 * shelf at the record's position (`Shelf`, which also decides how long), or, once its key left
 * the table the shelf follows, by record (`tenured`, as long as the record lives). Only a
 * `MemoRead` asks it: `shelf` finds where a kind's records are kept, `find` what of it reads as it
 * did, `add` and `keepAlone` store what was built.
 *
 * What may be returned is exactly what is kept: a version another one read is current only while
 * it is still kept where its record is (`placed`), so no two versions of one entity are current at
 * once, whatever a shelf let go.
 */
export class EntityMemo {
  /** Per kind: what is kept for its records, at their positions in the key list of the table read last. */
  private readonly shelves = new Map<string, Shelf>();
  /** What was kept for records whose key left their shelf's table, while the record lives. */
  private readonly tenured = new WeakMap<EntityRecord, Kept>();
  /** Whether anything was ever tenured (until then, nothing is looked up by record). */
  private tenuredAny = false;
  /** The reads of the versions being built, a stack: each build takes its own off the top (`MemoRead`). */
  readonly pending: Read[] = [];
  private readonly stack: Version[] = [];
  private readonly positions: number[] = [];
  /** The walk's number of each version on `stack`, and the versions met whose group is not answered yet. */
  private readonly firsts: number[] = [];
  private readonly open: Version[] = [];
  /** How many versions the walk has met. */
  private met = 0;

  /** The shelf of the kind `key`, aligned with the key list of `read`'s table of that kind. */
  shelf(key: string, read: MemoRead): Shelf {
    let shelf = this.shelves.get(key);
    if (shelf === undefined) this.shelves.set(key, (shelf = new Shelf(key)));
    // aligned once per read: a read made inside another (a schema's own code) may align it elsewhere in between
    if (shelf.alignedFor !== read.id) {
      const aligned = shelf;
      shelf.align(read.keysOf(key), (record, kept, reads, pk) => this.tenure(aligned, record, kept, reads, pk));
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
    const same = shelf.records[at] === record;
    // found already in this read (an author of many comments): nothing more to check or note
    if (same && kept instanceof Version && kept.mark === read.id * 4 + FRESH && kept.entity === entity) return kept;
    if (kept !== undefined && (same || shelf.depth(at) > 1)) {
      const found = this.findIn(kept, shelf.records[at], shelf.reads?.[at], entity, record, read);
      if (found !== undefined) {
        if (found !== kept) shelf.toFront(found as Version, at);
        else shelf.prove(at);
        return found;
      }
    }
    const tenured = this.tenuredAny ? this.tenured.get(record) : undefined;
    const found = tenured === undefined ? undefined : this.findIn(tenured, record, undefined, entity, record, read);
    if (found === undefined) return undefined;
    if (kept === undefined && !(found instanceof Version)) {
      shelf.putAlone(found, record, at, undefined);
      shelf.prove(at);
      return found;
    }
    const version =
      found instanceof Version ? found : wrapAlone(found, shelf, shelf.keys[at] as string, record, undefined);
    this.adopt(version, tenured as Kept, shelf, at);
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
    shelf: Shelf | undefined,
    at: number,
  ): Version {
    const version = new Version(entity, key, pk, record, output, read.id * 4 + FRESH);
    if (record !== undefined && shelf !== undefined) shelf.place(version, at);
    return version;
  }

  /**
   * Whether `output`, just built for position `at` of `shelf` at the top of a read, may be kept as
   * its output alone: what it tells of itself (an instance of the entity's own class, not a
   * Collection's list) and no history to keep behind it.
   */
  mayKeepAlone(output: object, entity: StoredSchema, shelf: Shelf, at: number): boolean {
    return isInstanceOf(output, entity) && !shelf.keepsHistory(at);
  }

  /** Keeps `output`, being built from `record`, alone at position `at` of `shelf` (what it reads follows: `settle`). */
  keepAlone(output: object, record: EntityRecord, shelf: Shelf, at: number): void {
    shelf.putAlone(output, record, at, undefined);
  }

  /**
   * Records what `output`, kept alone for `record` (at `pk` of `shelf`, position `built`) when its build began, read,
   * wherever it is now: still alone at its position, in a version made of it meanwhile (a cycle back
   * to it through another class), or kept by record (a read made inside its build aligned the shelf
   * with other tables).
   */
  settle(output: object, record: EntityRecord, pk: string, reads: Reads, shelf: Shelf, built: number): void {
    const at = shelf.keys[built] === pk ? built : shelf.position(pk);
    if (at >= 0 && shelf.kept[at] === output) {
      shelf.setReads(at, reads);
      return;
    }
    const version = madeOf(at >= 0 ? shelf.kept[at] : undefined, output) ?? madeOf(this.tenured.get(record), output);
    if (version !== undefined) {
      version.reads = reads;
      if (at >= 0 && shelf.kept[at] === version) shelf.setReads(at, reads);
    } else if (this.tenured.get(record) === output)
      this.tenured.set(record, wrapAlone(output, shelf, pk, record, reads));
  }

  /** Drops `output`, kept alone for `record` (at `pk` of `shelf`), whose build failed, wherever it is now (see `settle`). */
  forgetAlone(output: object, record: EntityRecord, pk: string, shelf: Shelf): void {
    const at = shelf.position(pk);
    if (at >= 0) shelf.removeAlone(output, at);
    const version = madeOf(at >= 0 ? shelf.kept[at] : undefined, output) ?? madeOf(this.tenured.get(record), output);
    if (version !== undefined) this.forget(version);
    if (this.tenured.get(record) === output) this.tenured.delete(record);
  }

  /** A version of `output`, kept alone at position `at` of `shelf`, put in its place now that another entity reads it. */
  versionOf(output: object, record: EntityRecord, shelf: Shelf, at: number): Version {
    const version = shelf.wrap(output, at, record);
    shelf.replaceAlone(version, at);
    return version;
  }

  /** Whether `version` was found (or built) in `read` already, reading as it did. */
  isFound(version: Version, read: MemoRead): boolean {
    return version.mark === read.id * 4 + FRESH;
  }

  /** Drops a version whose build failed: it must never be found half-built, nor take a place in a history. */
  forget(version: Version): void {
    version.mark = DEAD;
    version.shelf?.remove(version);
  }

  /** Notes beside `version`, just filled, what it read, while it is the newest at its position (what a rebuild there reads first). */
  filled(version: Version): void {
    const { shelf } = version;
    if (shelf === undefined) return;
    const at = shelf.placeOf(version);
    if (at >= 0 && shelf.kept[at] === version) shelf.setReads(at, version.reads);
  }

  /** Keeps what position `pk` of `shelf` kept, now that its key left the table, for each record it holds a version of. */
  private tenure(shelf: Shelf, record: EntityRecord, kept: Kept, reads: Reads, pk: string): void {
    this.tenuredAny = true;
    if (!(kept instanceof Version)) {
      // an output alone that read others keeps what it read in a version of its own
      this.tenured.set(record, reads === undefined ? kept : wrapAlone(kept, shelf, pk, record, reads));
      return;
    }
    // the latest history of each record: its versions built since it was last tenured are in it
    for (let version: Version | undefined = kept; version !== undefined; version = version.older)
      if (version.record !== undefined) this.tenured.set(version.record, kept);
  }

  /** Puts `version`, kept for its record since its key left the table (`from`: the history it was kept in), back at its position. */
  private adopt(version: Version, from: Kept, shelf: Shelf, at: number): void {
    if (holdsVersion(shelf.kept[at], version)) {
      if (shelf.kept[at] !== version) shelf.toFront(version, at);
      else shelf.prove(at);
    } else shelf.adopt(version, from, at);
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

  /**
   * Whether `version`, whose record is the stored one, is still kept where its record is: at its
   * position (its newest, or in the history behind), or for its record since its key left the table
   * (then it is put back at its position). What a position let go is never current again, so no two
   * versions of one entity are current at once. Found so, its position has shown it again.
   */
  private placed(version: Version, read: MemoRead): boolean {
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
    const tenured = this.tenuredAny ? this.tenured.get(version.record as EntityRecord) : undefined;
    if (!holdsVersion(tenured, version)) return false;
    this.adopt(version, tenured as Kept, shelf, at);
    return true;
  }

  /**
   * Whether `root` reads as it did: its record is the stored one, it is kept where its record is,
   * and everything it read reads the same. Answered once per read for every version the walk meets,
   * depth-first with an explicit stack (graphs may be deeper than the call stack). Versions that read
   * each other (a cycle) are answered together once the walk has seen all of them (Tarjan's strongly
   * connected components): fresh when none of them is stale, else stale together.
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
    const { stack, positions, firsts, open } = this;
    this.met = 0;
    this.enter(root, read, base);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Version;
      const position = positions[positions.length - 1] as number;
      const reads = top.reads;
      const total = reads === undefined ? 0 : Array.isArray(reads) ? reads.length : 1;
      // a version known stale reads nothing more: whatever reads it is stale too
      if (top.mark === base + CHECKING && position < total) {
        positions[positions.length - 1] = position + 1;
        const other = (Array.isArray(reads) ? reads[position] : reads) as Read;
        if (!(other instanceof Version)) {
          if (!holds(other, read)) top.mark = base + STALE_CHECKING;
        } else if (other.mark === DEAD || other.mark === base + STALE) top.mark = base + STALE_CHECKING;
        else if (other.mark < base) this.enter(other, read, base);
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
  private enter(version: Version, read: MemoRead, base: number): void {
    version.mark = base + (this.holds(version, read) ? CHECKING : STALE_CHECKING);
    version.low = this.met;
    this.firsts.push(this.met++);
    this.stack.push(version);
    this.positions.push(0);
    this.open.push(version);
  }

  /** Whether `version`'s record is the stored one and it is kept where that record is. */
  private holds(version: Version, read: MemoRead): boolean {
    return read.stored(version.key, version.pk) === version.record && this.placed(version, read);
  }
}

/** Whether the history at a position (`kept` and the versions behind it) holds `version`. */
function holdsVersion(kept: Kept | undefined, version: Version): boolean {
  for (let item = kept; item instanceof Version; item = item.older) if (item === version) return true;
  return false;
}

/** The version in the history `kept` made of `output`, if any. */
function madeOf(kept: Kept | undefined, output: object): Version | undefined {
  for (let item = kept; item instanceof Version; item = item.older) if (item.output === output) return item;
  return undefined;
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
