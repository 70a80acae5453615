import type {
  DenormalizeDelegate,
  EntityMeta,
  EntityRecord,
  NormalizeDelegate,
  SchemaClass,
  StoredSchema,
  WriteMeta,
} from './interface.js';
import { ArraySchema } from './ArraySchema.js';
import { Values } from './Values.js';
import { describeValue } from '../utils/describeValue.js';
import { buildDefaultCollectionFilter, defaultNonFilterArgumentKey, type CollectionKey } from './collectionFilter.js';
import { CollectionChange, type ChangeKind, type CollectionMerge } from './CollectionChange.js';
import { startedBefore } from './startedBefore.js';
import { keyString } from './toPk.js';
import { isRecord } from '../utils/isRecord.js';
import { isArray } from '../utils/isArray.js';

/**
 * Options of `schema.Collection`, typed from the arguments its callbacks receive: annotate a
 * callback's parameters and `new schema.Collection(...)` infers them (Data Client's
 * `CollectionOptions<Args, Parent>`). Nothing checks them against the endpoints that use the list.
 *
 * @typeParam Args the arguments a list is fetched and read with, which `argsKey` receives
 * @typeParam Parent the entity a nested list belongs to, which `nestKey` receives
 * @typeParam MutationArgs the arguments of the mutations that change the lists (`push`, `unshift`,
 *   `assign`, `remove`), which `createCollectionFilter` receives: a POST's body, not the list's params
 * @see docs/guide/schemas.md
 */
export interface CollectionOptions<
  Args extends readonly unknown[] = readonly unknown[],
  Parent = unknown,
  MutationArgs extends readonly unknown[] = readonly unknown[],
> {
  /** The arguments that identify a list. @default the first argument's fields (the params) */
  readonly argsKey?: (...args: Args) => Record<string, unknown>;
  /** For a list nested in an entity: identifies it by its parent. */
  readonly nestKey?: (parent: Parent, key: string) => Record<string, unknown>;
  /** Argument names that do not restrict membership (sorting, paging). @default names starting with `order` */
  readonly nonFilterArgumentKeys?: ((name: string) => boolean) | readonly string[] | RegExp;
  /** Builds the membership test of a mutation: which stored lists take its new items. */
  readonly createCollectionFilter?: (...args: MutationArgs) => (collectionKey: CollectionKey) => boolean;
  /** The table name of these lists. @default `Collection:` + the item schema's entity keys */
  readonly key?: string;
}

/** The options as the Collection calls them: with whatever arguments the endpoint was called with. */
type CalledOptions = CollectionOptions<readonly unknown[], unknown, readonly unknown[]>;

/**
 * The stored form of one list: the normalized items (an array, or an object for Values).
 *
 * @see docs/guide/schemas.md
 */
export interface CollectionRecord extends EntityRecord {
  readonly items: unknown;
}

/**
 * A list stored like an entity, one per set of arguments, so mutations can add to every list they
 * belong in without a refetch. `getList({ user: 1 })` and `getList()` are different lists. Derived
 * schemas: `push` (append), `unshift` (prepend), `assign` (merge into a Values collection),
 * `remove` (take items out), `move` (from the lists an item leaves to those it joins), and
 * `paginate(field)` (append a further page).
 *
 * @typeParam S the item schema: `[X]`, `schema.Array` or `schema.Values`
 * @typeParam Args the list's arguments, as `argsKey` declares them (see {@link CollectionOptions})
 * @typeParam Parent the parent of a nested list, as `nestKey` declares it
 * @typeParam MutationArgs the arguments of the mutations, as `createCollectionFilter` declares them
 * @example
 * ```ts
 * const trades = new schema.Collection([Trade]);
 * const getTrades = new RestEndpoint({ path: '/trade', schema: trades });
 * const createTrade = getTrades.extend({ method: 'POST', schema: trades.push });
 * ```
 * @see docs/guide/schemas.md
 */
export class Collection<
  S = unknown,
  Args extends readonly unknown[] = readonly unknown[],
  Parent = unknown,
  MutationArgs extends readonly unknown[] = readonly unknown[],
