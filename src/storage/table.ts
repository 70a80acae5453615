import type { EntityRecord, EntityTable } from '../schema/interface.js';
import { isRecord } from '../utils/isRecord.js';
import { assignTable, copyTable, createTable, getOwn, setOwn } from '../utils/ownProperty.js';

/**
 * How the slice stores one kind's records, and the one module that knows it (DESIGN §11.1). A table
 * of up to `FLAT_MAX` records is flat, `{ [pk]: record }`, as `normalize` returns it. A larger one is
 * paged, so that a write copies only the parts it changes and never the whole table. Its parts are
 * flat tables of up to `PAGE` records:
 * - `parts`: the blocks. A record whose pk is an array index (`"0"`, `"42"`) is in the block of its
 *   value, `parts[Math.floor(pk / PAGE)]`.
 * - `pages`: every other record, filled in the order records are first written. Page `n` is
 *   `pages[n - first]`. A page deletes emptied stays, empty, while a page before it holds records;
 *   the pages before the first that holds records are gone (`first` counts them).
 * - `at`: which page holds each record that is not in a block: `at[hash(pk) % BUCKETS][pk]` is its
 *   page's number.
 *
 * JavaScript lists an object's array-index keys first, ascending, then the others in insertion
 * order: so the blocks, in order, then the pages list the records as a flat table lists them. The
 * blocks and the pages are named by array indexes (an object's elements, or an array's): a write
 * copies such a list as one block of memory, where an object of named pages (`p0`, `p1`, …) was
 * copied name by name, each a new hidden class (measured: 50 KB of garbage a write at 196 pages).
 *
 * A paged table lists its records in the very order of a flat one, before and after it grows past
 * `FLAT_MAX`, and after a JSON round trip. Every piece is a plain object or array: the state stays JSON.
 *
 * @see docs/reference/state-shape.md
 */
export interface PagedTable {
  readonly parts: { readonly [block: number]: EntityTable | undefined };
  readonly pages: readonly EntityTable[];
  readonly first: number;
  readonly at: readonly { readonly [pk: string]: number | undefined }[];
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
/** Buckets of the locator `at`. */
const BUCKETS = 128;

/**
 * Whether `table` is paged (a flat table's values are records, never arrays). A table saved before
 * the pages had their list has its pages in `parts` and no `pages`: adopted, it is laid out again.
 */
export function isPaged(table: StoredTable | undefined): table is PagedTable {
  return Array.isArray(table?.at) && isRecord(table.parts);
}

/** Whether JavaScript lists `pk` among an object's first keys, in numeric order: an array index. */
const isIndex = (pk: string): boolean => /^(0|[1-9]\d{0,9})$/.test(pk) && +pk < 4_294_967_295;

/** The locator bucket of a pk that is not an array index (FNV-1a). */
function bucketOf(pk: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < pk.length; i++) hash = Math.imul(hash ^ pk.charCodeAt(i), 16_777_619);
  return (hash >>> 0) % BUCKETS;
}

/** The number of the page of a paged table that holds `pk` (not an array index), if stored. */
const pageOf = (table: PagedTable, pk: string): number | undefined => getOwn(table.at[bucketOf(pk)], pk);

/**
 * The record `pk` of `table`, in O(1) whatever its layout: in a paged table, in its block or its page
 * (a pk not located is at page `NaN`: none).
 */
export function recordOf(table: StoredTable | undefined, pk: string): EntityRecord | undefined {
  if (!isPaged(table)) return getOwn(table, pk);
  return getOwn(isIndex(pk) ? table.parts[Math.floor(+pk / PAGE)] : table.pages[pageOf(table, pk)! - table.first], pk);
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
 * Per table a write copied (a flat one, a part, a locator bucket): a token of the table it copied, a
 * token of its own, and the pks the write set in it (none for a new table). Tokens, not the tables:
 * a copy that held the table it copied would keep every version of it alive, and a `WeakRef` keeps
 * its target until the task ends.
 */
const since = new WeakMap<object, [from: object | undefined, self: object, pks: string[] | undefined]>();
/**
 * The pks one write set in `part` when it copied `old` (most often one), if it did and every key of
 * `old` is at its place in `part`: the write deleted none there, and added keys after all others only
 * (its key list is that of `old`, grown in place: see `remember`).
 */
export function writtenSince(part: EntityTable, old: EntityTable): ReadonlySet<string> | undefined {
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
    keys = keys?.slice(0, length) ?? partsOf(table).flatMap(Object.keys);
    known.set(table, [keys, keys.length]);
  }
  return keys;
}

/**
 * The flat tables that make up `table`, in order: itself when flat, else its parts (of a table that
 * arrived from elsewhere, those that are objects). A part keeps its reference until a write changes
 * a record in it.
 */
export function partsOf(table: StoredTable | undefined): readonly EntityTable[] {
  // (a table saved before the pages had their list has them in `parts`)
  const parts = isPaged(table) ? Object.values(table.parts).concat(table.pages) : [table];
  return parts.filter(isRecord) as EntityTable[];
}

/**
 * `table` as one flat plain object `{ [pk]: record }`, in its order, made from its parts alone (never
 * its locator): also how a table that arrived from elsewhere (a rehydration) is laid out again.
 */
