import type { EntityRecord, EntityTable } from '../schema/interface.js';
import { isRecord } from '../utils/isRecord.js';
import { createTable, getOwn, setOwn } from '../utils/ownProperty.js';

/**
 * How the slice stores one kind's records, and the one module that knows it (DESIGN §11.1). A table
 * of up to `FLAT_MAX` records is flat, `{ [pk]: record }`, as `normalize` returns it. A larger one is
 * paged, so that a write copies only the pages it changes and never the whole table:
 * - `ints`: the records whose pk is an array index (`"0"`, `"42"`), in blocks of `PAGE` by value:
 *   `ints[Math.floor(pk / PAGE)][pk]`. JavaScript lists such keys in ascending order, so the blocks
 *   and their records list in ascending order too.
 * - `pages`: every other record, in the order it was first written, `PAGE` to a page.
 * - `at`: which page holds each of those: `at[hash(pk) % BUCKETS][pk]` is its page's position.
 *
 * A paged table lists its records in the very order of a flat one (array indexes ascending, then the
 * others in insertion order), before and after it grows past `FLAT_MAX`, and after a JSON round trip.
 * Every piece is a plain object or array: the state stays JSON.
 *
 * @see docs/reference/state-shape.md
 */
export interface PagedTable {
  readonly ints: { readonly [block: string]: EntityTable | undefined };
  readonly pages: readonly EntityTable[];
  readonly at: readonly { readonly [pk: string]: number | undefined }[];
}

/** A kind's records as the slice stores them: flat while small, paged when large. */
export type StoredTable = EntityTable | PagedTable;

/** Every stored table by `Entity.key`. */
export type StoredTables = { readonly [key: string]: StoredTable | undefined };

type Writable<T> = { [name: string]: T };

/** The most records a flat table holds; a write that makes it larger pages it. */
export const FLAT_MAX = 16_384;
/** Records per page, and array-index pks per block. */
const PAGE = 1024;
/** Buckets of the locator `at`. */
const BUCKETS = 128;
/** The first integer that is not an array index. */
const INDEX_END = 4_294_967_295;

/** Whether `table` is paged (a flat table's values are records, never arrays). */
export function isPaged(table: StoredTable | undefined): table is PagedTable {
  return table !== undefined && Array.isArray(table.pages) && Array.isArray(table.at);
}

/** Whether JavaScript lists `pk` among an object's first keys, in numeric order: an array index. */
function isIndex(pk: string): boolean {
  const first = pk.charCodeAt(0);
  if (first < 48 || first > 57 || pk.length > 10 || (first === 48 && pk.length > 1)) return false;
  for (let i = 1; i < pk.length; i++) {
    const code = pk.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return Number(pk) < INDEX_END;
}

/** The locator bucket of a pk that is not an array index (FNV-1a). */
function bucketOf(pk: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < pk.length; i++) hash = Math.imul(hash ^ pk.charCodeAt(i), 16_777_619);
  return (hash >>> 0) % BUCKETS;
}

const blockOf = (pk: string): string => `${Math.floor(Number(pk) / PAGE)}`;

/** The record `pk` of `table`, in O(1) whatever its layout. */
export function recordOf(table: StoredTable | undefined, pk: string): EntityRecord | undefined {
  if (!isPaged(table)) return getOwn(table, pk);
  if (isIndex(pk)) return getOwn(getOwn(table.ints, blockOf(pk)), pk);
  const page = getOwn(table.at[bucketOf(pk)], pk);
  return page === undefined ? undefined : getOwn(table.pages[page], pk);
}

/** The record of a pk `keysOf(table)` lists: one lookup fewer than `recordOf` for a flat table. */
export function listedRecordOf(table: StoredTable, pk: string): EntityRecord | undefined {
  return isPaged(table) ? recordOf(table, pk) : table[pk];
}

const known = new WeakMap<object, readonly string[]>();
const NO_KEYS: readonly string[] = Object.freeze([]);

