import type { EntityRecord } from '../schema/interface.js';

/** An entity object of an entry, and the stored record it was last made to agree with (if known). */
interface Item {
  readonly object: object;
  readonly record: EntityRecord | undefined;
}

/**
 * The entity items of one RTK Query cache entry's data, by entity key and primary key: the very
 * objects RTK Query holds. A write-back starts each item from the entry's own object (so it keeps
 * that object's shape and, when nothing changed, its reference), and a raw write of the entry
 * (`updateQueryData`...) writes only the items that are not among them.
 */
export class RawIndex {
  private readonly items = new Map<string, Map<string, Item>>();
  private readonly objects = new Set<object>();

  /** An index holding what `previous` holds, to add to without changing it. */
  static from(previous: RawIndex): RawIndex {
    const index = new RawIndex();
    for (const [key, byPk] of previous.items) index.items.set(key, new Map(byPk));
    for (const object of previous.objects) index.objects.add(object);
    return index;
  }

  /** The entry's object for this entity, if it holds one, and the record it agrees with, if known. */
  get(key: string, pk: string): Item | undefined {
    return this.items.get(key)?.get(pk);
  }

  /** Whether `object` is one of the entry's entity objects: stored as it is. */
  has(object: object): boolean {
    return this.objects.has(object);
  }

  /**
   * Records that the entry holds `object` for this entity.
   * @param record the stored record `object` was read from (a write-back), when it is known
   */
  set(key: string, pk: string, object: object, record?: EntityRecord): void {
    let byPk = this.items.get(key);
    if (byPk === undefined) this.items.set(key, (byPk = new Map()));
    byPk.set(pk, { object, record });
    this.objects.add(object);
  }
}
