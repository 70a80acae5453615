import type {
  DenormalizeDelegate,
  EntityMeta,
  EntityRecord,
  NormalizeDelegate,
  QueryDelegate,
  SchemaClass,
  StoredSchema,
  WriteMeta,
} from './interface.js';
import { assignFields } from '../utils/ownProperty.js';
import { describeValue } from '../utils/describeValue.js';
import { shapeError, whileNormalizing } from './shapeError.js';
import { entityKey } from './entityKey.js';
import { missingPk } from './missingPk.js';
import { startedBefore } from './startedBefore.js';
import { keyString, toPk } from './toPk.js';
import { isRecord } from '../utils/isRecord.js';
import { isArray } from '../utils/isArray.js';

/**
 * A kind of data with an identity. Subclass it, declare fields with defaults, say how to find the
 * primary key, and give the kind a unique `static key`. Responses are stored as plain records in
 * `entities[key][pk]`; reads give instances of the class, with class defaults for missing fields.
 *
 * What a constructor sees: reads build each instance with `new` (through `fromJS`), so field
 * initializers and the constructor run first, with nothing but the class defaults: a nested default
 * such as `author = User.fromJS()` is a new instance of its own. The record's fields are assigned
 * after the constructor returns, then nested entities replace their primary keys; a constructor
 * never sees stored data, and an instance is built once per record it is read from. A nested field
 * declared with no default (`author!: User`) builds nothing the read throws away (a record without
 * one reads it as `undefined`): cheaper where many changed records are read.
 *
 * @example
 * ```ts
 * class User extends Entity {
 *   id = '';
 *   name = '';
 *   pk() { return this.id; }
 *   static override key = 'User';
 * }
 * class Post extends Entity {
 *   id = 0;
 *   author = User.fromJS();
 *   pk() { return `${this.id}`; }
 *   static override key = 'Post';
 *   static override schema = { author: User };
 * }
 * ```
 * @see docs/guide/schemas.md
 */
export abstract class Entity {
  /** The table name of this kind in the store. Required, and unique across the app. */
  declare static key: string;

  /** Schemas of nested fields, e.g. `{ author: User, comments: [Comment] }`. */
  static schema: { readonly [field: string]: unknown } = {};

  /** Fields to index, so a read can find an entity by them (`{ username: 'ann' }`). */
  declare static indexes?: readonly string[];

  /**
   * How long (ms) a stored record of this kind stays fresh after it was written, whichever endpoint
   * wrote it: a call whose data holds a record older than this is stale, for `fetchIfStale`, the
   * hooks and a poll's start alike (the call's own `dataExpiryLength` still applies too). A record
   * that was already this old when the call's last answer arrived does not count: fetching the call
   * again would not refresh it.
   * @default undefined: only the endpoints' `dataExpiryLength` decide
   * @example
   * ```ts
   * class Price extends Entity {
   *   coin = '';
   *   usd = 0;
   *   pk() { return this.coin; }
   *   static override key = 'Price';
   *   static override dataExpiryLength = 5_000; // a page showing a Price refetches it once it is 5 s old
   * }
   * ```
   */
  declare static dataExpiryLength?: number;

