import type { ViewEngine } from '../normalizr/memo/MemoCache.js';
/**
 * The schema protocol: what every schema implements, and the delegates through which schemas reach
 * storage while normalizing and denormalizing. Schemas never see Redux state; they see these.
 */

/**
 * A stored entity: a plain JSON object whose nested entities are replaced by their primary keys.
 *
 * @see docs/reference/state-shape.md
 */
export type EntityRecord = { readonly [field: string]: unknown };

/**
 * One entity kind's records by primary key. Tables have no prototype, so any string is a safe id.
 *
 * @see docs/reference/state-shape.md
 */
export type EntityTable = { readonly [pk: string]: EntityRecord | undefined };

/**
 * Every entity table by `Entity.key`.
 *
 * @see docs/reference/state-shape.md
 */
export type EntityTables = { readonly [key: string]: EntityTable | undefined };

/**
 * When a request started. Clocks tie (one millisecond, a frozen clock), so each store also numbers
 * its requests: of two requests started in the same millisecond, the higher `seq` started later.
 * A store that shares its writes with other tabs also names itself (`tab`), since its numbers mean
 * nothing in another tab (see `startedBefore`).
 */
export interface RequestStart {
  /** The clock time the request started at (epoch ms). */
  readonly fetchedAt: number;
  /** The store's request number, breaking ties of `fetchedAt`. @default 0 */
  readonly seq?: number;
  /**
   * The id of the store (tab) that started it, made once per middleware with a `broadcastChannel`:
   * breaks ties of `fetchedAt` between tabs. Absent in a store that shares nothing.
   */
  readonly tab?: string;
}

/**
 * When a record was written, and until when it is fresh. Plain numbers (epoch ms): JSON-safe.
 *
 * @see docs/guide/schemas.md
 */
export interface WriteMeta extends RequestStart {
  /** When the request that produced the record started. Orders competing writes (with `seq`). */
  readonly fetchedAt: number;
  /** When the response arrived. */
  readonly date: number;
  /** When the data stops being fresh. */
  readonly expiresAt: number;
}

/**
 * Per-record bookkeeping. `deleted` remembers a removed entity so an older response cannot revive it.
 *
 * @see docs/reference/state-shape.md
 */
export interface EntityMeta extends WriteMeta {
  readonly deleted?: true;
}

/**
 * One write's meta and the primary keys whose meta it is.
 *
 * @see docs/reference/state-shape.md
 */
export interface MetaStamp {
  readonly meta: EntityMeta;
  readonly pks: readonly string[];
}

/**
 * One response's per-record meta by `Entity.key`, as `normalize` returns it: each stamp lists the
 * primary keys it gives its meta.
 *
 * @see docs/reference/state-shape.md
 */
export type EntityMetaStamps = { readonly [key: string]: readonly MetaStamp[] | undefined };

/**
 * Per-record meta by `Entity.key` as the store keeps it (`entitiesMeta` in state): the stamps of its
 * writes, oldest first, in pages of up to 256 (a write copies only the last page). A record's meta is
 * that of the last stamp listing it.
 *
 * @see docs/reference/state-shape.md
 */
export type EntityMetaPages = { readonly [key: string]: readonly (readonly MetaStamp[])[] | undefined };

/**
 * Secondary indexes: `indexes[Entity.key][field][value]` is the primary key holding that value.
 *
 * @see docs/reference/state-shape.md
 */
export type EntityIndexes = {
  readonly [key: string]:
    { readonly [field: string]: { readonly [value: string]: string | undefined } | undefined } | undefined;
};

/**
 * Read access to already-stored data, so a response can be merged into it. `storeView(tables)`
 * makes one from stored tables: the state's, a previous `normalize` result, or JSON rehydrated.
 *
 * @see docs/guide/schemas.md
 */