/**
 * The pks of `table` in order (`Object.keys` of its flat form), remembered per table: listing a
 * table of 10,000 records costs about a millisecond, and a write already knows the keys of the
 * table it makes.
 */
export function keysOf(table: StoredTable | undefined): readonly string[] {
  // one list for every absent table, so what read one still reads the same while it stays absent
  if (table === undefined) return NO_KEYS;
  let keys = known.get(table);
  if (keys === undefined)
    known.set(table, (keys = isPaged(table) ? partsOf(table).flatMap(keysOf) : Object.keys(table)));
  return keys;
}

/**
 * The flat tables that make up `table`, in order: itself when flat, else its blocks then its pages.
 * A part keeps its reference until a write changes a record in it.
 */
export function partsOf(table: StoredTable | undefined): readonly EntityTable[] {
  if (table === undefined) return [];
  if (!isPaged(table)) return [table];
  const blocks = Object.keys(table.ints).map((block) => table.ints[block] as EntityTable);
  return [...blocks, ...table.pages];
}

const flat = new WeakMap<PagedTable, EntityTable>();

/** `table` as one flat plain object `{ [pk]: record }`, in its order (made once per paged table). */
export function recordsOf(table: StoredTable | undefined): EntityTable {
  if (table === undefined) return {};
  if (!isPaged(table)) return table;
  let records = flat.get(table);
  if (records === undefined) {
    const copy = createTable<EntityRecord | undefined>();
    for (const part of partsOf(table)) for (const pk of keysOf(part)) setOwn(copy, pk, part[pk]);
    flat.set(table, (records = copy));
  }
  return records;
}

/**
 * The records of a table that arrived from elsewhere (a rehydration), as one flat object: a paged
 * one's blocks and pages that are plain objects, in order; its locator is not read.
 */
export function savedRecords(table: StoredTable | undefined): EntityTable {
  if (!isPaged(table)) return table ?? {};
  const records = createTable<EntityRecord | undefined>();
  const parts: unknown[] = [...(isRecord(table.ints) ? Object.values(table.ints) : []), ...table.pages];
  for (const part of parts)
    if (isRecord(part)) for (const pk of Object.keys(part)) setOwn(records, pk, part[pk] as EntityRecord);
  return records;
}

/**
 * `table` after `written` records are set and `deletions` removed: `undefined` when nothing in it
 * changes. Only the parts holding changed records are copied; every other part, and every
 * unchanged record, keeps its reference.
 */
export function withWrites(
  table: StoredTable | undefined,
  written: EntityTable | undefined,
  deletions: readonly string[],
): StoredTable | undefined {
  if (isPaged(table)) return writePaged(table, written, deletions);
  if (table === undefined && deletions.length === 0 && written !== undefined) return sized(written);
  const next = writeFlat(table, written, deletions);
  return next === undefined ? undefined : sized(next);
}

/** A flat table that grew past `FLAT_MAX` paged, in its order. */
function sized(table: EntityTable): StoredTable {
  const keys = keysOf(table);
  if (keys.length <= FLAT_MAX) return table;
  return writePaged({ ints: {}, pages: [], at: [] }, table, []) as PagedTable;
}

function writeFlat(
  table: EntityTable | undefined,
  written: EntityTable | undefined,
  deletions: readonly string[],
): EntityTable | undefined {
  let copy: Writable<EntityRecord | undefined> | undefined;
  // the keys the copy gains, in order, while it only gains: then its key list follows from the table's
  let added: string[] | undefined = [];
  for (const pk of keysOf(written)) {
    const record = (written as EntityTable)[pk];
    if (getOwn(table, pk) === record) continue;
    copy ??= copyOf(table);
    if (table === undefined || !Object.hasOwn(table, pk)) added?.push(pk);
    setOwn(copy, pk, record);
  }
  for (const pk of deletions) {
    const current = copy ?? table;
    if (current === undefined || !Object.hasOwn(current, pk)) continue;
    copy ??= copyOf(table);
    delete copy[pk];
    added = undefined;
  }
  if (copy === undefined) return undefined;
  // JavaScript lists added keys last unless they are array indexes: then it is left to `Object.keys`
  if (added !== undefined && !added.some(isIndex)) known.set(copy, [...keysOf(table), ...added]);
  return copy;
}

