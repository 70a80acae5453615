import type {
  EntityMeta,
  EntityRecord,
  EntitySchema,
  StoredSchema,
  NormalizeDelegate,
  StoreView,
  WriteMeta,
} from '../schema/interface.js';
import { createTable, getOwn, ownTable, setOwn } from '../utils/ownProperty.js';
import { entityKey } from '../schema/entityKey.js';
import { startedBefore } from '../schema/startedBefore.js';
import { mergesByStart } from '../schema/Entity.js';
import { indexValue, keepsIndexEntry } from './indexEntries.js';
import { toSchemaClass } from './shorthand.js';
import { sameJson } from './sameJson.js';
import { keepShapeAlive } from '../utils/keepShapeAlive.js';
import type { NormalizeOptions } from './normalize.js';

type Table<T> = { [pk: string]: T };
type WriteStamp = { readonly meta: EntityMeta; pks: string[] };

/** Entities nested deeper than this are written from a queue instead of the call stack. */
const MAX_NESTING = 200;

/**
 * The writes of one response, laid over what is stored: every record it touches, already merged
 * with the stored one, plus the meta and index entries. Nothing stored is modified; applying the
 * writes is the store's job. A record whose merge changes nothing keeps its stored reference.
 *
 * Meta is written as the store keeps it (see `EntityMetaStamps`): per kind, the primary keys that
 * take this response's meta and the ones it deletes, not a meta entry per record.
 */
export class NormalizeWrites implements NormalizeDelegate {
  /** Touched records by key, then primary key. Deleted ones are absent here, listed in the deletions stamp. */
  readonly entities: Table<Table<EntityRecord>> = createTable();
  /** Index entries written; `undefined` removes an entry (a value its entity no longer holds). */
  readonly indexes: Table<Table<Table<string | undefined>>> = createTable();

  /**
   * The meta this response writes, per kind (see `EntityMetaStamps`): a stamp of its meta listing
   * the written records that take it (not those keeping a newer stored meta), then one of its
   * deletions (listed by `drain`). A record written and then deleted is in both: the later stamp wins.
   */
  readonly entitiesMeta: Table<[WriteStamp, WriteStamp]> = createTable();
  /** Per kind, the records this response deletes (and does not write again). */
  readonly #deleted = new Map<string, Set<string>>();
  /**
   * The inputs being written, innermost last. A scan of it costs less than hashing each input in and
   * out of a Set (the 500-post normalize ran 10-15% faster): entities nest a few levels deep, and
   * never more than MAX_NESTING.
   */
  readonly #visiting: object[] = [];
  readonly #deferred: Array<() => void> = [];

  readonly #store: StoreView | undefined;
  declare readonly source: string | undefined;
  declare readonly visitEntity: NormalizeOptions['visitEntity'];
  /** Stored records keep their meta (see `NormalizeOptions.keepStoredMeta`). */
  readonly #keepStoredMeta: boolean | undefined;

  declare readonly meta: WriteMeta;
  declare readonly args: readonly unknown[];

  constructor(meta: WriteMeta, args: readonly unknown[], options: NormalizeOptions) {
    this.meta = meta;
    this.args = args;
    ({
      store: this.#store,
      source: this.source,
      visitEntity: this.visitEntity,
      keepStoredMeta: this.#keepStoredMeta,
    } = options);
  }

  /** Normalizes `value` with `schema`. Primitives at an entity position are primary keys. */
  visit(
    schema: unknown,
    value: unknown,
    parent: unknown,
    key: string | undefined,
    owner?: EntitySchema,
    ownerPk?: string,
  ): unknown {
    if (value === undefined || value === null) return value;
    const schemaClass = toSchemaClass(schema);
    if (schemaClass === undefined) return value;
    if (typeof value !== 'object' && typeof schemaClass === 'function') {
      // a primary key in place of the entity: a reference (booleans are no ids and pass through)
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? `${value}` : value;
    }
    return schemaClass.normalize(value, parent, key, this, owner, ownerPk);
  }

  isDeep(): boolean {
    return this.#visiting.length >= MAX_NESTING;
  }

  defer(task: () => void): void {
    this.#deferred.push(task);
  }

