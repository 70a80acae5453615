import type {
  DenormalizeDelegate,
  EntityRecord,
  EntitySchema,
  SchemaClass,
  StoredSchema,
} from '../../schema/interface.js';
import { entityKey } from '../../schema/entityKey.js';
import { isEntityClass } from '../../schema/isEntityClass.js';
import { Query } from '../../schema/Query.js';
import { sameJson } from '../../normalizr/sameJson.js';
import { toSchemaClass } from '../../normalizr/shorthand.js';
import { isRecord } from '../../utils/isRecord.js';
import { keepShapeAlive } from '../../utils/keepShapeAlive.js';
import { RawIndex, knownObjects } from './RawIndex.js';
import { keysOf, recordOf, type StoredTable, type StoredTables } from '../../storage/table.js';
import { isArray } from '../../utils/isArray.js';

/** Thrown where a schema derives its value (`schema.Query`): the entry is not written back. */
class Derived extends Error {}

/** An entity none of whose fields holds another. */
function isFlat(entity: EntitySchema): boolean {
  for (const _ in entity.schema) return false;
  return true;
}

/** A field holding an entity by its key alone (`author: 5`), or a list of keys: what the server sent. */
function isKeyShaped(value: unknown): boolean {
  return isArray(value) ? value.every((item) => !isRecord(item)) : !isRecord(value);
}

/**
 * A stored key (`'2'`) as the entry gave keys: a number where the entry's key `was` a number. The
 * entry's own value when it names the same entity.
 */
function keyLike(stored: unknown, was: unknown): unknown {
  if (`${stored}` === `${was}`) return was;
  return typeof was === 'number' && typeof stored === 'string' && `${Number(stored)}` === stored
    ? Number(stored)
    : stored;
}

/** The stored keys of a key-shaped field (one key, or a list of them) in the entry's own form. */
function keysLike(stored: unknown, was: unknown): unknown {
  if (!isArray(stored) || !isArray(was)) return isRecord(stored) ? was : keyLike(stored, was);
  const keys = stored.map((key, i) => keyLike(key, was[i] ?? was[0]));
  return keys.length === was.length && keys.every((key, i) => key === was[i]) ? was : keys;
}

/**
 * One RTK Query cache entry read back from the entity tables as plain data in the entry's own
 * shape: the denormalize protocol with plain objects for instances (what `write-back` writes into
 * RTK Query's cache, docs/guide/rtk-query.md).
 *
 * Each entity starts from the entry's own object for it (`RawIndex`): its fields take the stored
 * values, fields the entry's object does not have are not added, a nested entity the server sent by
 * its key stays a key, and when no field changed the entry's object itself is returned. An entity
 * the entry did not hold (a pushed item) is its stored record with nested entities inline; one that
 * contains itself holds its key at the repeat. Deleted entities drop out of lists, as in reads.
 */
export class PlainRead implements DenormalizeDelegate {
  /** The value of each entity built in this read (`null` while it is being built: a cycle). */
  readonly #built = new Map<string, object | null>();
  /**
   * The schema last read and its class, and the entity kind last read with its key, table and
   * shape: a list reads one schema, so each is found once rather than per item (each finding walks
   * the class's prototype chain or its fields).
   */
  #lastSchema: { readonly schema: unknown; readonly schemaClass: SchemaClass } | undefined = undefined;
  #lastKind:
    | {
        readonly entity: StoredSchema;
        readonly key: string;
        /** The entity, when it is an Entity class none of whose fields holds another. */
        readonly flat: EntitySchema | undefined;
        readonly table: StoredTable | undefined;
      }
    | undefined = undefined;

  readonly #tables: StoredTables;
  readonly #index: RawIndex;

  /**
   * @param index the entry's entity objects: each entity starts from its object there, and the
   *   objects this read makes are added to it (so it holds those of the value read, and maybe some
   *   the entry no longer has, which no later read finds)
   */
  constructor(
    tables: StoredTables,
    index: RawIndex,
    readonly args: readonly unknown[],
  ) {
    this.#tables = tables;
    this.#index = index;
  }

