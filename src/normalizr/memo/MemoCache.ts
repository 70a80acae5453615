import { entityKey } from '../../schema/entityKey.js';
import { isStoredSchema } from '../../schema/isStoredSchema.js';
import { isPlainObject } from '../../utils/isPlainObject.js';
import { isRecord } from '../../utils/isRecord.js';
import { objectId } from '../../utils/objectId.js';
import { collectTableKeys } from '../collectTableKeys.js';
import { toSchemaClass } from '../shorthand.js';
import { EntityMemo } from './EntityMemo.js';
import { MemoRead, argsKeyOf } from './MemoRead.js';
import { recordOf, type StoredTables } from '../../storage/table.js';
import type { Query } from '../../schema/Query.js';
import { isArray } from '../../utils/isArray.js';
import { joinedFrom } from '../../utils/joinLists.js';

/**
 * What keeps live views: given a read at the top of a table (`MemoRead`), a `schema.Query` with
 * options and its input, the view's items for the read's arguments. `views` of `rtk-entities/views`.
 */
export type ViewEngine = (read: MemoRead, query: Query, input: unknown) => readonly object[];

/** Results kept per top-level read: a rollback finds its objects among them. */
const RESULTS = 4;

/** One top-level read: its output, stored under its schema, arguments and the tables it reads (by number, never by reference). */
interface Result {
  readonly schema: object;
  readonly argsKey: string;
  /** The tables object it was last found current for (`objectId`). @internal */
  generation: number;
  readonly keys: readonly string[];
  /** `objectId` of each table in `keys` when it was read. @internal */
  readonly tableIds: readonly number[];
  /** @internal */
  readonly output: unknown;
  /** Earlier results of the same read, newest first. @internal */
  previous: Result | undefined;
}

/**
 * Memoized denormalization, built to live as long as the store. This file is where the memo decides
 * that a read gives the same object as before; every answer is one of these:
 *
 * 1. **The same read over the same tables.** A top-level read is stored under its input (for
 *    `schema.All`, the kinds it lists; for an entity read by primary key, the record it finds) and
 *    its arguments, with the tables its schema can reach. When none of them changed, or they are
 *    again the tables of one of its last `RESULTS` results (a rollback), that result comes back.
 * 2. **The same entity over the same record** (`EntityMemo.ts`). What is built for an entity is kept
 *    where the store keeps its record: by kind and primary key, at the record's position in its
 *    table's key list (`Shelf`), with the record as the check. Each built entity is a `Version`: its
 *    record (the store's own identity for unchanged data: records keep their reference until they
 *    change) and everything else it read: nested entities, the key list of a nested `schema.All`,
 *    the arguments of a nested `schema.Query`. Finding it is its freshness check: a version is
 *    returned while its record is the stored one, it is still kept where that record is, and
 *    everything it read reads the same, so an entity is rebuilt only when its record or something it
 *    holds changed. An entity read at the top that nothing else holds, and whose fields read only
 *    entities that read nothing (nothing it reads comes back to it), is kept as its output alone,
 *    with what it read beside it. Behind the newest, a position keeps versions it replaced that were
 *    shown again or built recently, so going back to earlier records or to what they held (a
 *    rollback, another store sharing this memo) finds the objects of then.
 * 3. **A rebuilt result holding the same things.** When a read had to be rebuilt and its output holds
 *    the very items of one of its kept results (arrays and plain objects compared item by item, but for
 *    the lists both arrays were joined from: an All's parts, `joinedFrom`), that result's output is
 *    returned, the latest first: so a rollback to tables of one of them, which returns that result,
 *    shows the same object as a rebuilt read of them showed.
 *
 * Records keep their reference while unchanged because writes keep the stored record when a merge
 * changes nothing (`NormalizeWrites`, `sameJson`); selectors add their own per-store caches on top.
 *
 * Storage: one shelf per kind, whose positions follow the key list of the kind's table (`Shelf.ts` says where
 * and for how long); what a key that leaves the table kept is held by its record while the record lives
 * (`EntityMemo.ts`). Nothing here keeps an old table alive.
 *
 * @see docs/guide/schemas.md#first-use
 */
