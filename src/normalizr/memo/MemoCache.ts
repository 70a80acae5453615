import type { EntityRecord, EntityTables, StoredSchema } from '../../schema/interface.js';
import { entityKey } from '../../schema/entityKey.js';
import { isStoredSchema } from '../../schema/isStoredSchema.js';
import { isPlainObject } from '../../utils/isPlainObject.js';
import { isRecord } from '../../utils/isRecord.js';
import { getOwn } from '../../utils/ownProperty.js';
import { stableStringify } from '../../utils/stableStringify.js';
import { collectTableKeys } from '../collectTableKeys.js';
import { toSchemaClass } from '../shorthand.js';
import { MemoRead } from './MemoRead.js';
import { objectId } from '../../utils/objectId.js';
import { KeysRead, Version, type Read } from './Version.js';

/** Versions kept per record, and results per top-level read: a rollback finds its objects among them. */
const HISTORY = 4;
/** Records the young map takes before it is retired (between two reads, never during one). */
const YOUNG_SIZE = 1000;
/** A version's `mark` is `read * 4 + state`: its state in that read. */
const CHECKING = 0;
const FRESH = 1;
const STALE = 2;
/** The mark of a version that no lookup finds any more: nothing built from it is current. */
const DEAD = -1;

/** What the memo keeps for a record: its versions, newest first, or the output alone of an entity that read nothing else. */
export type Kept = Version | object;

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
  /**
   * What its top level read, as pairs (a record, then what is kept for it), held by the latest
   * result only: a read of the same input after the young maps moved on tenures them first, so what
   * did not change comes back as the very same objects. The next read refills the same array.
   */
  roots: unknown[] | undefined;
  /** How many times the young map had been retired when it was read. */
  readonly retired: number;
  /** How many times the memo had rebuilt a record it held something for, when the read began. */
  readonly rebuilds: number;
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
 * 2. **The same entity over the same record.** Each built entity is a `Version`, stored under the
 *    record it was built from, the store's own identity for unchanged data (records keep their
 *    reference until they change), with everything else it read: nested entities, the key list of a
 *    nested `schema.All`, the arguments of a nested `schema.Query`. Looking it up is its freshness
 *    check: a version is returned while its record is the stored one and everything it read reads
 *    the same, so an entity is rebuilt only when its record or something it holds changed. An entity
 *    that read nothing else is kept as its output alone: its record is all it depends on. A record
 *    keeps its last `HISTORY` versions, and an old record its own, so going back to earlier records
 *    or what they held (a rollback, another store sharing this memo) finds the objects of then.
 * 3. **A rebuilt result holding the same things.** When a read had to be rebuilt and its output holds
 *    the very items of one of its kept results (arrays and plain objects compared item by item), that
 *    result's output is returned, the latest first: so a rollback to tables of one of them, which
 *    returns that result, shows the same object as a rebuilt read of them showed.
 *
 * Records keep their reference while unchanged because writes keep the stored record when a merge
 * changes nothing (`NormalizeWrites`, `sameJson`); selectors add their own per-store caches on top.
 *
 * A read of the same input as before finds an entity kept as its output alone (a row of a flat
 * list) first at its place in what the previous read returned (`roots`), while the young map has
 * not been retired and no record the memo held something for has been rebuilt since that read
 * began: then it is the very answer `lookup` gives, without a map lookup per item.
 *
 * Storage, by age. Every refetch brings new records, so the memo takes thousands of new keys per
 * read while the old ones die. New records go into a young `Map` (a `WeakMap` pays for each new key
 * in every scavenge: measured, reading 10,000 changed records took twice as long); about every
 * `YOUNG_SIZE` new records it is retired to `old`, and the old one is dropped. A record found in
 * `old` has proven useful: it moves, with what it holds, to the `tenured` `WeakMap`, which keeps it
 * as long as the record lives; so does what the latest result of a read returned when that read is
 * made again after two retirements (`roots`). Nothing here keeps an old table alive; a record the
 * store dropped is held at most two retirements longer.
 *
 * @see README.md#first-use
 */