  /**
   * The entry's data as the tables now give it, or `undefined` when a schema in it derives its value
   * (`schema.Query`) or the entity it is has gone.
   */
  read(schema: unknown, result: unknown): unknown {
    try {
      return this.unvisit(schema, result);
    } catch (error) {
      if (error instanceof Derived) return undefined;
      throw error;
    }
  }

  /** Whether `value` is an entity object of this read (left whole when the read is shared with the entry). */
  isEntity(value: object): boolean {
    return this.#index.known.stored.has(value);
  }

  unvisit(schema: unknown, input: unknown): unknown {
    const last = this.#lastSchema;
    let schemaClass = last !== undefined && last.schema === schema ? last.schemaClass : undefined;
    if (schemaClass === undefined) {
      schemaClass = toSchemaClass(schema);
      if (schemaClass === undefined) return input;
      if (schemaClass instanceof Query) throw new Derived();
      this.#lastSchema = { schema, schemaClass };
    }
    if ((input === undefined || input === null) && !schemaClass.readsTables) return input;
    return schemaClass.denormalize(input, this);
  }

  entity(entity: StoredSchema, pk: string): object | undefined {
    let kind = this.#lastKind;
    if (kind?.entity !== entity) {
      const key = entityKey(entity);
      kind = {
        entity,
        key,
        flat: isEntityClass(entity) && isFlat(entity) ? entity : undefined,
        table: this.#tables[key],
      };
      this.#lastKind = kind;
    }
    const { key } = kind;
    const record = recordOf(kind.table, pk);
    if (record === undefined) return undefined;
    if (kind.flat !== undefined) {
      // no cycle and nothing nested: built directly, and as it was when it is the record (stored as
      // the entry holds it) or was read from the same record
      const before = this.#index.get(key, pk);
      if (before !== undefined && (before === record || this.#index.known.readFrom.get(before) === record))
        return before;
      const value = this.#plainEntity(kind.flat, record, before);
      this.#index.set(key, pk, value, record);
      return value;
    }
    const id = `${key}\u0000${pk}`;
    const built = this.#built.get(id);
    // a cycle: the repeat holds the key, as a server sends a reference it has already given
    if (built === null) return pk as unknown as object;
    if (built !== undefined) return built;
    this.#built.set(id, null);
    let value: object;
    if (isEntityClass(entity)) {
      value = this.#plainEntity(entity, record, this.#index.get(key, pk));
      this.#index.set(key, pk, value, record);
    } else {
      // a Collection's list: a new container, compared item by item when shared with the entry
      value = entity.fromJS(record);
      entity.denormalizeFields(value, record, this);
    }
    this.#built.set(id, value);
    return value;
  }

  getPks(key: string): readonly string[] {
    return keysOf(this.#tables[key]);
  }

  /** An entity as plain data: the entry's object with the stored values, or the record with nested entities inline. */
  #plainEntity(entity: EntitySchema, record: EntityRecord, before: object | undefined): object {
    const nested = entity.schema;
    if (before === undefined) {
      const value: Record<string, unknown> = { ...record };
      for (const field in nested) {
        if (record[field] !== undefined && record[field] !== null)
          value[field] = this.unvisit(nested[field], record[field]);
      }
      return value;
    }
    const old = before as Record<string, unknown>;
    let changed: Record<string, unknown> | undefined;
    for (const field in old) {
      const was = old[field];
      let now: unknown;
      if (Object.hasOwn(nested, field)) {
        const stored = record[field];
        if (stored === undefined || stored === null) now = was;
        // what the server sent as keys stays keys: the stored ones, in the entry's form
        else now = isKeyShaped(was) ? keysLike(stored, was) : this.unvisit(nested[field], stored);
      } else {
        now = Object.hasOwn(record, field) ? record[field] : was;
        if (now !== was && sameJson(now, was)) now = was;
      }
      if (now !== was) (changed ??= { ...old })[field] = now;
    }
    return changed ?? before;
  }
}

// a read lives for one write-back: one kept for good keeps its hidden class, and the read's code optimized (see keepShapeAlive)
keepShapeAlive(new PlainRead({}, new RawIndex(knownObjects()), []));