/** A copy of a flat table, to write into. */
function copyOf<T>(table: { readonly [name: string]: T } | undefined): Writable<T> {
  const copy = createTable<T>();
  if (table === undefined) return copy;
  const keys = keysOf(table as EntityTable);
  for (let i = 0; i < keys.length; i++) setOwn(copy, keys[i] as string, table[keys[i] as string] as T);
  return copy;
}

/** A paged table after its writes: each part it changes is copied once, then written in place. */
function writePaged(
  table: PagedTable,
  written: EntityTable | undefined,
  deletions: readonly string[],
): StoredTable | undefined {
  const next = { ints: table.ints, pages: table.pages, at: table.at } as {
    ints: Writable<EntityTable | undefined>;
    pages: EntityTable[];
    at: Writable<number | undefined>[];
  };
  // the size of every part this write copied: written in place from then on
  const sizes = new Map<object, number>();
  const own = <T>(part: { readonly [name: string]: T } | undefined): Writable<T> => {
    if (part !== undefined && sizes.has(part)) return part as Writable<T>;
    const copy = copyOf(part);
    sizes.set(copy, part === undefined ? 0 : keysOf(part as EntityTable).length);
    return copy;
  };
  const sizeOf = (part: EntityTable | undefined) => sizes.get(part as object) ?? keysOf(part).length;
  const set = <T>(part: Writable<T>, pk: string, value: T | undefined) => {
    const had = Object.hasOwn(part, pk);
    if (value === undefined) delete part[pk];
    else setOwn(part, pk, value);
    sizes.set(part, (sizes.get(part) as number) + (value === undefined ? -1 : had ? 0 : 1));
  };
  const block = (pk: string) => {
    if (next.ints === table.ints) next.ints = { ...table.ints };
    const name = blockOf(pk);
    const part = own(getOwn(next.ints, name));
    setOwn(next.ints, name, part);
    return part;
  };
  const page = (position: number) => {
    if (next.pages === table.pages) next.pages = [...table.pages];
    return (next.pages[position] = own(next.pages[position]));
  };
  const locator = (pk: string) => {
    if (next.at === table.at)
      next.at = table.at.length === 0 ? Array.from({ length: BUCKETS }, () => ({})) : [...table.at];
    const bucket = bucketOf(pk);
    return (next.at[bucket] = own(next.at[bucket]));
  };
  let changed = false;
  // the pks the table gains, while only pages gain: then its key list follows from the table's
  let added: string[] | undefined = [];
  for (const pk of keysOf(written)) {
    const record = (written as EntityTable)[pk] as EntityRecord;
    const before = recordOf(next, pk);
    if (before === record) continue;
    changed = true;
    if (isIndex(pk)) {
      if (before === undefined) added = undefined;
      set(block(pk), pk, record);
      continue;
    }
    let position = getOwn(next.at[bucketOf(pk)], pk);
    if (position === undefined) {
      const last = next.pages.length - 1;
      position = last >= 0 && sizeOf(next.pages[last]) < PAGE ? last : last + 1;
      set(locator(pk), pk, position);
      added?.push(pk);
    }
    set(page(position), pk, record);
  }
  for (const pk of deletions) {
    if (recordOf(next, pk) === undefined) continue;
    changed = true;
    added = undefined;
    if (isIndex(pk)) set(block(pk), pk, undefined);
    else {
      set(page(getOwn(next.at[bucketOf(pk)], pk) as number), pk, undefined);
      set(locator(pk), pk, undefined);
    }
  }
  if (!changed) return undefined;
  const keys = known.get(table);
  // a write that changes records only keeps the very key list: what follows positions in it stays aligned
  if (keys !== undefined && added !== undefined) known.set(next, added.length === 0 ? keys : [...keys, ...added]);
  return next;
}