  /**
   * The primary key of this entity. Called with `this` bound to the raw (processed) response item,
   * so class defaults do not apply here.
   * @returns a non-empty string or number
   */
  abstract pk(parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined;

  /**
   * The primary key of a raw item: runs the instance `pk()` with `this` bound to `value`. A JavaScript
   * class may define this instead of `pk()`.
   */
  static pk(
    value: EntityRecord,
    parent?: unknown,
    key?: string,
    args?: readonly unknown[],
  ): string | number | undefined {
    const { pk } = this.prototype as Partial<Entity>;
    // a JavaScript class may have no pk(): TypeScript's abstract method does not reach it
    if (pk === undefined && process.env.NODE_ENV !== 'production') throw missingPk(this, value);
    return (pk as Entity['pk']).call(value, parent, key, args);
  }

  /**
   * Makes an instance from plain fields, with class defaults for the missing ones.
   * @param props fields to set
   * @returns an instance of the class it is called on
   */
  static fromJS<T extends Entity>(this: abstract new () => T, props?: object): T {
    const instance = new (this as unknown as new () => T)();
    if (props !== undefined) assignFields(instance, props);
    return instance;
  }

  /**
   * Shapes a raw response item before anything else looks at it (rename fields, add computed ones).
   * Must not mutate `input`.
   * @returns the item to store
   */
  static process(
    input: EntityRecord,
    _parent: unknown,
    _key: string | undefined,
    _args: readonly unknown[],
  ): EntityRecord {
    return input;
  }

  /**
   * Checks a processed item. A message fails the whole response and nothing of it is written.
   * @returns an error message, or `undefined` when the item is valid
   */
  static validate(_processed: EntityRecord): string | undefined {
    return undefined;
  }

  /**
   * Combines two versions of one entity; `incoming` is the newer. Used within one response and,
   * through `mergeWithStore`, against the store.
   * @default `{ ...existing, ...incoming }`
   */
  static merge(existing: EntityRecord, incoming: EntityRecord): EntityRecord {
    return { ...existing, ...incoming };
  }

  /**
   * Whether a response should touch the stored record at all.
   * @default true
   */
  static shouldUpdate(
    _existingMeta: EntityMeta,
    _incomingMeta: WriteMeta,
    _existing: EntityRecord,
    _incoming: EntityRecord,
  ): boolean {
    return true;
  }

  /**
   * Whether the stored record is newer than the incoming one, so it must win the merge.
   * @default the incoming request started before the stored one (`fetchedAt`, then `seq`)
   */
  static shouldReorder(
    existingMeta: EntityMeta,
    incomingMeta: WriteMeta,
    _existing: EntityRecord,
    _incoming: EntityRecord,
  ): boolean {
    return startedBefore(incomingMeta, existingMeta);
  }

  /** Merges a response item into the stored record, honouring `shouldUpdate` and `shouldReorder`. */
  static mergeWithStore(
    existingMeta: EntityMeta,
    incomingMeta: WriteMeta,
    existing: EntityRecord,
    incoming: EntityRecord,
  ): EntityRecord {
    if (!this.shouldUpdate(existingMeta, incomingMeta, existing, incoming)) return existing;
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming)
      ? this.merge(incoming, existing)
      : this.merge(existing, incoming);
  }

  /** Normalizes one response item into the store and returns its primary key. */
  static normalize(input: unknown, parent: unknown, fieldKey: string | undefined, delegate: NormalizeDelegate): string {
    // the key is read for messages only (mergeEntity reads it to store): in an app of many Entity
    // classes every static read here is an uncached lookup, and this one was 7% of normalize
    if (!isRecord(input) || isArray(input)) throw shapeError(entityKey(this), 'an object', input, delegate, fieldKey);
    const processed = this.process(input as EntityRecord, parent, fieldKey, delegate.args);
    const rawPk = this.pk(processed, parent, fieldKey, delegate.args);
    const pk = toPk(rawPk);
    if (pk === undefined) {
      throw new TypeError(
        `${entityKey(this)}.pk() returned ${describeValue(rawPk)} ${whileNormalizing(delegate.source, fieldKey)}` +
          (process.env.NODE_ENV !== 'production'
            ? ": the item has no usable primary key (check the field pk() reads, such as 'id')"
            : '') +
          `. Received: ${describeValue(input)}`,
      );
    }
    // an item the caller knows the store holds as it is (an unchanged item of a cache entry)
    if (delegate.visitEntity?.(this, pk, input) === false) return pk;
    const problem = this.validate(processed);
    if (problem !== undefined) {
      throw new TypeError(
        `${entityKey(this)} ${pk} failed validate() ${whileNormalizing(delegate.source)}: ${problem}. Received: ${describeValue(input)}`,
      );
    }
    if (delegate.isDeep()) delegate.defer(() => this.write(input, processed, pk, delegate));
    else this.write(input, processed, pk, delegate);
    return pk;
  }

