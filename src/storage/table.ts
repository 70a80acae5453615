import type { EntityRecord, EntityTable } from '../schema/interface.js';
import { isRecord } from '../utils/isRecord.js';
import { assignTable, createTable, getOwn, setOwn } from '../utils/ownProperty.js';
import { isArray } from '../utils/isArray.js';

/**
 * How the slice stores one kind's records, and the one module that knows it (DESIGN §11.1). A table
 * of up to `FLAT_MAX` records is flat, `{ [pk]: record }`, as `normalize` returns it. A larger one is
 * paged, so that a write copies only the parts it changes and never the whole table. Its parts hold
 * up to `PAGE` records each, as two lists: the pks, and the records at the same places (`Part`).
 * - `parts`: the blocks. A record whose pk is an array index (`"0"`, `"42"`) is in the block of its
 *   value, `parts[Math.floor(pk / PAGE)]`, in the order of the values.
 * - `pages`: every other record, in the order records are first written. Page `n` is
 *   `pages[n - first]`. A record deleted leaves `null` at its place (the places of the others do not
 *   move); the pages before the first that holds records are gone (`first` counts them).
 * - `at`: where each record that is not in a block is, its place `n * PAGE + i` for place `i` of page `n`:
 *   bucket `at[hash(pk) & (BUCKETS - 1)]` lists, sorted, a number per record: 16 other bits of its pk's
 *   hash times `PLACES`, plus its place. A binary search finds the places whose record may be `pk`, most
 *   often one, and its page says which is.
 *
 * JavaScript lists an object's array-index keys first, ascending, then the others in insertion
 * order: so the blocks, in order, then the pages list the records as a flat table lists them, before
 * and after it grows past `FLAT_MAX`, and after a JSON round trip. A part is two arrays, not an object
 * keyed by pk: a write copies an array of 256 as one block of memory, and an array costs 8 bytes a
 * record where V8's dictionary of 256 keys costs 48 (measured, a store of 100,000 records). Every
 * piece is a plain object or array: the state stays JSON.
 *
 * @see docs/reference/state-shape.md
 */
export interface PagedTable {
  readonly parts: { readonly [block: number]: Part | undefined };
  readonly pages: readonly Part[];
  readonly first: number;
  readonly at: readonly (readonly number[])[];
}

/**
 * A part of a paged table: its pks, and their records at the same places. A page's place of a record
 * deleted holds `null` in both; a block has none.
 */
export interface Part {
  readonly pks: readonly (string | null)[];
  readonly records: readonly (EntityRecord | null)[];
}

/** A kind's records as the slice stores them: flat while small, paged when large. */
export type StoredTable = EntityTable | PagedTable;

/** Every stored table by `Entity.key`. */
export type StoredTables = { readonly [key: string]: StoredTable | undefined };

type Writable<T> = { [name: string]: T };

/**
 * The most records a flat table holds; a write that makes it larger pages it. Measured against 16,384:
 * a write into 10,000 copied 10,000 records (docs/reference/state-shape.md says why 2,048).
 */
export const FLAT_MAX = 2_048;
/** Records per page, and array-index pks per block (docs/reference/state-shape.md says why 256). */
export const PAGE = 256;
/**
 * Buckets of the locator `at`. Its keys are numbers in arrays, 8 bytes a record, where objects keyed by pk
 * cost 63 (V8's dictionaries of about 800 keys, at 100,000 records).
 */
const BUCKETS = 128;
/**
 * How many places a locator key tells apart: 2^37 (16 bits of hash times it stay below 2^53, exact), so 137
 * billion records written to one kind, in its whole life, at 1,000 a second for four years.
 */
const PLACES = 2 ** 37;

/**
 * Whether `table` is paged (a flat table's values are records, never arrays). A table saved by an earlier
 * version (its parts flat tables, or its pages among its blocks) is paged too: adopted, it is laid out again.
 */
export function isPaged(table: StoredTable | undefined): table is PagedTable {
  return isArray(table?.at) && isRecord(table.parts);
}

/** Whether `value` is a part as this version lays it out: two lists (a record is never an array). */
const isPart = (value: unknown): value is Part => isArray((value as Part | undefined)?.pks);

/** Whether JavaScript lists `pk` among an object's first keys, in numeric order: an array index. */
const isIndex = (pk: string): boolean => /^(0|[1-9]\d{0,9})$/.test(pk) && +pk < 4_294_967_295;

