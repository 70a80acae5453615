import type { DenormalizeDelegate, NormalizeDelegate, SchemaClass } from './interface.js';
import type { Collection, CollectionRecord } from './Collection.js';
import { describeValue } from '../utils/describeValue.js';
import { isEntityClass } from './isEntityClass.js';
import { entityKey } from './entityKey.js';
import { toPk } from './toPk.js';
import { isRecord } from '../utils/isRecord.js';

/** How a mutation changes the stored lists. */
export type ChangeKind = 'push' | 'unshift' | 'assign' | 'remove' | 'page' | 'move';

/**
 * How new items join a stored list: the stored items and the new ones (never an id the list holds
 * already) in, the list's items out. For a Values list, both are objects.
 *
 * @see README.md#schemas
 */
export type CollectionMerge = (existing: any, incoming: any) => unknown;

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
  /** How new items join a list: appended, prepended, merged into a Values list, or the `moveWith` merge. */
  private readonly merge: CollectionMerge | undefined;

  constructor(
    /** The lists this changes. */
    readonly collection: Collection<S>,
    /** What it does to them. */
    readonly kind: ChangeKind,
    /** For `page`: the argument that names the page, left out of the list's id. */
    readonly paginationField?: string,
    /** For `move`: how a moved item joins a list (`moveWith`). */
    merge?: CollectionMerge,
  ) {
    this.merge = merge ?? (collection.isValues ? undefined : kind === 'unshift' ? prepend : append);
  }

  /** The item schema. */
  get schema(): Collection<S>['schema'] {
    return this.collection.schema;
  }

  /** Normalizes the item(s) and updates the matching lists. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    const { collection, kind } = this;
    if (kind === 'page') return this.addPage(input, parent, key, delegate);
    const single = collection.isValues ? false : !Array.isArray(input);
    if (typeof input !== 'object' || input === null || (collection.isValues && Array.isArray(input))) {
      throw new TypeError(
        `${collection.key}.${kind} expected ${collection.isValues ? 'an object' : 'an item or an array of items'} while normalizing ${delegate.source ?? 'a response'}. Received: ${describeValue(input)}`,
      );
    }
    if (kind === 'move') {
      const moved = this.move(Array.isArray(input) ? input : [input], parent, key, delegate);
      return single ? moved[0] : moved;
    }
    const normalized = collection.schema.normalize(single ? [input] : input, parent, key, delegate);
    const accepts = collection.createCollectionFilter(...delegate.args);
    for (const pk of delegate.getPks(collection.key)) {
      // remove too: an item leaves only the lists it would join (Data Client's filter for both)
      if (accepts(collection.argsOf(pk))) this.change(pk, normalized, kind !== 'remove', delegate);
    }
    return single ? (normalized as unknown[])[0] : normalized;
  }

  /** Reads the new item(s) back. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    if (Array.isArray(input) || this.collection.isValues) return this.collection.schema.denormalize(input, delegate);
    return (this.collection.schema.denormalize([input], delegate) as unknown[])[0];
  }

  /** The items' tables and the lists' table. */
  tableKeys(add: (schema: unknown) => void): void {
    add(this.collection);
  }

  /**
   * Writes the moved items (a Values list moves one), then, item by item, takes each out of the stored
   * lists its stored record matched and its new fields do not, and adds it to the lists its new fields
   * match and its stored record did not (Data Client's rule): a list it matched before and after keeps
   * it where it is. The new fields are the item's own over the request's last argument (the body).
   */
  private move(
    items: readonly unknown[],
    parent: unknown,
    key: string | undefined,
    delegate: NormalizeDelegate,
  ): Record<string, unknown> {
    const { collection } = this;
    const { isValues } = collection;
    const entity = collection.schema.schema;
    if (!collection.schema.isSingleSchema || !isEntityClass(entity)) {
      throw new TypeError(
        `${collection.key}.move moves entities of one Entity class: give the Collection [Entity] or schema.Values(Entity). Received the schema ${describeValue(entity)}`,
      );
    }
    const { args } = delegate;
    const table = entityKey(entity);
    // where each item is now: its stored record, read before the write replaces it
    const moved = items.map((item) => {
      const processed = isRecord(item) ? entity.process(item, parent, key, args) : undefined;
      const pk = processed && toPk(entity.pk(processed, parent, key, args));
      if (pk === undefined) {
        throw new TypeError(
          `${collection.key}.move needs each item's primary key while normalizing ${delegate.source ?? 'a response'}: ` +
            `${table}.pk() found none (an object with the field pk() reads, such as 'id'). Received: ${describeValue(item)}`,
        );
      }
      return { pk, processed, before: delegate.getEntity(table, pk) };
    });
    const normalized = collection.schema.normalize(
      isValues ? { [(moved[0] as { pk: string }).pk]: items[0] } : items,
      parent,
      key,
      delegate,
    ) as Record<string, unknown>;
    const params = isRecord(args[0]) ? args[0] : {};
    const last = args[args.length - 1];
    const body = isRecord(last) ? last : {};
    moved.forEach(({ processed, before }, i) => {
      const refs = isValues ? normalized : [normalized[i]];
      const after = { ...before, ...body, ...processed };
      const wasIn = before && collection.createCollectionFilter({ ...params, ...before }, before);
      const isIn = collection.createCollectionFilter({ ...params, ...after }, after);
      for (const pk of delegate.getPks(collection.key)) {
        const list = collection.argsOf(pk);
        const joins = isIn(list);
        if (joins !== (wasIn?.(list) ?? false)) this.change(pk, refs, joins, delegate);
      }
    });
    return normalized;
  }

  private addPage(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string {
    const { collection } = this;
    const normalized = collection.schema.normalize(input, parent, key, delegate);
    const pk = collection.pk(parent, key, delegate.args, this.paginationField);
    const stored = delegate.getEntity(collection.key, pk) as CollectionRecord | undefined;
    delegate.mergeEntity(collection.changes, pk, {
      items: stored === undefined ? normalized : added(stored.items, normalized, this.merge),
    });
    return pk;
  }

  /** Adds `items` to (or, with `adds` false, takes them out of) the stored list `pk`, if it changes. */
  private change(pk: string, items: unknown, adds: boolean, delegate: NormalizeDelegate): void {
    const { collection } = this;
    const stored = delegate.getEntity(collection.key, pk) as CollectionRecord | undefined;
    if (stored === undefined) return;
    const next = adds ? added(stored.items, items, this.merge) : without(stored.items, items);
    if (next !== stored.items) delegate.mergeEntity(collection.changes, pk, { items: next });
  }
}

/** The stored items with `incoming` added by `merge` (a Values list: assigned); the same items when none is new. */
function added(stored: unknown, incoming: unknown, merge: CollectionMerge | undefined): unknown {
  if (!Array.isArray(stored))
    return merge ? merge(stored, incoming) : { ...(stored as object), ...(incoming as object) };
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
  return Array.isArray(stored) ? kept.map(([, item]) => item as unknown) : Object.fromEntries(kept);
}

/** The identity of a normalized item: its id, or `schema:id` when polymorphic. */
function idOf(item: unknown): unknown {
  if (typeof item === 'object' && item !== null && 'id' in item && 'schema' in item)
    return `${String((item as { schema: unknown }).schema)}:${String((item as { id: unknown }).id)}`;
  return item;
}