export const recordsOf = (table: StoredTable | undefined): EntityTable =>
  partsOf(table).reduce<Writable<EntityRecord | undefined>>((all, part) => assignTable(all, part), createTable());

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
 * A copy of a flat table, to write into, known to list the keys of `table` (listing a part of 512
 * records again, a dictionary, measured a tenth of a write and a top-50 view at 100,000 records).
 * Whoever adds a key to the copy or deletes one must forget that list (`own`) or set the new one
 * (`remember`): nothing here sees the writes.
 */
function copyOf<T>(table: { readonly [name: string]: T } | undefined): Writable<T> {
  const copy = assignTable(createTable<T>(), table, keysOf(table as EntityTable));
  known.set(copy, known.get(table as object));
  // no pks noted for a new table: nothing was read of it before
  since.set(copy, [since.get(table as object)?.[1], {}, table && []]);
  return copy;
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
  const paged = isPaged(table);
  // a flat table: its copy, made on the first write; a paged one: a copy of its directory, whose
  // parts, blocks, pages and buckets are copied on the first write there, then written in place
  let next = (paged ? { ...table } : undefined) as
    | {
        parts: Writable<Writable<EntityRecord | undefined>>;
        pages: Writable<EntityRecord | undefined>[];
        first: number;
        at: Writable<number | undefined>[];
      }
    | undefined;
  const old = table as PagedTable;
  // the part `at` of the list `name` (the blocks, the pages or the buckets) to write into: on this write's
  // first write there, a copy of the table's made by `copy` (the list copied first), then that copy
  const own = <T>(name: 'parts' | 'pages' | 'at', at: number, copy: (part?: never) => T): T => {
    const from = old[name] as { readonly [at: number]: never };
    let list = next![name] as { [at: number]: T };
    if (list === from) next![name] = list = (Array.isArray(from) ? [...from] : { ...from }) as never;
    return list[at] === from[at] ? (list[at] = copy(from[at])) : list[at]!;
  };
  // new pks go to the last page while it has room, then to a new page after it
  let newest = paged ? old.first + old.pages.length - 1 : 0;
  const last = paged ? old.pages.at(-1) : undefined;
  let room = last ? PAGE - keysOf(last).length : 0;
  // a bucket is only looked up: copied without a part's bookkeeping (`known`, `since`), whose WeakMap
  // entries would outlive it until V8's next full collection (a write of 500 new pks copies every bucket)
  const locator = (pk: string) => own('at', bucketOf(pk), copyTable<number | undefined>);
  // the part that holds `pk` or takes it, to write into (a flat table's copy). `replaced`: the record the
  // write replaces there, if any; else `pk` is added there (while `added` is a list: the writes come before
  // the deletes) or deleted, and its key list follows from the part's when it can (`remember`)
  const part = (pk: string, replaced?: unknown): Writable<EntityRecord | undefined> => {
    if (!paged) return (next ??= copyOf(table as EntityTable) as never) as never;
    let at = isIndex(pk) ? undefined : pageOf(next as never, pk);
    if (at === undefined && !isIndex(pk)) {
      if (room-- <= 0) {
        newest = next!.first + next!.pages.length;
        room = PAGE - 1;
      }
      setOwn(locator(pk), pk, (at = newest));
    }
    const into =
      at === undefined
        ? own('parts', Math.floor(+pk / PAGE), copyOf<EntityRecord | undefined>)
        : own('pages', at - next!.first, copyOf<EntityRecord | undefined>);
    if (!replaced) remember(into, known.get(into), added && [pk]);
    return into;
  };
  let changed = false;
  // the pks the table gains, while it only gains: then its key list may follow from the table's
  let added: string[] | undefined = [];
  for (const pk in written) {
    const record = (written as EntityTable)[pk] as EntityRecord;
    const before = recordOf((next ?? table) as StoredTable, pk);
    if (before === record) continue;
    changed = true;
    if (before === undefined) added?.push(pk);
    const into = part(pk, before);
    setOwn(into, pk, record);
    since.get(into)![2]?.push(pk);
  }
  for (const pk of deletions) {
    if (recordOf((next ?? table) as StoredTable, pk) === undefined) continue;
    changed = true;
    added = undefined;
    delete part(pk)[pk];
    if (paged && !isIndex(pk)) delete locator(pk)[pk];
  }
  if (!changed) return undefined;
  if (paged && !added) {
    // the blocks deletes emptied are gone, and the pages up to the first that holds records (so a feed
    // collected as it goes keeps no trace of the pages it emptied); new records fill an empty last page
    for (const at in next!.parts)
      if (next!.parts[at] !== old.parts[+at] && !keysOf(next!.parts[at]).length) delete next!.parts[at];
    for (; next!.pages.length && !keysOf(next!.pages[0]).length; next!.first++) next!.pages = next!.pages.slice(1);
  }
  remember(next!, known.get(table as object), added);
  return paged ? (next as unknown as PagedTable) : sized(next as unknown as EntityTable);
}

/** A flat table that grew past `FLAT_MAX` paged, in its order. */
function sized(table: EntityTable): StoredTable {
  const keys = keysOf(table);
  if (keys.length <= FLAT_MAX) return table;
  return withWrites(
    { parts: {}, pages: [], first: 0, at: Array.from({ length: BUCKETS }, () => ({})) },
    table,
    [],
  ) as PagedTable;
}
