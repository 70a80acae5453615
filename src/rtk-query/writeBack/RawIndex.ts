import type { EntityRecord } from '../../schema/interface.js';

/**
 * What one store knows of the entity objects in its RTK Query cache entries: which objects are
 * stored as they are (normalized, or written back), and for those a write-back made, the record it
 * read them from. Held weakly: an object goes when RTK Query lets go of it.
 */
export interface KnownObjects {
  readonly stored: WeakSet<object>;
  readonly readFrom: WeakMap<object, EntityRecord>;
}

/** An empty `KnownObjects`, for one store. */
export function knownObjects(): KnownObjects {
  return { stored: new WeakSet(), readFrom: new WeakMap() };
}

/**
 * The entity objects of one RTK Query cache entry's data, by entity key and primary key: the very
 * objects RTK Query holds. A write-back starts each item from the entry's own object (so it keeps
 * that object's shape and, when nothing changed, its reference), and a raw write of the entry
 * (`updateQueryData`...) writes only the items that are not stored as they are already.
 */
export class RawIndex {
  readonly #items = new Map<string, Map<string, object>>();

  constructor(readonly known: KnownObjects) {}

  /** An index holding what `previous` holds, to add to without changing it. */
  static from(previous: RawIndex): RawIndex {
    const index = new RawIndex(previous.known);
    for (const [key, byPk] of previous.#items) index.#items.set(key, new Map(byPk));
    return index;
  }

  /** The entry's object for this entity, if it holds one. */
  get(key: string, pk: string): object | undefined {
    return this.#items.get(key)?.get(pk);
  }

  /** Records that the entry holds `object` for this entity (not yet known to be stored as it is). @internal */
  place(key: string, pk: string, object: object): void {
    let byPk = this.#items.get(key);
    if (byPk === undefined) this.#items.set(key, (byPk = new Map()));
    byPk.set(pk, object);
  }

  /** Records that the entry holds `object` for this entity, read by a write-back from `record`. */
  set(key: string, pk: string, object: object, record: EntityRecord): void {
    this.place(key, pk, object);
    this.known.stored.add(object);
    this.known.readFrom.set(object, record);
  }
}