export class MemoCache {
  private readonly results = new WeakMap<object, Result>();
  private readonly entities = new EntityMemo();
  /** Numbers the reads: a version's freshness is checked once per read. */
  private reads = 0;
  /** Reads in progress (a schema's own code may read): retirement waits for none. */
  private depth = 0;

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
    if (this.depth === 0) this.entities.retireFull();
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
    if (holder === undefined) return this.read(schemaClass, input, tables, args, id, undefined, undefined);
    const argsKey = args.length === 0 ? '' : stableStringify(args);
    const generation = objectId(tables);
    const latest = this.results.get(holder);
    const same = latest !== undefined && latest.schema === identity;
    const rebuilds = this.entities.rebuilds;
    let roots: unknown[] = [];
    let rootsHint = false;
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
      if (latest.roots !== undefined) {
        if (this.entities.retired >= latest.retired + 2) this.entities.tenure(latest.roots);
        // no retirement since: each pair is what a lookup of its record gives
        rootsHint = this.entities.retired === latest.retired && rebuilds === latest.rebuilds;
        roots = latest.roots;
        latest.roots = undefined;
      }
    }
    let output = this.read(schemaClass, input, tables, args, id, argsKey, roots, rootsHint);
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
      roots,
      retired: this.entities.retired,
      rebuilds,
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
    roots: unknown[] | undefined,
    rootsHint = false,
  ): unknown {
    this.depth++;
    try {
      return new MemoRead(this.entities, tables, args, id, argsKey, roots, rootsHint).read(schema, input);
    } finally {
      this.depth--;
    }
  }
}

/**
 * The entities of a memo (see `MemoCache`, point 2): each record's versions, kept by age. Only a
 * `MemoRead` asks it: `lookup` finds what is kept for a record, `find` what of it reads as it did,
 * `add` stores what was built.
 */
export class EntityMemo {
  private young = new Map<EntityRecord, Kept>();
  private old = new Map<EntityRecord, Kept>();
  private readonly tenured = new WeakMap<EntityRecord, Kept>();
  private retirements = 0;
  private rebuildCount = 0;
  /** The reads of the versions being built, a stack: each build takes its own off the top (`MemoRead`). */
  readonly pending: Read[] = [];
  private readonly stack: Version[] = [];
  private readonly positions: number[] = [];
  private readonly provisional: Version[] = [];

  /** How many times a record the memo held something for was built again (for another class, or stale). */
  get rebuilds(): number {
    return this.rebuildCount;
  }

  /** How many times the young map has been retired. */
  get retired(): number {
    return this.retirements;
  }

  /** Retires the young map once it took `YOUNG_SIZE` records (between reads): the old one is let go. */
  retireFull(): void {
    if (this.young.size < YOUNG_SIZE) return;
    this.old = this.young;
    this.young = new Map();
    this.retirements++;
  }

  /** What is kept for `record`: found young, old (then it is tenured), or tenured. */
  lookup(record: EntityRecord): Kept | undefined {
    const young = this.young.get(record);
    if (young !== undefined) return young;
    // a memo that has not retired a map yet (every short-lived one) has nothing more to look in
    if (this.retirements === 0) return undefined;
    const old = this.old.get(record);
    if (old === undefined) return this.tenured.get(record);
    this.old.delete(record);
    this.tenure([record, old]);
    return old;
  }

  /**
   * What of `kept` (what `lookup` found for the stored `record`) reads as it did for `entity`: the
   * output alone of an entity that read nothing else, or a version whose reads all hold (it becomes
   * the newest of the record).
   */
  find(kept: Kept, entity: StoredSchema, record: EntityRecord, read: MemoRead): Kept | undefined {
    if (!(kept instanceof Version)) return isInstanceOf(kept, entity) ? kept : undefined;
    for (let before: Version | undefined, version: Version | undefined = kept; version !== undefined;) {
      // found by the stored record, a version that read nothing else holds
      const holds =
        version.entity === entity &&
        (version.reads === undefined ? version.mark !== DEAD : this.current(version, read));
      if (holds) {
        if (version.reads === undefined) version.mark = read.id * 4 + FRESH;
        if (before !== undefined) {
          before.older = version.older;
          version.older = kept;
          this.young.set(record, version);
        }
        return version;
      }
      before = version;
      version = version.older;
    }
    return undefined;
  }