  /** Runs the deferred tasks (and the ones they defer) until none is left, then lists the deletions. */
  drain(): void {
    for (let task = this.#deferred.pop(); task !== undefined; task = this.#deferred.pop()) task();
    for (const [key, pks] of this.#deleted) this.#stampsOf(key)[1].pks = [...pks];
  }

  enter(input: object): boolean {
    if (this.#visiting.includes(input)) return false;
    this.#visiting.push(input);
    return true;
  }

  leave(): void {
    this.#visiting.pop();
  }

  getEntity(key: string, pk: string): EntityRecord | undefined {
    const written = getOwn(this.entities[key], pk);
    if (written !== undefined) return written;
    if (this.#deleted.get(key)?.has(pk)) return undefined;
    return this.#stored(key, pk);
  }

  getPks(key: string): readonly string[] {
    const store = this.#store;
    const written = this.entities[key];
    const deleted = this.#deleted.get(key);
    const stored = store?.getPks?.(key) ?? Object.keys(store?.entities?.[key] ?? {});
    const pks = stored.filter((pk) => !deleted?.has(pk));
    if (written !== undefined) for (const pk in written) if (this.#stored(key, pk) === undefined) pks.push(pk);
    return pks;
  }

  /** The record stored before this write. */
  #stored(key: string, pk: string): EntityRecord | undefined {
    const store = this.#store;
    return store?.getEntity ? store.getEntity(key, pk) : getOwn(store?.entities?.[key], pk);
  }

  mergeEntity(entity: StoredSchema, pk: string, incoming: EntityRecord): void {
    const key = entityKey(entity);
    const table = ownTable(this.entities, key);
    const written = getOwn(table, pk);
    // the stored record matters to an entity's first occurrence in the response only (a repeat merges into `written`)
    const stored = written === undefined ? this.#stored(key, pk) : undefined;
    const storedMeta = this.#storedMeta(entity, key, pk);
    const before = written ?? stored; // the index entries to move
    if (written !== undefined) {
      // an entity repeated in one response (an author of many posts) merges as its first occurrence
      // did: under a stored record written by a request that started later; it keeps the record it
      // has when the repeat adds nothing, so an unchanged entity keeps its stored record
      const merged = entity.mergeWithStore(storedMeta ?? this.meta, this.meta, written, incoming);
      if (merged !== written && !sameJson(merged, written)) setOwn(table, pk, merged);
    } else {
      if (storedMeta?.deleted && startedBefore(this.meta, storedMeta)) return; // an older response cannot revive it
      let next = incoming;
      if (stored !== undefined) {
        next = entity.mergeWithStore(storedMeta ?? this.meta, this.meta, stored, incoming);
        if (next !== stored && sameJson(next, stored)) next = stored;
      }
      setOwn(table, pk, next);
      this.#deleted.get(key)?.delete(pk); // deleted earlier in this response, written again
      // a stored write that started later keeps its meta (so does every stored record, for a local
      // edit): the record is listed in no stamp of this one
      if (
        storedMeta === undefined ||
        storedMeta.deleted ||
        (!this.#keepStoredMeta && !startedBefore(this.meta, storedMeta))
      ) {
        this.#stampsOf(key)[0].pks.push(pk);
      }
    }
    if (entity.indexes !== undefined) this.#writeIndexes(entity.indexes, key, pk, getOwn(table, pk), before);
  }

  /**
   * Removes the record, its index entries and remembers the deletion, in start order as a write:
   * a stored write or deletion that started after this one stays, and this delete changes nothing.
   */
  deleteEntity(entity: StoredSchema, pk: string): void {
    const key = entityKey(entity);
    const storedMeta = this.#storedMeta(entity, key, pk);
    if (storedMeta !== undefined && startedBefore(this.meta, storedMeta)) return;
    const record = this.getEntity(key, pk);
    const table = this.entities[key];
    if (table !== undefined) delete table[pk];
    const deleted = this.#deleted.get(key);
    if (deleted === undefined) this.#deleted.set(key, new Set([pk]));
    else deleted.add(pk);
    if (entity.indexes !== undefined) this.#writeIndexes(entity.indexes, key, pk, undefined, record);
  }

  /**
   * The meta of the stored write of `pk`, as this write needs it: none when this write started after every stored
   * write of the kind and `entity` merges as `Entity` does (which tells such a meta from none only by when its write
   * started), so a write of one record into a kind of 100,000 makes no index of their meta.
   */
  #storedMeta(entity: StoredSchema, key: string, pk: string): EntityMeta | undefined {
    const store = this.#store;
    if (store?.latestMeta && !this.#keepStoredMeta && mergesByStart(entity)) {
      const latest = store.latestMeta(key);
      if (latest === undefined || !startedBefore(this.meta, latest)) return undefined;
    }
    return store?.getMeta?.(key, pk);
  }

  #stampsOf(key: string): [WriteStamp, WriteStamp] {
    let stamps = getOwn(this.entitiesMeta, key);
    if (stamps === undefined) {
      stamps = [
        { meta: this.meta, pks: [] },
        { meta: { ...this.meta, deleted: true }, pks: [] },
      ];
      setOwn(this.entitiesMeta, key, stamps);
    }
    return stamps;
  }

  /** The pk an index entry names as this write will leave it: written earlier in this response, or stored. */
  getIndex(key: string, field: string, value: string): string | undefined {
    const written = this.indexes[key]?.[field];
    if (written !== undefined && Object.hasOwn(written, value)) return written[value];
    return getOwn(getOwn(getOwn(this.#store?.indexes, key), field), value);
  }

  /**
   * The index entries of a record written (`record`) or deleted (`undefined`) that held `before`:
   * each value it no longer holds loses its entry (written as `undefined`, which reads as not found;
   * see applyIndexWrites) unless another record holds it now, and each value it holds names it,
   * unless a record written by a later-started write holds that value too (`keepsIndexEntry`).
   */
  #writeIndexes(
    fields: readonly string[],
    key: string,
    pk: string,
    record: EntityRecord | undefined,
    before: EntityRecord | undefined,
  ): void {
    const tables = ownTable(this.indexes, key);
    for (const field of fields) {
      const value = indexValue(record, field);
      const old = indexValue(before, field);
      if (old !== undefined && this.getIndex(key, field, old) === pk) {
        setOwn(ownTable(tables, field), old, undefined);
      }
      if (value === undefined) continue;
      const holder = this.getIndex(key, field, value);
      const held =
        holder === undefined || holder === pk
          ? undefined
          : { record: this.getEntity(key, holder), meta: this.#store?.getMeta?.(key, holder) };
      if (held === undefined || !keepsIndexEntry(held, field, value, this.meta))
        setOwn(ownTable(tables, field), value, pk);
    }
  }
}

// writes live for one response: one kept for good keeps their hidden class, and normalize's code optimized (see keepShapeAlive)
keepShapeAlive(new NormalizeWrites({ fetchedAt: 0, date: 0, expiresAt: 0 }, [], {}));