> implements SchemaClass {
  /** The schema of the items: `[X]`, `schema.Array`, or `schema.Values`. */
  declare readonly schema: ArraySchema<unknown> | Values<unknown>;
  /** The table name of these lists. */
  declare readonly key: string;
  /** For messages: a list has no class name. */
  declare readonly name: string;
  /** Appends new items to every stored list they belong in (never duplicating an id). */
  declare readonly push: CollectionChange<S>;
  /** Prepends new items to every stored list they belong in. */
  declare readonly unshift: CollectionChange<S>;
  /** Merges new entries into every stored Values list they belong in. */
  declare readonly assign: CollectionChange<S>;
  /** Takes items out of every stored list they would join (the filter `push` uses). */
  declare readonly remove: CollectionChange<S>;
  /**
   * Moves items whose filter fields changed: out of the stored lists their stored record matched and
   * their new fields (the item's, over the body's) do not, into those they now match (appended).
   * Lists they match before and after keep them where they are. A subclass may replace it with
   * `this.move = this.moveWith(merge)`.
   */
  declare move: CollectionChange<S>;
  declare readonly indexes: undefined;

  declare private readonly argsKey: NonNullable<CalledOptions['argsKey']>;
  declare private readonly nestKey: CalledOptions['nestKey'];
  /** Whether an argument name restricts list membership. @internal */
  declare readonly isNonFilterArgument: (name: string) => boolean;
  /** Builds the membership test of a mutation. */
  declare readonly createCollectionFilter: NonNullable<CalledOptions['createCollectionFilter']>;

  constructor(schema: S, options: CollectionOptions<Args, Parent, MutationArgs> = {}) {
    this.schema = toListSchema(schema);
    // the endpoints call these with their own arguments: the type parameters serve the author of
    // the callbacks, and the list cannot check them against endpoints it does not know
    this.argsKey =
      (options as CalledOptions).argsKey ?? ((params?: unknown) => (isRecord(params) ? { ...params } : {}));
    this.nestKey = (options as CalledOptions).nestKey;
    this.isNonFilterArgument = toPredicate(options.nonFilterArgumentKeys);
    this.createCollectionFilter =
      (options as CalledOptions).createCollectionFilter ?? buildDefaultCollectionFilter(this.isNonFilterArgument);
    const inner: string[] = [];
    this.schema.tableKeys((item) => inner.push((item as { key?: string }).key ?? String(item)));
    this.key = options.key ?? `Collection:${inner.join('|')}`;
    this.name = this.key;
    for (const kind of ['push', 'unshift', 'assign', 'remove'] as const) this[kind] = new CollectionChange(this, kind);
    this.move = this.moveWith();
  }

  /** True for lists of a `schema.Values`. @internal */
  get isValues(): boolean {
    return this.schema instanceof Values;
  }

  /**
   * A `move` whose moved items join a list by `merge` (the stored items and the moved ones in, the
   * list's items out), e.g. first: `this.move = this.moveWith((existing, moved) => [...moved, ...existing])`.
   * @param merge how a moved item joins a list @default appended (a Values list: assigned)
   */
  moveWith(merge?: CollectionMerge): CollectionChange<S> {
    return new CollectionChange(this, 'move', undefined, merge);
  }

  /** A derived schema that adds a further page to the list its other arguments name. */
  paginate(paginationField: string): CollectionChange<S> {
    return new CollectionChange(this, 'page', paginationField);
  }

  /** The stored id of the list for these arguments (or this parent). */
  pk(parent: unknown, key: string | undefined, args: readonly unknown[], omit?: string): string {
    const fields = this.nestKey !== undefined && key !== undefined ? this.nestKey(parent, key) : this.argsKey(...args);
    const collectionKey: Record<string, string> = {};
    for (const name of Object.keys(fields).sort()) {
      const value = fields[name];
      if (value !== undefined && name !== omit) collectionKey[name] = `${value}`;
    }
    // names inserted sorted, values strings: plain JSON is already a stable key
    return JSON.stringify(collectionKey);
  }

  /** Stores a fetched list, replacing the stored list for the same arguments. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string {
    const items = this.schema.normalize(input, parent, key, delegate);
    const pk = this.pk(parent, key, delegate.args);
    delegate.mergeEntity(this, pk, { items });
    return pk;
  }

  /** Reads the list stored under `input` (its id). */
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return delegate.entity(this, keyString(input));
  }

  /** Builds the list's id from read arguments. */
  queryKey(args: readonly unknown[]): string {
    return this.pk(undefined, undefined, args);
  }

  /** The lists' own table and the items' tables. */
  tableKeys(add: (schema: unknown) => void): void {
    add(this.schema);
  }

  /** The list's arguments, parsed back from its id. */
  argsOf(pk: string): CollectionKey {
    try {
      return JSON.parse(pk) as CollectionKey;
    } catch {
      return {};
    }
  }

  // Entity-like protocol, so lists are stored, merged and memoized like entities.

  /** A fetched list replaces the stored one. */
  merge(_existing: EntityRecord, incoming: EntityRecord): EntityRecord {
    return incoming;
  }

  /**
   * A fetched list replaces the stored one, unless the stored one is newer (a mutation that started
   * later already changed it): an older response must not drop the item a later push added.
   */
  mergeWithStore(
    existingMeta: EntityMeta,
    incomingMeta: WriteMeta,
    existing: EntityRecord,
    incoming: EntityRecord,
  ): EntityRecord {
    return startedBefore(incomingMeta, existingMeta) ? existing : incoming;
  }

  /** Writes lists changed by a mutation: computed from the stored list, so they always apply. */
  get changes(): StoredSchema {
    return (this.changeWriter ??= Object.assign(Object.create(this) as Collection<S>, {
      mergeWithStore: (
        _existingMeta: EntityMeta,
        _incomingMeta: WriteMeta,
        _existing: EntityRecord,
        incoming: EntityRecord,
      ) => incoming,
    }));
  }
  // not #private: the writer, made with Object.create(this), inherits `changes` but has no private fields of its own
  /** @internal */
  private changeWriter: StoredSchema | undefined = undefined;

  /** The container a read fills: an array, or an object for Values. */
  fromJS(): object {
    return this.isValues ? {} : [];
  }

  /** Fills the container with the stored items that still exist. */
  denormalizeFields(output: object, record: EntityRecord, delegate: DenormalizeDelegate): void {
    const read = this.schema.denormalize((record as CollectionRecord).items, delegate);
    if (isArray(output)) output.push(...(read as unknown[]));
    else Object.assign(output, read);
  }
}

function toListSchema(schema: unknown): ArraySchema<unknown> | Values<unknown> {
  if (schema instanceof ArraySchema || schema instanceof Values) return schema;
  if (process.env.NODE_ENV !== 'production' && !(isArray(schema) && schema.length === 1))
    throw new TypeError(
      `schema.Collection takes [X], schema.Array or schema.Values; received ${describeValue(schema)}.`,
    );
  return new ArraySchema(isArray(schema) ? schema[0] : schema);
}

function toPredicate(keys: CollectionOptions['nonFilterArgumentKeys']): (name: string) => boolean {
  if (keys === undefined) return defaultNonFilterArgumentKey;
  if (typeof keys === 'function') return keys;
  if (keys instanceof RegExp) return (name) => keys.test(name);
  return (name) => keys.includes(name);
}

export type { ChangeKind, CollectionMerge };