export class MemoCache {
  readonly #results = new WeakMap<object, Result>();
  readonly #entities = new EntityMemo();
  /** Numbers the reads: a version's freshness is checked once per read. */
  #reads = 0;
  /** The reader of the next read, reused (see `MemoRead`); taken while a read is in progress. */
  #idle: MemoRead | undefined = new MemoRead(this.#entities, this);
  /**
   * What keeps the live views (`schema.Query` with options) of this memo: `views` of
   * `rtk-entities/views`, which `createDataMiddleware({ views })` sets on its mount point's memo.
   * Without it, reading such a Query throws, naming it.
   */
  declare views: ViewEngine | undefined;

  /**
   * Reads `input` (a normalized result) back into instances, from `tables`.
   * @param schema the schema `input` was normalized with
   * @param input the normalized result (ignored by table-listing schemas such as `schema.All`)
   * @param tables the entity tables, `tables[key][pk]`
   * @param args the read's arguments (used by `schema.Query`)
   * @returns the same object as last time when nothing it contains changed
   */
  denormalize(schema: unknown, input: unknown, tables: StoredTables, args: readonly unknown[] = []): unknown {
    const schemaClass = toSchemaClass(schema);
    if (schemaClass === undefined) return input;
    const id = ++this.#reads;
    // a listing is stored under what it lists (equal Alls share it); a read by key under the record it finds
    const listing = schemaClass.readsTables === true;
    const identity: object = (listing && schemaClass.listToken) || schemaClass;
    const holder = listing
      ? identity
      : isRecord(input)
        ? input
        : isStoredSchema(schemaClass) && input !== undefined && input !== null
          ? recordOf(tables[entityKey(schemaClass)], String(input))
          : undefined;
    if (holder === undefined) return this.#read(schemaClass, input, tables, args, id, undefined);
    const argsKey = argsKeyOf(args);
    const generation = objectId(tables);
    const latest = this.#results.get(holder);
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
          this.#results.set(holder, result);
        }
        return result.output;
      }
    }
    let output = this.#read(schemaClass, input, tables, args, id, argsKey);
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
    for (let kept = 1; kept < RESULTS && last.previous !== undefined; kept++) last = last.previous;
    last.previous = undefined;
    this.#results.set(holder, result);
    return output;
  }

  #read(
    schema: unknown,
    input: unknown,
    tables: StoredTables,
    args: readonly unknown[],
    id: number,
    argsKey: string | undefined,
  ): unknown {
    // a read inside a read (a schema's own code) has a reader of its own
    const reader = this.#idle ?? new MemoRead(this.#entities, this);
    this.#idle = undefined;
    try {
      return reader.read(schema, input, tables, args, id, argsKey);
    } finally {
      this.#idle = reader;
    }
  }
}

function sameTables(result: Result, tables: StoredTables, generation: number): boolean {
  if (result.generation === generation) return true;
  for (let i = 0; i < result.keys.length; i++)
    if (objectId(tables[result.keys[i] as string]) !== result.tableIds[i]) return false;
  return true;
}

/**
 * Whether two outputs hold the same things: arrays item by item, plain objects key by key in the same
 * order (a fresh read lists them in that order), anything else by `===`.
 */
function equivalent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isArray(a)) {
    if (!isArray(b) || a.length !== b.length) return false;
    let [lists, others] = [joinedFrom.get(a) ?? [a], joinedFrom.get(b) ?? [b]];
    // joined from lists of other lengths (`joinLists`): compared as they are
    if (lists.some((list, i) => list.length !== others[i]?.length)) [lists, others] = [[a], [b]];
    // a list both were joined from (a part a write left alone) holds the same items
    return lists.every((list, i) => list === others[i] || list.every((item, at) => equivalent(item, others[i]![at])));
  }
  if (!isRecord(a) || !isRecord(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  return keys.length === others.length && keys.every((key, i) => key === others[i] && equivalent(a[key], b[key]));
}
