import type { DenormalizeDelegate, EntityRecord, EntityTable, StoredSchema } from '../../schema/interface.js';
import { entityKey } from '../../schema/entityKey.js';
import { keyString } from '../../schema/toPk.js';
import { stableStringify } from '../../utils/stableStringify.js';
import { toSchemaClass } from '../shorthand.js';
import type { EntityMemo } from './EntityMemo.js';
import { ReadPlan } from './ReadPlan.js';
import type { Reads, Shelf } from './Shelf.js';
import { KeysRead, Version, type Read } from './Version.js';
import {
  isPaged,
  keysOf,
  listOf,
  partsOf,
  recordOf,
  type Part,
  type StoredTable,
  type StoredTables,
} from '../../storage/table.js';
import { collectTableKeys } from '../collectTableKeys.js';
import type { MemoCache } from './MemoCache.js';
import { isArray } from '../../utils/isArray.js';

/** Entities nested deeper than this are filled from a queue instead of the call stack. */
const MAX_NESTING = 200;
/** The tables and arguments of a reader between reads. */
const NO_TABLES: StoredTables = {};
const NO_ARGS: readonly unknown[] = [];

/**
 * A read through the memo: the delegate schemas denormalize with. It asks the memo for what it
 * keeps of each entity and builds what is missing, noting what each build reads; what it builds
 * lives in the memo and outlives it. `MemoCache` decides what may be returned again.
 *
 * One serves read after read of its memo (`MemoCache` keeps it between reads), holding nothing of a
 * read once it ends but the plans, until the next begins. So a read allocates none of this, and
 * this class and `ReadPlan` always have an instance alive: their hidden classes never die, and the
 * read's optimized code survives major garbage collections (see `keepShapeAlive`).
 */
export class MemoRead implements DenormalizeDelegate {
  /** Whether an entity is being filled: what is read now is read by it. */
  #building = false;
  /** What the entity being filled replaced read, and where in `pending` this fill's reads begin (see `fillFields`). */
  #replacedRead: Reads;
  #fillFrom = 0;
  /** The kind of the entity read last, with its table and shelf in this read. */
  #lastEntity: StoredSchema | undefined;
  #lastTable: StoredTable | undefined;
  /** Whether that table is paged: a flat one is read with one lookup per record. */
  #lastPaged = false;
  #lastShelf: Shelf | undefined;
  /** How many builds are nested on the call stack. */
  #depth = 0;
  /** Versions whose nested fields are filled after the stack unwinds (very deep graphs). */
  #unfilled: Version[] | undefined;

  /** The key list of each table this read reached, by entity key. */
  readonly #keyLists = new Map<string, readonly string[]>();
  /** How this read builds each class it built (a few: scanned). */
  readonly #plans: ReadPlan[] = [];

  /** The tables and arguments of the read in progress (none between reads). */
  #tables: StoredTables = NO_TABLES;
  #readArgs: readonly unknown[] = NO_ARGS;
  /** The read's number (the memo numbers its reads). */
  id = 0;
  /** The read's arguments as one string, once known. */
  #key: string | undefined;

  readonly #memo: EntityMemo;
  /** The memo this reader reads for: `schema.Query` with options reads its view engine, `views`. */
  declare readonly cache: MemoCache;

  constructor(memo: EntityMemo, cache: MemoCache) {
    this.#memo = memo;
    this.cache = cache;
  }

