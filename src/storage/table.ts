import type { EntityRecord, EntityTable } from '../schema/interface.js';
import { isRecord } from '../utils/isRecord.js';
import { assignTable, copyTable, createTable, getOwn, setOwn } from '../utils/ownProperty.js';

/**
 * How the slice stores one kind's records, and the one module that knows it (DESIGN §11.1). A table
 * of up to `FLAT_MAX` records is flat, `{ [pk]: record }`, as `normalize` returns it. A larger one is
 * paged, so that a write copies only the parts it changes and never the whole table:
 * - `parts`: flat tables of up to `PAGE` records. A record whose pk is an array index (`"0"`, `"42"`)
 *   is in the block of its value, `parts[Math.floor(pk / PAGE)]`; every other record is in a page,
 *   `parts.p0`, `parts.p1`, …, filled in the order records are first written. JavaScript lists an
 *   object's array-index keys first, ascending, then the others in insertion order: so the blocks
 *   come first, in order, then the pages, as a flat table lists its records.
 * - `at`: which page holds each record that is not in a block: `at[hash(pk) % BUCKETS][pk]` is its
 *   page's name.
 *
 * A paged table lists its records in the very order of a flat one, before and after it grows past
 * `FLAT_MAX`, and after a JSON round trip. Every piece is a plain object or array: the state stays JSON.
 *
 * @see docs/reference/state-shape.md
 */