export interface StoreView {
  /** Flat tables `{ [key]: { [pk]: record } }`, as `normalize` returns them: read when `getEntity` is not given. */
  readonly entities?: EntityTables;
  /**
   * The stored record at `pk` of the table `key`, and every primary key of that table in order:
   * `storeView` reads them from the slice's tables, whatever their layout. The list of keys is read
   * during the call: a later write may add keys to that very array (copy it to keep it).
   */
  getEntity?(key: string, pk: string): EntityRecord | undefined;
  getPks?(key: string): readonly string[];
  /** The meta of a stored record: when it was written, or `deleted` for a remembered deletion. */
  getMeta?(key: string, pk: string): EntityMeta | undefined;
  /**
   * The meta of the latest-started write stored for the table `key` (deletions included), if any: a write that did
   * not start before it is ordered after every stored record's, which then need not be looked up one by one.
   * @internal
   */
  latestMeta?(key: string): EntityMeta | undefined;
  /** Not read: stamps are found through `getMeta` (pass `storeView(tables)`, not the tables themselves). */
  readonly entitiesMeta?: never;
  readonly indexes?: EntityIndexes;
}

/**
 * What a schema's `normalize` may do: recurse, read what is stored, and write entities.
 *
 * @see docs/guide/schemas.md
 */
export interface NormalizeDelegate {
  /** Arguments of the request being normalized (path params, body). */
  readonly args: readonly unknown[];
  /** Timing of this write, shared by every record it touches. */
  readonly meta: WriteMeta;
  /** Human description of the request for error messages, e.g. `GET /users`. */
  readonly source: string | undefined;
  /**
   * Normalizes `value` with `schema`, where `value` sits at `parent[key]`. An Entity visiting its
   * own fields passes itself and its primary key as `owner` and `ownerPk` (what `schema.Scalar`
   * stores its cells under); everything else leaves them out.
   */
  visit(
    schema: unknown,
    value: unknown,
    parent: unknown,
    key: string | undefined,
    owner?: EntitySchema,
    ownerPk?: string,
  ): unknown;
  /**
   * Marks an input object as being normalized; `false` when it already is (the object contains
   * itself), so the caller stops instead of recursing forever. Pair with `leave`.
   */
  enter(input: object): boolean;
  /** Ends what the innermost `enter` began (calls nest: each `enter` that returned true is paired with one). */
  leave(input: object): void;
  /** True when entities are nested so deep that going on recursing could overflow the call stack. */
  isDeep(): boolean;
  /** Runs `task` after the current work unwinds, before `normalize` returns. */
  defer(task: () => void): void;
  /** The record as this write will leave it: written earlier in this response, or stored. */
  getEntity(key: string, pk: string): EntityRecord | undefined;
  /** Every primary key of a table as this write will leave it, in table order. */
  getPks(key: string): readonly string[];
  /** The primary key an index entry names as this write will leave it (`Entity.indexes`). */
  getIndex?(key: string, field: string, value: string): string | undefined;
  /** Merges `incoming` into the record at `pk` (see `Entity.mergeWithStore`). */
  mergeEntity(entity: StoredSchema, pk: string, incoming: EntityRecord): void;
  /** Removes the record at `pk` and remembers the deletion. */
  deleteEntity(entity: StoredSchema, pk: string): void;
  /**
   * Sees each entity item of the input with its primary key, before it is written (`normalize`'s
   * `visitEntity` option); `false` skips writing it, keeping only its key in the result.
   */
  visitEntity?(entity: EntitySchema, pk: string, input: object): boolean;
}

/**
 * What a schema's `denormalize` may do: recurse, and read entities through the memo.
 *
 * @see docs/guide/schemas.md
 */
