import type { DenormalizeDelegate, NormalizeDelegate, SchemaClass } from './interface.js';
import type { Collection, CollectionRecord } from './Collection.js';
import { describeValue } from '../utils/describeValue.js';

/** How a mutation changes the stored lists. */
export type ChangeKind = 'push' | 'unshift' | 'assign' | 'remove' | 'page';

/**
 * A derived Collection schema for mutation responses: normalizes the new item(s) and changes every
 * list ALREADY stored that they belong in, by the Collection's filter (lists never fetched are not
 * created; `page` creates its list). `remove` takes items out of the same lists a `push` of them
 * would join. Never adds an id a list already holds.
 */
export class CollectionChange<S = unknown> implements SchemaClass {
  constructor(
    /** The lists this changes. */
    readonly collection: Collection<S>,
    /** What it does to them. */
    readonly kind: ChangeKind,
    /** For `page`: the argument that names the page, left out of the list's id. */
    readonly paginationField?: string,
  ) {}

  /** The item schema. */
  get schema(): Collection<S>['schema'] {
    return this.collection.schema;
  }

  /** Normalizes the item(s) and updates the matching lists. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    const { collection } = this;
    if (this.kind === 'page') return this.addPage(input, parent, key, delegate);
    const single = collection.isValues ? false : !Array.isArray(input);
    if (typeof input !== 'object' || input === null || (collection.isValues && Array.isArray(input))) {
      throw new TypeError(
        `${collection.key}.${this.kind} expected ${collection.isValues ? 'an object' : 'an item or an array of items'} while normalizing ${delegate.source ?? 'a response'}. Received: ${describeValue(input)}`,
      );
    }
    const normalized = collection.schema.normalize(single ? [input] : input, parent, key, delegate);
    const accepts = collection.createCollectionFilter(...delegate.args);
    for (const pk of delegate.getPks(collection.key)) {
      // remove too: an item leaves only the lists it would join (Data Client's filter for both)
      if (!accepts(collection.argsOf(pk))) continue;
      const stored = delegate.getEntity(collection.key, pk) as CollectionRecord | undefined;
      if (stored === undefined) continue;
      const items = change(this.kind, stored.items, normalized);
      if (items !== stored.items) delegate.mergeEntity(collection.changes, pk, { items });
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

  private addPage(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string {
    const { collection } = this;
    const normalized = collection.schema.normalize(input, parent, key, delegate);
    const pk = collection.pk(parent, key, delegate.args, this.paginationField);
    const stored = delegate.getEntity(collection.key, pk) as CollectionRecord | undefined;
    delegate.mergeEntity(collection.changes, pk, {
      items: stored === undefined ? normalized : change('push', stored.items, normalized),
    });
    return pk;
  }
}

/** The stored items after a change; the same array when nothing changes. */
function change(kind: ChangeKind, stored: unknown, added: unknown): unknown {
  if (kind === 'assign') return { ...(stored as object), ...(added as object) };
  const existing = stored as unknown[];
  const incoming = added as unknown[];
  const ids = new Set(existing.map(idOf));
  if (kind === 'remove') {
    const removed = new Set(incoming.map(idOf));
    const kept = existing.filter((item) => !removed.has(idOf(item)));
    return kept.length === existing.length ? stored : kept;
  }
  const fresh = incoming.filter((item) => {
    const id = idOf(item);
    if (ids.has(id)) return false;
    ids.add(id);
    return true;
  });
  if (fresh.length === 0) return stored;
  return kind === 'unshift' ? [...fresh, ...existing] : [...existing, ...fresh];
}

/** The identity of a normalized item: its id, or `schema:id` when polymorphic. */
function idOf(item: unknown): unknown {
  if (typeof item === 'object' && item !== null && 'id' in item && 'schema' in item)
    return `${String((item as { schema: unknown }).schema)}:${String((item as { id: unknown }).id)}`;
  return item;
}
