import type { DenormalizeDelegate, EntityRecord, EntitySchema, NormalizeDelegate, SchemaClass } from './interface.js';
import type { CollectionKey } from './collectionFilter.js';
import type { Collection, CollectionRecord } from './Collection.js';
import { describeValue } from '../utils/describeValue.js';
import { isEntityClass } from './isEntityClass.js';
import { isRecord } from '../utils/isRecord.js';
import { whileNormalizing } from './shapeError.js';
import { isArray } from '../utils/isArray.js';

/** How a mutation changes the stored lists. */
export type ChangeKind = 'push' | 'unshift' | 'assign' | 'remove' | 'page' | 'move';

/**
 * How new items join a stored list: the stored items and the new ones (never an id the list holds
 * already) in, the list's items out. For a Values list, both are objects.
 *
 * @see docs/guide/schemas.md#moving-an-item-between-lists
 */
export type CollectionMerge = (existing: any, incoming: any) => unknown;

/** Whether a stored list (by the arguments it was fetched with) takes an item. */
type Membership = (list: CollectionKey) => boolean;
type Stored = EntityRecord | undefined;

const append: CollectionMerge = (existing: unknown[], incoming: unknown[]) => [...existing, ...incoming];
const prepend: CollectionMerge = (existing: unknown[], incoming: unknown[]) => [...incoming, ...existing];

/**
 * A derived Collection schema for mutation responses: normalizes the new item(s) and changes every
 * list ALREADY stored that they belong in, by the Collection's filter (lists never fetched are not
 * created; `page` creates its list). `remove` takes items out of the same lists a `push` of them
 * would join; `move` takes an item out of the lists it no longer matches and adds it to those it
 * now matches. Never adds an id a list already holds.
 */
export class CollectionChange<S = unknown> implements SchemaClass {
  /** The lists this changes. */
  declare readonly collection: Collection<S>;
  /** What it does to them. */
  declare readonly kind: ChangeKind;
  /** For `page`: the argument that names the page, left out of the list's id. */
  declare readonly paginationField?: string;
  /** How new items join a list: appended, prepended, merged into a Values list, or the `moveWith` merge. */
  readonly #merge: CollectionMerge | undefined;

  /** @param merge for `move`: how a moved item joins a list (`moveWith`) */
  constructor(collection: Collection<S>, kind: ChangeKind, paginationField?: string, merge?: CollectionMerge) {
    this.collection = collection;
    this.kind = kind;
    this.paginationField = paginationField;
    this.#merge = merge ?? (collection.isValues ? undefined : kind === 'unshift' ? prepend : append);
  }

  /** The item schema. */
  get schema(): Collection<S>['schema'] {
    return this.collection.schema;
  }