export interface DenormalizeDelegate {
  /** Arguments of the read (used by `schema.Query`). */
  readonly args: readonly unknown[];
  /** Denormalizes `input` with `schema`. */
  unvisit(schema: unknown, input: unknown): unknown;
  /** The memoized instance of `entity` at `pk`, or `undefined` when it is not stored. */
  entity(entity: StoredSchema, pk: string): object | undefined;
  /** Every primary key of a table, in table order (read it now: a later write may add keys to the array). */
  getPks(key: string): readonly string[];
  /**
   * Every stored entity of `entity`'s kind, in table order, one list per part of a large table, when
   * the reader keeps them by part (a memo at the top of a read): a part none of whose records, and
   * no table they may read, changed since gives the very list it gave.
   */
  listParts?(entity: StoredSchema): readonly (readonly object[])[] | undefined;
  /**
   * The memo read through, when it is one (`MemoCache`): its `views`, from `rtk-entities/views`, keep the live views
   * (`schema.Query` with options).
   */
  readonly cache?: { readonly views?: ViewEngine | undefined };
}

/**
 * What a query may read to turn arguments into a normalized input, without a stored response.
 *
 * @see docs/guide/schemas.md
 */
export interface QueryDelegate {
  getEntity(key: string, pk: string): EntityRecord | undefined;
  getIndex(key: string, field: string, value: string): string | undefined;
}

/**
 * The protocol every schema class implements (Entity classes implement it statically).
 *
 * @see docs/guide/schemas.md
 */
export interface SchemaClass {
  /**
   * Normalizes `input`, found at `parent[key]`. `owner` and `ownerPk`: the Entity whose field
   * `input` is, and its primary key, when `input` is one (see `NormalizeDelegate.visit`).
   */
  normalize(
    input: unknown,
    parent: unknown,
    key: string | undefined,
    delegate: NormalizeDelegate,
    owner?: EntitySchema,
    ownerPk?: string,
  ): unknown;
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown;
  /** Builds a normalized input from arguments, for reads that have no stored response. */
  queryKey?(args: readonly unknown[], delegate: QueryDelegate): unknown;
  /** The entity keys this schema may read, directly or through nested schemas. */
  tableKeys(add: (schema: unknown) => void): void;
  /** True for schemas that list from the tables and ignore their input (`schema.All`). */
  readonly readsTables?: boolean;
  /** For table-listing schemas: equal for schemas that always read the same, so they share one memo. @internal */
  readonly listToken?: object;
  /**
   * For schemas whose read does not show the entities their value names (`schema.Lazy`), or shows
   * them through the app's code (`schema.Query`): the schema those entities are read with. Garbage
   * collection follows it, so they are kept while the value is.
   */
  readonly reaches?: unknown;
}

/**
 * A schema whose values are stored in a table of their own and read through the memo: Entity
 * classes, and `schema.Collection` lists.
 *
 * @see docs/guide/schemas.md
 */
export interface StoredSchema extends SchemaClass {
  readonly key: string;
  readonly name: string;
  readonly indexes?: readonly string[] | undefined;
  merge(existing: EntityRecord, incoming: EntityRecord): EntityRecord;
  mergeWithStore(
    existingMeta: EntityMeta,
    incomingMeta: WriteMeta,
    existing: EntityRecord,
    incoming: EntityRecord,
  ): EntityRecord;
  /** Makes the value a read starts from (an instance with class defaults, or an empty list). */
  fromJS(props: EntityRecord): object;
  /** Fills the nested parts of a fresh value from its record. */
  denormalizeFields(instance: object, record: EntityRecord, delegate: DenormalizeDelegate): void;
}

/**
 * The static side of an Entity class, as the normalizer uses it.
 *
 * @see docs/guide/schemas.md
 */
export interface EntitySchema extends StoredSchema {
  readonly schema: { readonly [field: string]: unknown };
  /** How long (ms) a stored record of this kind stays fresh (`Entity.dataExpiryLength`). */
  readonly dataExpiryLength?: number;
  pk(value: EntityRecord, parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined;
  process(input: EntityRecord, parent: unknown, key: string | undefined, args: readonly unknown[]): EntityRecord;
  validate(processed: EntityRecord): string | undefined;
}

/**
 * A schema class, an Entity class, or a shorthand (`[Schema]`, `{ field: Schema }`).
 *
 * @see docs/guide/schemas.md
 */
export type Schema = SchemaClass | EntitySchema | readonly [unknown] | { readonly [field: string]: unknown };