  /** The read's arguments (used by `schema.Query`); a version being built depends on them. */
  get args(): readonly unknown[] {
    if (this.#building) this.#memo.pending.push(this.argsKey);
    return this.#readArgs;
  }

  /** The read's arguments as one string. */
  get argsKey(): string {
    return (this.#key ??= argsKeyOf(this.#readArgs));
  }

  /**
   * A whole read, numbered `id`, of `input` from `tables`: denormalizes, then fills the versions that
   * were too deep for the call stack. `argsKey`: `args` as one string, when known.
   */
  read(
    schema: unknown,
    input: unknown,
    tables: StoredTables,
    args: readonly unknown[],
    id: number,
    argsKey: string | undefined,
  ): unknown {
    this.#tables = tables;
    this.#readArgs = args;
    this.id = id;
    this.#key = argsKey;
    // the plans of the read before stayed until now (see `MemoRead`)
    this.#plans.length = 0;
    try {
      const output = this.unvisit(schema, input);
      for (let version = this.#unfilled?.pop(); version !== undefined; version = this.#unfilled?.pop())
        this.#fill(version);
      return output;
    } catch (error) {
      // versions waiting to be filled must never be found half-built
      for (const version of this.#unfilled ?? []) this.#memo.forget(version);
      throw error;
    } finally {
      this.#end();
    }
  }

  unvisit(schema: unknown, input: unknown): unknown {
    const schemaClass = toSchemaClass(schema);
    if (schemaClass === undefined) return input;
    if ((input === undefined || input === null) && !schemaClass.readsTables) return input;
    return schemaClass.denormalize(input, this);
  }

  /**
   * The entity `pk` of the kind `entity`, as the memo keeps it. `given`: its record, when the caller lists
   * the table's parts (no lookup then); `hint`: where the caller expects the pk in the table's key list
   * (reading a part: no index of the whole list is made).
   */
  entity(entity: StoredSchema, pk: string, given?: EntityRecord, hint?: number): object | undefined {
    const memo = this.#memo;
    const building = this.#building;
    // what the record this one replaced read first, at this fill's first read (an author): if this read found it
    // already, it is the answer (the replaced record's later reads are mostly stale: not loaded)
    if (building && memo.pending.length === this.#fillFrom) {
      const replacedRead = this.#replacedRead;
      const first = isArray(replacedRead) ? (replacedRead[0] as Read) : replacedRead;
      if (first instanceof Version && first.pk === pk && first.entity === entity && memo.isFound(first, this)) {
        memo.pending.push(first);
        return first.output;
      }
    }
    // the same kind as the last entity read (a list): its table and shelf as found then
    if (entity !== this.#lastEntity || (this.#lastShelf && this.#lastShelf.alignedFor !== this.id)) {
      const key = entityKey(entity);
      this.#lastEntity = entity;
      this.#lastTable = this.#tables[key];
      this.#lastPaged = isPaged(this.#lastTable);
      // the shelf follows the table's key list, which holds exactly its own keys: no second lookup for safe ids
      this.#lastShelf = this.#lastTable && memo.shelf(key, this);
    }
    const table = this.#lastTable;
    const shelf = this.#lastShelf;
    const key = shelf?.key ?? entityKey(entity);
    const at = shelf === undefined ? -1 : shelf.position(pk, hint);
    const record =
      at < 0 ? undefined : given ? given : this.#lastPaged ? recordOf(table, pk) : (table as EntityTable)[pk];
    if (record === undefined) {
      // a missing entity read inside another: the other is rebuilt once it is stored
      if (building) memo.pending.push(memo.add(entity, key, pk, undefined, undefined, this));
      return undefined;
    }
    const found =
      memo.find(entity, record, shelf as Shelf, at, this) ?? this.#build(entity, key, pk, record, shelf as Shelf, at);
    if (!building) return found instanceof Version ? found.output : found;
    // an output kept alone read inside another entity: a version of it, for the other's reads
    const version = found instanceof Version ? found : (shelf as Shelf).versionOf(found, at, record);
    memo.pending.push(version);
    return version.output;
  }

  listParts(entity: StoredSchema): readonly (readonly object[])[] | undefined {
    const key = entityKey(entity);
    // at the top of a read only: what is read inside a build is noted read by read
    const table = this.topTable(key);
    if (!isPaged(table)) return undefined;
    const reads = this.partReads(entity, key);
    // where each part starts in the table's key list
    let start = 0;
    return partsOf(table).map((part) => {
      const list = this.partList(entity, part, reads, start);
      start += list.length;
      return list;
    });
  }

  /**
   * The entities of `part`, a part of the table of `entity` whose first key is at `start` in the table's key list
   * (so each place is found without an index), as a read with `reads` (`partReads`) lists them: the list kept for
   * the part when a read with the same reads listed it (the memo's rule for a whole part; `All` and the live views
   * share it), else read and kept. With `changed` (the part is a copy of one that gave `given`, holding its keys at
   * their places: `writtenSince`), only the entities of the records one write set in it are read again.
   * @internal
   */
  partList(
    entity: StoredSchema,
    part: EntityTable | Part,
    reads: readonly unknown[],
    start: number,
    given?: readonly object[],
    changed?: ReadonlySet<string> | false,
  ): readonly object[] {
    let kept = this.#memo.parts.get(part);
    if (!kept?.reads.every((read, i) => read === reads[i])) {
      const [pks, records] = listOf(part);
      // (`map`, which sizes the list once; a page's place of a deleted record gives `null`, taken out after)
      let i = 0;
      let list = pks.map((pk, at) =>
        pk === null
          ? pk
          : changed && !changed.has(pk)
            ? (given![i++] as object)
            : (this.entity(entity, pk, records ? records[at]! : (part as EntityTable)[pk], start + i++) as object),
      );
      if (i < pks.length) list = list.filter((item) => item !== null);
      this.#memo.parts.set(part, (kept = { reads, list: list as object[] }));
    }
    return kept.list;
  }

  /**
   * What the entities of a part of the table `key` of `entity` may read besides the part: the class, the arguments
   * (as one string), then the tables of the kinds it may read, its own as `false`. At the top of a read.
   * @internal
   */
  partReads(entity: StoredSchema, key: string): unknown[] {
    return [entity, this.argsKey, ...collectTableKeys(entity).map((each) => each !== key && this.#tables[each])];
  }

  /**
   * The stored table `key` of this read, at the top of a read only: inside a build, `undefined`
   * (what a build reads is noted read by read, through `getPks` and `entity`).
   * @internal
   */
  topTable(key: string): StoredTable | undefined {
    return this.#building ? undefined : this.#tables[key];
  }

  getPks(key: string): readonly string[] {
    const keys = this.keysOf(key);
    if (this.#building) this.#memo.pending.push(new KeysRead(key, keys));
    // the whole table is about to be read in order
    if (keys.length) this.#memo.shelf(key, this).rewind();
    return keys;
  }

  /** Lets go of everything of the read that ended but its plans: nothing here keeps a table alive. */
  #end(): void {
    this.#tables = NO_TABLES;
    this.#readArgs = NO_ARGS;
    this.#key = undefined;
    this.#lastEntity = undefined;
    this.#lastTable = undefined;
    this.#lastShelf = undefined;
    this.#unfilled = undefined;
    this.#keyLists.clear();
  }

  /** The record stored at `pk` in the table `key`. @internal */
  stored(key: string, pk: string): EntityRecord | undefined {
    return recordOf(this.#tables[key], pk);
  }

  /** The primary keys of the table `key`, as one array per table. @internal */
  keysOf(key: string): readonly string[] {
    let keys = this.#keyLists.get(key);
    if (keys === undefined) this.#keyLists.set(key, (keys = keysOf(this.#tables[key])));
    return keys;
  }

  #build(
    entity: StoredSchema,
    key: string,
    pk: string,
    record: EntityRecord,
    shelf: Shelf | undefined,
    at: number,
  ): Version | object {
    const memo = this.#memo;
    const plan = this.#planOf(entity);
    const output = plan.build(record);
    // what the record this one replaced read, noted where it was kept (see `fillFields`)
    const replaced = shelf?.reads?.[at];
    // read at the top, where nothing else holds it, and reading nothing that comes back to it: kept alone, once
    // filled, with what it read; no version to make
    if (!this.#building && shelf !== undefined && plan.fillsLeaves && memo.mayKeepAlone(output, entity, shelf, at)) {
      shelf.putAlone(output, record, at, this.#fillReads(plan, output, record, replaced));
      return output;
    }
    // stored before its fields are filled, so a cycle back to it finds this instance
    const version = memo.add(entity, key, pk, record, output, this, shelf, at);
    if (this.#depth >= MAX_NESTING) {
      (this.#unfilled ??= []).push(version);
      return version;
    }
    this.#fill(version, replaced, plan);
    return version;
  }

  /**
   * Fills the one nested field of `output` (its plan has a `leafField`: an author) with what the record it
   * replaced read, `replaced`, when that is the entity the field names and this read found it already (the author
   * of many comments): what `fillFields` would give, with no fill to start. @returns whether it did
   */
  #takeLeaf(plan: ReadPlan, output: object, record: EntityRecord, replaced: Reads): boolean {
    const field = plan.leafField;
    if (field === undefined || !(replaced instanceof Version) || !this.#memo.isFound(replaced, this)) return false;
    const value = record[field];
    if (
      value === undefined ||
      value === null ||
      replaced.entity !== plan.leafEntity ||
      replaced.pk !== keyString(value)
    )
      return false;
    (output as Record<string, unknown>)[field] = replaced.output;
    return true;
  }

  /** How this read builds the instances of `entity`. */
  #planOf(entity: StoredSchema): ReadPlan {
    const plans = this.#plans;
    for (let i = 0; i < plans.length; i++) if ((plans[i] as ReadPlan).entity === entity) return plans[i] as ReadPlan;
    const plan = new ReadPlan(entity);
    plans.push(plan);
    return plan;
  }

  #fill(version: Version, replaced?: Reads, plan = this.#planOf(version.entity)): void {
    try {
      version.reads = this.#fillReads(plan, version.output as object, version.record as EntityRecord, replaced);
      this.#memo.filled(version);
    } catch (error) {
      this.#memo.forget(version);
      throw error;
    }
  }

  /**
   * Fills the nested fields of `output`, built from `record` (see `fillFields`), and takes what the fill read off
   * the stack; a fill that throws leaves the stack as it found it. @returns what the fill read
   */
  #fillReads(plan: ReadPlan, output: object, record: EntityRecord, replaced: Reads): Reads {
    // the refetched comment of an author this read found already: it read what the replaced one read
    if (this.#takeLeaf(plan, output, record, replaced)) return replaced;
    const { pending } = this.#memo;
    const start = pending.length;
    try {
      this.#fillFields(plan, output, record, replaced);
    } catch (error) {
      pending.length = start;
      throw error;
    }
    return takeReads(pending, start);
  }

  /**
   * Fills the nested fields of `output`, built from `record`: what is read meanwhile is its.
   * `replaced`: what the record it replaced read (most refetched records hold what they held).
   */
  #fillFields(plan: ReadPlan, output: object, record: EntityRecord, replaced?: Reads): void {
    const building = this.#building;
    const replacedRead = this.#replacedRead;
    const fillFrom = this.#fillFrom;
    this.#building = true;
    this.#replacedRead = replaced;
    this.#fillFrom = this.#memo.pending.length;
    this.#depth++;
    try {
      plan.fill(output, record, this);
    } finally {
      this.#building = building;
      this.#replacedRead = replacedRead;
      this.#fillFrom = fillFrom;
      this.#depth--;
    }
  }
}

/** A read's arguments as one string (`''` for none), what a result and a version that read it compare. */
export function argsKeyOf(args: readonly unknown[]): string {
  return args.length === 0 ? '' : stableStringify(args);
}

/** Takes the reads above `start` off the stack: none, one, or an array of exactly them. */
function takeReads(pending: Read[], start: number): Read | Read[] | undefined {
  const count = pending.length - start;
  if (count < 2) return count === 0 ? undefined : pending.pop();
  const reads = pending.slice(start);
  // popping is cheaper than setting the length
  for (let i = 0; i < count; i++) pending.pop();
  return reads;
}
