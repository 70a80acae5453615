import type { ViewEngine } from '../normalizr/memo/MemoCache.js';
import type { MemoRead } from '../normalizr/memo/MemoRead.js';
import type { All } from '../schema/All.js';
import { entityKey } from '../schema/entityKey.js';
import type { EntityTable, StoredSchema } from '../schema/interface.js';
import { partsOf, writtenSince, type Part } from '../storage/table.js';
import { viewName, type Query } from '../schema/Query.js';
import { LiveView, type Item } from './LiveView.js';
import { entryOf } from '../utils/entryOf.js';

export type { ViewEngine } from '../normalizr/memo/MemoCache.js';

/** The arguments values a memo keeps a live view for, per query: the oldest read goes first. */
const VIEWS = 8;

/** What a view read last of one kind: its table's parts, the entities of each, and what they read besides. */
interface Listed {
  readonly parts: readonly (EntityTable | Part)[];
  readonly lists: readonly (readonly object[])[];
  /** The entity class, the read's arguments (as one string), then the tables of the kinds it may read, its own as `false`. */
  readonly reads: readonly unknown[];
}

/** One view of a memo, for one arguments value, with what it read last of each kind. */
interface Kept {
  readonly view: LiveView;
  readonly listed: Map<string, Listed | undefined>;
}

/** The live views of each memo: per `schema.Query`, per arguments (as one string). */
const kept = new WeakMap<object, WeakMap<Query, Map<string, Kept>>>();

/**
 * The entities of `entity`'s table at the top of `read`, one list per part: a part whose reference
 * is unchanged since `before` gives the list it gave, and one a write copied from it gives that list with
 * only the entities of its changed records read again (the memo's rule, part by part, for as long
 * as nothing else they read changed). Any other part gives the list the memo keeps for it
 * (`MemoRead.partList`, shared with `All` and the other views). `undefined` inside a build, or with no table.
 */
function listKind(read: MemoRead, entity: StoredSchema, before: Listed | undefined): Listed | undefined {
  const key = entityKey(entity);
  const table = read.topTable(key);
  if (table === undefined) return undefined;
  const reads = read.partReads(entity, key);
  const same = before?.reads.every((each, i) => each === reads[i]);
  const parts = partsOf(table);
  // where each part starts in the table's key list
  let start = 0;
  const lists = parts.map((part, i) => {
    const old = same && before!.parts[i];
    const list =
      old === part
        ? before!.lists[i]!
        : read.partList(entity, part, reads, start, before?.lists[i], old && writtenSince(part, old));
    start += list.length;
    return list;
  });
  return { parts, lists, reads };
}

/**
 * Keeps the live views of a store: `new schema.Query(new schema.All(Trade), { where, orderBy,
 * order, limit })` read with `selectQuery`, `useQuery`, `ctrl.get` or as a field of another schema.
 * Given to `createDataMiddleware({ views })`. A write costs a view what it changed: the view reads
 * the parts of the table a write changed (a part none of whose records changed gives the very list
 * it gave), takes out the items that left and puts in those that came by binary search, and keeps
 * every other item's instance; a view nobody reads costs nothing until it is read again. An entry
 * of its own (`rtk-entities/views`), so only an app with live views carries the code.
 *
 * @example
 * ```ts
 * import { configureStore } from '@reduxjs/toolkit';
 * import { createDataMiddleware, entitiesSlice } from 'rtk-entities';
 * import { views } from 'rtk-entities/views';
 *
 * const store = configureStore({
 *   reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
 *   middleware: (getDefault) => getDefault().concat(createDataMiddleware({ views })),
 * });
 * ```
 * @throws what `where`, `orderBy` or `limit` threw, naming the view (the view is read afresh next time)
 * @see docs/guide/live-views.md
 */
export const views: ViewEngine = (read: MemoRead, query: Query, input: unknown) => {
  const args = read.args;
  const byArgs = entryOf(
    entryOf(kept, read.cache, () => new WeakMap()),
    query,
    () => new Map(),
  );
  const key = read.argsKey;
  const { view, listed } = entryOf(byArgs, key, () => ({ view: new LiveView(query, args), listed: new Map() }), VIEWS);
  const { entities } = query.schema as Partial<All>;
  // every item of the wrapped list, by part at the top of a read; inside a build, read by read (noted)
  const lists = entities
    ? // (not `flatMap`: it grows its array as it goes, 11 KB a read of 391 parts, where `concat` sizes it once)
      ([] as (readonly object[])[]).concat(
        ...entities.call(query.schema).map((entity) => {
          const kind = listKind(read, entity, listed.get(entity.key));
          listed.set(entity.key, kind);
          return kind?.lists ?? [read.getPks(entityKey(entity)).map((pk) => read.entity(entity, pk) as object)];
        }),
      )
    : [read.unvisit(query.schema, input) as object[]];
  try {
    return view.read(lists as (readonly Item[])[]);
  } catch (error) {
    byArgs.delete(key);
    const name = viewName(query);
    throw (error as Error)?.message?.startsWith(name)
      ? error
      : new Error(`${name} could not be read: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  }
};