/** The hash of a pk that is not an array index (FNV-1a): its low bits choose its bucket, its high 16 its keys. */
export function hashOf(pk: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < pk.length; i++) hash = Math.imul(hash ^ pk.charCodeAt(i), 16_777_619);
  return hash;
}

/**
 * The first place of a sorted list (a block's pks, array indexes ascending, or a locator bucket's keys) whose
 * value is not below `value`.
 */
function placeIn(pks: readonly (string | number | null)[], value: number): number {
  let low = 0;
  let high = pks.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (+pks[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The record `pk` of `table`, in O(1) whatever its layout: in a paged table, in its block (found by
 * binary search among at most `PAGE`) or at its place in its page.
 */
export function recordOf(table: StoredTable | undefined, pk: string): EntityRecord | undefined {
  if (!isPaged(table)) return getOwn(table, pk);
  const [name, part, at, found] = locate(table, pk);
  return found ? (table[name][part]!.records[at] as EntityRecord) : undefined;
}

/**
 * The key list of each table whose keys are known: the first `length` keys of `keys`. A list only
 * grows, at its end, and only in place: a write that adds keys to a table whose list it is, at its
 * full length (no write from it added any yet), adds them to that very array, so that a feed of new
 * records into 100,000 does not copy 100,000 keys per write (an array that large costs 3–4 ms to
 * allocate on a machine where memory is slow to map). So whoever compares key lists compares the
 * array and its length (`Shelf.align`, the memo's `KeysRead`, the views' `listKind`).
 */
const known = new WeakMap<object, readonly [keys: string[], length: number] | undefined>();
const NO_KEYS: readonly string[] = [];

/**
 * Per flat table a write copied: a token of the table it copied, a token of its own, and the pks the
 * write set in it (none for a new table). Tokens, not the tables: a copy that held the table it copied
 * would keep every version of it alive, and a `WeakRef` keeps its target until the task ends.
 */
const since = new WeakMap<object, [from: object | undefined, self: object, pks: string[] | undefined]>();
/**
 * The pks whose records `part` holds otherwise than `old` (most often the one a write set), when every key of
 * `old` is at its place in `part`: no delete there since, and keys added after all others only. A part's records
 * are compared with those of `old` place by place, whatever lies between them; a flat table must be the copy one
 * write made of `old` (its key list that of `old`, grown in place: see `remember`), and gives what that write set.
 */
export function writtenSince(part: EntityTable | Part, old: EntityTable | Part): ReadonlySet<string> | undefined {
  if (isPart(part)) {
    // (a record added after the others is at a place `old` does not have: it differs)
    const kept = isPart(old) && old.pks.every((pk, at) => pk === part.pks[at]);
    return kept ? new Set(part.pks.filter((_pk, at) => part.records[at] !== old.records[at]) as string[]) : undefined;
  }
  const [from, , pks] = since.get(part) ?? [];
  const keys = known.get(part)?.[0];
  return from && from === since.get(old)?.[1] && keys && keys === known.get(old)?.[0] ? new Set(pks) : undefined;
}

/**
 * The pks of `table` in order (`Object.keys` of its flat form), remembered per table: listing a
 * table of 10,000 records costs about a millisecond, and a write already knows the keys of the
 * table it makes.
 */
export function keysOf(table: StoredTable | undefined): readonly string[] {
  // one list for every absent table, so what read one still reads the same while it stays absent
  if (table === undefined) return NO_KEYS;
  let [keys, length] = known.get(table) ?? [];
  // not known, or a later write added keys to its list: a list of its own
  if (!keys || keys.length > length!) {
    keys =
      keys?.slice(0, length) ??
      (isPaged(table)
        ? partsOf(table).flatMap((part) => (part as Part).pks.filter((pk) => pk !== null))
        : Object.keys(table));
    known.set(table, [keys, keys.length]);
  }
  return keys;
}

/**
 * The parts that make up `table`, in order: itself when flat, else its blocks, then its pages. A part
 * keeps its reference until a write changes a record in it.
 */
export function partsOf(table: StoredTable | undefined): readonly (EntityTable | Part)[] {
  if (!isPaged(table)) return table ? [table] : [];
  return (Object.values(table.parts) as Part[]).concat(table.pages);
}

/**
 * The pks a part lists, at their places (`null` where a page's record was deleted), and the records at
 * the same places (none for a flat table: its records are read by pk).
 */
export function listOf(
  part: EntityTable | Part,
): readonly [pks: readonly (string | null)[], records: readonly (EntityRecord | null)[] | undefined] {
  return isPart(part) ? [part.pks, part.records] : [keysOf(part), undefined];
}

/**
 * `table` as one flat plain object `{ [pk]: record }`, in its order, made from its parts alone (never
 * its locator): also how a table that arrived from elsewhere (a rehydration, an earlier version's
 * layout, whose parts were flat tables) is laid out again.
 */
export function recordsOf(table: StoredTable | undefined): EntityTable {
  const all = createTable<EntityRecord>();
  for (const part of partsOf(table) as unknown[]) {
    if (isPart(part)) part.pks.forEach((pk, at) => typeof pk == 'string' && setOwn(all, pk, part.records[at]!));
    else if (isRecord(part)) assignTable(all, part as EntityTable);
  }
  return all;
}

/**
 * Remembers the key list of `next`, made from a table whose list is `list` by adding the keys `added`
 * (in order; `undefined` once a key was deleted), when it follows from that list: JavaScript lists an
 * object's array-index keys first, ascending, then the others in the order they were added. So a write
 * that adds string keys, or array indexes above all others (a feed of growing numeric ids), keeps a
 * known list, grown in place when it can be (see `known`); one that adds none keeps the very list, and
 * what follows positions in it stays aligned.
 */
function remember(next: object, list: readonly [string[], number] | undefined, added: string[] | undefined): void {
  let [keys, length] = list ?? [];
  const follows =
    keys &&
    added?.every((pk, i) => {
      // (after no key at all, left to `Object.keys`: a table emptied by deletes)
      const last = (i ? added[i - 1] : keys![length! - 1]) as string;
      return !isIndex(pk) || (isIndex(last) && +last < +pk);
    });
  if (follows && added!.length) {
    // in place, unless a write from the same table added keys already
    if (keys!.length > length!) keys = keys!.slice(0, length);
    for (const pk of added!) keys!.push(pk);
    list = [keys!, keys!.length];
  }
  // else forgotten: a copy knew the keys of its original
  known.set(next, follows ? list : undefined);
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
  if (!table && !deletions.length && written) return sized(written);
  return isPaged(table) ? withPagedWrites(table, written, deletions) : withFlatWrites(table, written, deletions);
}

/**
 * A flat table after a write, copied on its first change (with the key list of `table`, and noting the
 * pks it sets: `writtenSince`).
 */
function withFlatWrites(
  table: EntityTable | undefined,
  written: EntityTable | undefined,
  deletions: readonly string[],
): StoredTable | undefined {
  let next: Writable<EntityRecord | undefined> | undefined;
  const copy = () => {
    next = assignTable(createTable<EntityRecord | undefined>(), table, keysOf(table));
    // no pks noted for a new table: nothing was read of it before
    since.set(next, [since.get(table as object)?.[1], {}, table && []]);
    return next;
  };
  let added: string[] | undefined = [];
  for (const pk in written) {
    const record = (written as EntityTable)[pk] as EntityRecord;
    const before = getOwn(next ?? table, pk);
    if (before === record) continue;
    if (before === undefined) added?.push(pk);
    setOwn(next ?? copy(), pk, record);
    since.get(next!)![2]?.push(pk);
  }
  for (const pk of deletions) {
    if (getOwn(next ?? table, pk) === undefined) continue;
    added = undefined;
    delete (next ?? copy())[pk];
  }
  if (!next) return undefined;
  remember(next, known.get(table as object), added);
  return sized(next as EntityTable);
}

/** A part being written. */
type WritablePart = { pks: (string | null)[]; records: (EntityRecord | null)[] };

/**
 * Where `pk` is, or goes, in the paged `table`: the list of its part (`parts` for the blocks, or `pages`), the
 * part's index there, the place in the part, and whether it is stored there. A pk not stored goes to its place by
 * value in its block, or after the last page's places (on a new page once that one is full).
 */
function locate(table: PagedTable, pk: string): [name: 'parts' | 'pages', part: number, at: number, found: boolean] {
  if (isIndex(pk)) {
    const block = Math.floor(+pk / PAGE);
    const pks = table.parts[block]?.pks ?? [];
    const at = placeIn(pks, +pk);
    return ['parts', block, at, pks[at] === pk];
  }
  const { first, pages, at } = table;
  const hash = hashOf(pk);
  const keys = at[hash & (BUCKETS - 1)]!;
  const low = (hash >>> 16) * PLACES;
  // the place after the last page's last (a new page's first when that one is full, or when there is none)
  const end = (first + pages.length - 1) * PAGE + (pages.at(-1)?.pks.length ?? PAGE);
  let place = end;
  // the places of the pks whose keys share its hash's 16 bits, each checked against its page
  for (let i = placeIn(keys, low); keys[i]! < low + PLACES; i++)
    if (pages[Math.floor((keys[i]! - low) / PAGE) - first]!.pks[keys[i]! % PAGE] === pk) place = keys[i]! - low;
  return ['pages', Math.floor(place / PAGE) - first, place % PAGE, place < end];
}

/**
 * A paged table after a write: a copy of its directory, whose blocks, pages and buckets are copied on
 * the first write there, then written in place.
 */
function withPagedWrites(
  table: PagedTable,
  written: EntityTable | undefined,
  deletions: readonly string[],
): PagedTable | undefined {
  const next = { ...table } as {
    parts: { [block: number]: WritablePart };
    pages: WritablePart[];
    first: number;
    at: number[][];
  };
  // the element `at` of the list `name` (the blocks, the pages or the buckets) to write into: on this write's
  // first write there, a copy of the table's (the list copied first; a new part for none), then that copy
  const own = <T>(name: 'parts' | 'pages' | 'at', at: number): T => {
    const from = table[name] as { readonly [at: number]: never };
    let list = next[name] as { [at: number]: unknown };
    if (list === from) next[name] = list = (isArray(from) ? [...from] : { ...from }) as never;
    const part = from[at] as Part | number[] | undefined;
    if (list[at] === part) list[at] = copyOf(part);
    return list[at] as T;
  };
  // adds the locator key of `pk` at place `at` of page `index`, or removes it
  const locator = (pk: string, index: number, at: number, remove: boolean) => {
    const hash = hashOf(pk);
    const keys = own<number[]>('at', hash & (BUCKETS - 1));
    const key = (hash >>> 16) * PLACES + (next.first + index) * PAGE + at;
    keys.splice(placeIn(keys, key), +remove, ...(remove ? [] : [key]));
  };
  let changed = false;
  // the pks the table gains, while it only gains: then its key list may follow from the table's
  let added: string[] | undefined = [];
  for (const pk in written) {
    const record = (written as EntityTable)[pk] as EntityRecord;
    const [name, index, at, found] = locate(next as PagedTable, pk);
    if (found && next[name][index]!.records[at] === record) continue;
    const into = own<WritablePart>(name, index);
    if (found) into.records[at] = record;
    else {
      into.pks.splice(at, 0, pk);
      into.records.splice(at, 0, record);
      // a part filled by inserts, copied at its size: spliced into 256 times, a page held room for 350
      if (into.pks.length === PAGE) next[name][index] = copyOf(into) as WritablePart;
      if (name === 'pages') locator(pk, index, at, false);
      added?.push(pk);
    }
    changed = true;
  }
  for (const pk of deletions) {
    const [name, index, at, found] = locate(next as PagedTable, pk);
    if (!found) continue;
    const into = own<WritablePart>(name, index);
    if (name === 'parts') {
      into.pks.splice(at, 1);
      into.records.splice(at, 1);
    } else {
      // the places of a page do not move: the locator holds them
      into.pks[at] = into.records[at] = null;
      locator(pk, index, at, true);
    }
    changed = true;
    added = undefined;
  }
  if (!changed) return undefined;
  if (!added) {
    // the blocks deletes emptied are gone, and the pages up to the first that holds records (so a feed
    // collected as it goes keeps no trace of the pages it emptied)
    for (const block in next.parts) if (!next.parts[block]!.pks.length) delete next.parts[block];
    while (next.pages[0]?.pks.every((pk) => pk === null)) {
      next.pages = next.pages.slice(1);
      next.first++;
    }
  }
  remember(next, known.get(table), added);
  return next as PagedTable;
}

/** A new copy of a part or a bucket (a new part for none). */
function copyOf(part: Part | number[] | undefined): WritablePart | number[] {
  return isArray(part) ? [...part] : { pks: [...(part?.pks ?? [])], records: [...(part?.records ?? [])] };
}

/** A flat table that grew past `FLAT_MAX` paged, in its order. */
function sized(table: EntityTable): StoredTable {
  const keys = keysOf(table);
  if (keys.length <= FLAT_MAX) return table;
  return withWrites(
    { parts: {}, pages: [], first: 0, at: Array.from({ length: BUCKETS }, () => []) },
    table,
    [],
  ) as PagedTable;
}