  /** Normalizes the nested fields of a processed item and merges it into the store. */
  private static write(input: object, processed: EntityRecord, pk: string, delegate: NormalizeDelegate): void {
    const nested = this.schema;
    if (isEmpty(nested)) {
      delegate.mergeEntity(this, pk, detached(processed, input));
      return;
    }
    if (!delegate.enter(input)) return; // the input contains itself: it is already being written
    let record: Record<string, unknown> | undefined;
    try {
      for (const field in nested) {
        const value = processed[field];
        if (value === undefined || value === null) continue;
        record ??= { ...processed };
        record[field] = delegate.visit(nested[field], value, processed, field, this, pk);
      }
    } finally {
      delegate.leave(input);
    }
    delegate.mergeEntity(this, pk, record ?? detached(processed, input));
  }

  /** Reads the instance stored at `input` (a primary key). */
  static denormalize(input: unknown, delegate: DenormalizeDelegate): object | undefined {
    return delegate.entity(this, keyString(input));
  }

  /** Fills the nested-schema fields of a new instance from its stored record. */
  static denormalizeFields(instance: object, record: EntityRecord, delegate: DenormalizeDelegate): void {
    const nested = this.schema;
    const target = instance as Record<string, unknown>;
    for (const field in nested) {
      const value = record[field];
      const schema = nested[field];
      if ((value !== undefined && value !== null) || (schema as Partial<SchemaClass> | undefined)?.readsTables === true)
        target[field] = readNested(schema, value, delegate);
    }
  }

  /**
   * Finds the primary key that read arguments point at: a primary key itself, an object whose
   * `pk()` works, or an object holding an indexed field.
   */
  static queryKey(args: readonly unknown[], delegate: QueryDelegate): string | undefined {
    const [first] = args;
    if (typeof first === 'string' || typeof first === 'number') return `${first}`;
    if (!isRecord(first)) return undefined;
    const pk = toPk(this.pk(first, undefined, undefined, args));
    if (pk !== undefined) return pk;
    const key = entityKey(this);
    for (const field of this.indexes ?? []) {
      const value = first[field];
      if (value !== undefined) return delegate.getIndex(key, field, `${value}`);
    }
    return undefined;
  }

  /** Adds this entity's key and every key its nested schemas reach. */
  static tableKeys(add: (schema: unknown) => void): void {
    for (const field in this.schema) add(this.schema[field]);
  }
}

/**
 * Reads `value` with `schema`: a nested Entity that reads itself the default way straight by its
 * primary key (the commonest nested read, without the general dispatch), anything else through
 * `delegate.unvisit`.
 */
export function readNested(schema: unknown, value: unknown, delegate: DenormalizeDelegate): unknown {
  return value !== undefined &&
    value !== null &&
    (schema as Partial<SchemaClass> | null)?.denormalize === Entity.denormalize
    ? delegate.entity(schema as StoredSchema, keyString(value))
    : delegate.unvisit(schema, value);
}

/**
 * The record to store: never the caller's own object (`process` may return its input), unless it is
 * a frozen plain object, which no one can change (RTK Query's cache freezes what it holds: its items
 * are then stored as they are, one object for both caches).
 */
function detached(processed: EntityRecord, input: object): EntityRecord {
  if (processed !== input) return processed;
  return Object.isFrozen(processed) && Object.getPrototypeOf(processed) === Object.prototype
    ? processed
    : { ...processed };
}

/** Whether `entity` merges a write as `Entity` does: what it reads of the stored meta is when its write started. */
export function mergesByStart(entity: StoredSchema): boolean {
  const merging = entity as typeof Entity;
  return (
    merging.mergeWithStore === Entity.mergeWithStore &&
    merging.shouldUpdate === Entity.shouldUpdate &&
    merging.shouldReorder === Entity.shouldReorder
  );
}

function isEmpty(object: object): boolean {
  for (const _ in object) return false;
  return true;
}