export interface PagedTable {
  readonly parts: { readonly [name: string]: EntityTable | undefined };
  readonly at: readonly { readonly [pk: string]: string | undefined }[];
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
/** Records per page, and array-index pks per block. */
const PAGE = 512;
/** Buckets of the locator `at`. */
const BUCKETS = 128;

/** Whether `table` is paged (a flat table's values are records, never arrays). */
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

/** The name of the part of a paged table that holds `pk`, if stored. */
const partName = (table: PagedTable, pk: string): number | string | undefined =>
  isIndex(pk) ? Math.floor(+pk / PAGE) : getOwn(table.at[bucketOf(pk)], pk);

/** The record `pk` of `table`, in O(1) whatever its layout (no part is named `undefined`: a pk not located finds none). */
export function recordOf(table: StoredTable | undefined, pk: string): EntityRecord | undefined {
  return isPaged(table) ? getOwn(getOwn(table.parts, partName(table, pk)!), pk) : getOwn(table, pk);
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
 * The pks one write set in `part` when it copied `old` (most often one), if it did; a key it added
 * or deleted is not told: the caller checks that the table's key list is the same.
 */
export function writtenSince(part: EntityTable, old: EntityTable): ReadonlySet<string> | undefined {
  const [from, , pks] = since.get(part) ?? [];
  return from && from === since.get(old)?.[1] ? new Set(pks) : undefined;
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
    keys = keys?.slice(0, length) ?? (isPaged(table) ? partsOf(table).flatMap(Object.keys) : Object.keys(table));
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
  return Object.values(isPaged(table) ? table.parts : { table }).filter(isRecord) as EntityTable[];
}

/**
 * `table` as one flat plain object `{ [pk]: record }`, in its order, made from its parts alone (never
 * its locator): also how a table that arrived from elsewhere (a rehydration) is laid out again.
 */
export const recordsOf = (table: StoredTable | undefined): EntityTable =>
  partsOf(table).reduce<Writable<EntityRecord | undefined>>((all, part) => assignTable(all, part), createTable());

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
  if (!table && !deletions.length && written) return sized(written);
  const next = writeFlat(table, written, deletions);
  return next === undefined ? undefined : sized(next);
}

/** A flat table that grew past `FLAT_MAX` paged, in its order. */
function sized(table: EntityTable): StoredTable {
  const keys = keysOf(table);
  if (keys.length <= FLAT_MAX) return table;
  return writePaged({ parts: {}, at: Array.from({ length: BUCKETS }, () => ({})) }, table, []) as PagedTable;
}

function writeFlat(
  table: EntityTable | undefined,
  written: EntityTable | undefined,
  deletions: readonly string[],
): EntityTable | undefined {
  let copy: Writable<EntityRecord | undefined> | undefined;
  // the keys the copy gains, in order, while it only gains: then its key list may follow from the table's
  let added: string[] | undefined = [];
  for (const pk in written) {
    const record = (written as EntityTable)[pk];
    const before = getOwn(table, pk);
    if (before === record) continue;
    copy ??= copyOf(table);
    if (before === undefined) added?.push(pk);
    setOwn(copy, pk, record);
    since.get(copy)![2]?.push(pk);
  }
  for (const pk of deletions) {
    if (getOwn(copy ?? table, pk) === undefined) continue;
    copy ??= copyOf(table);
    delete copy[pk];
    added = undefined;
  }
  if (copy === undefined) return undefined;
  remember(copy, known.get(table as object), added);
  return copy;
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

/** A paged table after its writes: each part it changes is copied once, then written in place. */
function writePaged(
  table: PagedTable,
  written: EntityTable | undefined,
  deletions: readonly string[],
): StoredTable | undefined {
  const next = { ...table } as {
    parts: Writable<Writable<EntityRecord | undefined> | undefined>;
    at: Writable<string | undefined>[];
  };
  // the parts this write copied: written in place from then on
  const copies = new Set<object>();
  // the copy of `parts[name]` this write writes into, made by `copy` on its first write there
  const own = <T>(
    parts: Writable<Writable<T> | undefined>,
    name: string | number,
    copy: (table: Writable<T> | undefined) => Writable<T>,
  ): Writable<T> => {
    let part = parts[name];
    if (part === undefined || !copies.has(part)) copies.add((parts[name] = part = copy(part)));
    return part;
  };
  // `replaced`: the record the write replaces there, if any; else a key is added or deleted there,
  // and the part's known key list is forgotten
  const part = (name: number | string, replaced?: unknown) => {
    if (next.parts === table.parts) next.parts = { ...table.parts };
    const into = own(next.parts, name, copyOf);
    if (!replaced) known.delete(into);
    return into;
  };
  // a bucket is only looked up: copied without a part's bookkeeping (`known`, `since`), whose WeakMap
  // entries would outlive it until V8's next full collection (a write of 500 new pks copies every bucket)
  const locator = (pk: string) => {
    if (next.at === table.at) next.at = [...table.at];
    return own(next.at as unknown as Writable<Writable<string | undefined>>, bucketOf(pk), copyTable);
  };
  // new pks go to the last page while it has room, then to a page numbered after it (pages emptied
  // by deletes are gone: a feed collected as it goes would leave one per 512 records it ever held)
  // (the last of its names: JavaScript lists array indexes first, so a page if there is one)
  let last = Object.keys(table.parts).pop();
  let pages = last?.[0] === 'p' ? +last.slice(1) + 1 : 0;
  let room = pages && PAGE - keysOf(table.parts[last!]).length;
  let changed = false;
  // the pks the table gains, while it only gains: then its key list may follow from the table's
  let added: string[] | undefined = [];
  for (const pk in written) {
    const record = (written as EntityTable)[pk] as EntityRecord;
    const before = recordOf(next, pk);
    if (before === record) continue;
    changed = true;
    let name = partName(next, pk);
    if (name === undefined) {
      if (room-- <= 0) {
        last = `p${pages++}`;
        room = PAGE - 1;
      }
      // one string per page, not one per record the locator holds
      setOwn(locator(pk), pk, (name = last!));
    }
    if (before === undefined) added?.push(pk);
    const into = part(name, before);
    setOwn(into, pk, record);
    since.get(into)![2]?.push(pk);
  }
  for (const pk of deletions) {
    if (recordOf(next, pk) === undefined) continue;
    changed = true;
    added = undefined;
    delete part(partName(next, pk)!)[pk];
    if (!isIndex(pk)) delete locator(pk)[pk];
  }
  if (!added)
    for (const name in next.parts)
      if (copies.has(next.parts[name]!) && !keysOf(next.parts[name]).length) delete next.parts[name];
  if (!changed) return undefined;
  remember(next, known.get(table), added);
  return next;
}