  /**
   * Stores a version just built from the stored `record` (`undefined`: an entity not stored, which
   * is kept only by what read it) as the newest of the record, before what was kept for it.
   */
  add(
    entity: StoredSchema,
    key: string,
    pk: string,
    record: EntityRecord | undefined,
    output: object | undefined,
    read: MemoRead,
    kept: Kept | undefined,
  ): Version {
    const version = new Version(entity, key, pk, record, output, read.id * 4 + FRESH);
    if (record === undefined) return version;
    if (kept !== undefined) this.rebuildCount++;
    if (kept instanceof Version) {
      version.older = kept;
      let last = version;
      for (let count = 1; count < HISTORY && last.older !== undefined; count++) last = last.older;
      for (let gone = last.older; gone !== undefined; gone = gone.older) gone.mark = DEAD;
      last.older = undefined;
    }
    this.young.set(record, version);
    return version;
  }

  /**
   * Keeps `version`, which read nothing else and has no history, as its output alone, when the
   * output tells what made it (an instance of the entity's own class, not a Collection's list).
   * @returns what is kept
   */
  keepAlone(version: Version): Kept {
    const output = version.output as object;
    if (!isInstanceOf(output, version.entity)) return version;
    this.young.set(version.record as EntityRecord, output);
    return output;
  }

  /** A version of an output kept alone, now that another entity reads it. */
  versionOf(
    entity: StoredSchema,
    key: string,
    pk: string,
    record: EntityRecord,
    output: object,
    read: MemoRead,
  ): Version {
    return this.add(entity, key, pk, record, output, read, undefined);
  }

  /** Drops a version whose build failed: it must never be found half-built. */
  forget(version: Version): void {
    version.mark = DEAD;
  }

  /** Keeps what `pairs` (a record, then what is kept for it) hold, and every version they read, for as long as their records live. */
  tenure(pairs: readonly unknown[]): void {
    const { stack, tenured } = this;
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const kept = pairs[i + 1] as Kept;
      tenured.set(pairs[i] as EntityRecord, kept);
      if (kept instanceof Version) stack.push(kept);
    }
    for (let version = stack.pop(); version !== undefined; version = stack.pop()) {
      const { reads } = version;
      const count = reads === undefined ? 0 : Array.isArray(reads) ? reads.length : 1;
      for (let i = 0; i < count; i++) {
        const other = Array.isArray(reads) ? reads[i] : reads;
        // a tenured version's reads are tenured already
        if (!(other instanceof Version) || other.record === undefined || tenured.get(other.record) === other) continue;
        tenured.set(other.record, other);
        stack.push(other);
      }
    }
  }

  /**
   * Whether `root` reads as it did: its record is the stored one and everything it read reads the
   * same. Answered once per read, depth-first with an explicit stack (graphs may be deeper than the
   * call stack). An answer reached through a cycle is provisional: if the root turns out stale,
   * every provisional answer is withdrawn.
   */
  private current(root: Version, read: MemoRead): boolean {
    const base = read.id * 4;
    if (root.mark >= base) return root.mark !== base + STALE;
    if (root.mark === DEAD) return false;
    if (root.reads === undefined) {
      const fresh = read.stored(root.key, root.pk) === root.record;
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

  private open(version: Version, read: MemoRead, base: number): void {
    version.mark = base + (read.stored(version.key, version.pk) === version.record ? CHECKING : STALE);
    this.stack.push(version);
    this.positions.push(0);
  }
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