  /**
   * Normalizes the item(s) and updates the matching lists. `move` first reads each item's stored
   * record, so as to leave the lists that record matched and its new fields do not, and join those
   * its new fields match and the record did not (Data Client's rule): a list it matched before and
   * after keeps it in its place. The new fields are the item's own over the body (the last argument).
   */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    const { collection, kind } = this;
    const { isValues, schema: items } = collection;
    if (kind === 'page') return this.#addPage(input, parent, key, delegate);
    const single = !isValues && !isArray(input);
    const where = whileNormalizing(delegate.source);
    if (!isRecord(input) || (isValues && isArray(input))) {
      throw new TypeError(
        `${collection.key}.${kind} expected ${isValues ? 'an object' : 'an item or an array of items'} ${where}. Received: ${describeValue(input)}`,
      );
    }
    const { args } = delegate;
    const filter = collection.createCollectionFilter;
    const entity = items.schema as EntitySchema;
    // a check of the program's own definition, which a development run meets first
    if (process.env.NODE_ENV !== 'production' && kind === 'move' && !isEntityClass(entity))
      throw new TypeError(`${collection.key}.move needs a Collection of one Entity class.`);
    // move: each item's primary key and stored record, read before this write replaces it (an item
    // with no primary key fails in its Entity's normalize, which names the Entity and the request)
    const moved =
      kind === 'move'
        ? (single || isValues ? [input] : (input as unknown[])).map((item): [string, EntityRecord, Stored] => {
            const processed = isRecord(item) ? entity.process(item, parent, key, args) : {};
            const pk = `${entity.pk(processed, parent, key, args)}`;
            return [pk, processed, delegate.getEntity(entity.key, pk)];
          })
        : undefined;
    const normalized = items.normalize(
      single ? [input] : moved && isValues ? { [moved[0]?.[0] as string]: input } : input,
      parent,
      key,
      delegate,
    ) as Record<string, unknown>;
    const params = isRecord(args[0]) ? args[0] : {};
    const body = args.at(-1);
    // each group: the items, the lists they belong in now, and those they belonged in before
    const groups: [unknown, Membership, Membership?][] = moved?.map(([pk, processed, before], i) => {
      const after = { ...before, ...(isRecord(body) ? body : {}), ...processed };
      return [
        isValues ? { [pk]: normalized[pk] } : [normalized[i]],
        filter({ ...params, ...after }, after),
        before && filter({ ...params, ...before }, before),
      ];
    }) ?? [[normalized, filter(...args)]];
    for (const [refs, isIn, wasIn] of groups) {
      for (const pk of delegate.getPks(collection.key)) {
        const list = collection.argsOf(pk);
        const joins = isIn(list);
        // remove: an item leaves only the lists it would join (Data Client's filter for push and remove)
        if (joins !== (wasIn?.(list) ?? false)) this.#change(pk, refs, joins && kind !== 'remove', delegate);
      }
    }
    return single ? normalized[0] : normalized;
  }

  /** Reads the new item(s) back. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    if (isArray(input) || this.collection.isValues) return this.collection.schema.denormalize(input, delegate);
    return (this.collection.schema.denormalize([input], delegate) as unknown[])[0];
  }

  /** The items' tables and the lists' table. */
  tableKeys(add: (schema: unknown) => void): void {
    add(this.collection);
  }

  #addPage(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string {
    const { collection } = this;
    const normalized = collection.schema.normalize(input, parent, key, delegate);
    const pk = collection.pk(parent, key, delegate.args, this.paginationField);
    const stored = delegate.getEntity(collection.key, pk) as CollectionRecord | undefined;
    delegate.mergeEntity(collection.changes, pk, {
      items: stored === undefined ? normalized : added(stored.items, normalized, this.#merge),
    });
    return pk;
  }

  /** Adds `items` to (or, with `adds` false, takes them out of) the stored list `pk`, if it changes. */
  #change(pk: string, items: unknown, adds: boolean, delegate: NormalizeDelegate): void {
    const { collection } = this;
    const stored = delegate.getEntity(collection.key, pk) as CollectionRecord | undefined;
    if (stored === undefined) return;
    const next = adds ? added(stored.items, items, this.#merge) : without(stored.items, items);
    if (next !== stored.items) delegate.mergeEntity(collection.changes, pk, { items: next });
  }
}

/** The stored items with `incoming` added by `merge` (a Values list: assigned); the same items when none is new. */
function added(stored: unknown, incoming: unknown, merge: CollectionMerge | undefined): unknown {
  if (!isArray(stored)) return merge ? merge(stored, incoming) : { ...(stored as object), ...(incoming as object) };
  const ids = new Set(stored.map(idOf));
  const fresh = (incoming as unknown[]).filter((item) => {
    const id = idOf(item);
    if (ids.has(id)) return false;
    ids.add(id);
    return true;
  });
  return fresh.length === 0 ? stored : (merge as CollectionMerge)(stored, fresh);
}

/** The stored items without `removed` (the items of an array, the values of an object); the same items when none is there. */
function without(stored: unknown, removed: unknown): unknown {
  const ids = new Set(Object.values(removed as object).map(idOf));
  const entries = Object.entries(stored as object);
  const kept = entries.filter(([, item]) => !ids.has(idOf(item)));
  if (kept.length === entries.length) return stored;
  return isArray(stored) ? kept.map(([, item]) => item as unknown) : Object.fromEntries(kept);
}

/** The identity of a normalized item: its id, or `schema:id` when polymorphic. */
function idOf(item: unknown): unknown {
  if (isRecord(item) && 'id' in item && 'schema' in item) return `${String(item.schema)}:${String(item.id)}`;
  return item;
}
