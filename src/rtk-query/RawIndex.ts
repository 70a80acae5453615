/**
 * The entity items of one RTK Query cache entry's data, by entity key and primary key: the very
 * objects RTK Query holds. A write-back starts each item from the entry's own object (so it keeps
 * that object's shape and, when nothing changed, its reference), and a raw write of the entry
 * (`updateQueryData`...) writes only the items that are not among them.
 */
export class RawIndex {
  private readonly items = new Map<string, Map<string, object>>();
  private readonly objects = new Set<object>();

  /** An index holding what `previous` holds, to add to without changing it. */
  static from(previous: RawIndex): RawIndex {
    const index = new RawIndex();
    for (const [key, byPk] of previous.items) index.items.set(key, new Map(byPk));
    for (const object of previous.objects) index.objects.add(object);
    return index;
  }

  /** The entry's object for this entity, if it holds one. */
  get(key: string, pk: string): object | undefined {
    return this.items.get(key)?.get(pk);
  }

  /** Whether `item` is one of the entry's entity objects: stored as it is. */
  has(item: object): boolean {
    return this.objects.has(item);
  }

  /** Records that the entry holds `item` for this entity. */
  set(key: string, pk: string, item: object): void {
    let byPk = this.items.get(key);
    if (byPk === undefined) this.items.set(key, (byPk = new Map()));
    byPk.set(pk, item);
    this.objects.add(item);
  }
}
