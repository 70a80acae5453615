import type { EntityIndexes, EntityMetaPages, EntityMetaStamps, EntityTables } from '../../schema/interface.js';
import type { StoredTables } from '../../storage/table.js';

/**
 * An error as stored in state: plain data, safe for the serializable check and for JSON.
 *
 * @see docs/guide/errors-and-guarantees.md
 */
export interface SerializedError {
  readonly name: string;
  readonly message: string;
  /** HTTP status, for network errors. */
  readonly status?: number;
}

/**
 * What the store knows about one endpoint call (`endpoint.key(...args)`).
 *
 * @see docs/reference/state-shape.md
 */
export interface ResponseMeta {
  /** When the request that produced the current data (or error) started. */
  readonly fetchedAt: number;
  /** The store's number of that request, ordering requests started in the same millisecond. */
  readonly seq?: number;
  /** The tab that started it, when writes are shared between tabs (see `RequestStart.tab`). */
  readonly tab?: string;
  /** When that response arrived. */
  readonly date: number;
  /** When it stops being fresh; 0 after `invalidate` or `expireAll`. */
  readonly expiresAt: number;
  /** Requests for this key in flight. */
  readonly pending?: number;
  /** The last failure, cleared by the next success. */
  readonly error?: SerializedError;
  /** `soft` errors leave cached data readable; `hard` ones hide it. */
  readonly errorPolicy?: 'soft' | 'hard';
  /** Set by `invalidate`: the data is hidden and the next read fetches. */
  readonly invalidated?: true;
}

/**
 * The writes of one optimistic response, shown until its request settles. Plain data.
 *
 * @see docs/reference/state-shape.md
 */
export interface OptimisticLayer {
  /** The endpoint call it belongs to. */
  readonly key: string;
  /** When that request started; layers apply in this order (`fetchedAt`, then `seq`). */
  readonly fetchedAt: number;
  readonly seq?: number;
  /** This store's id when it shares writes between tabs (see `RequestStart.tab`). */
  readonly tab?: string;
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaStamps;
  readonly indexes: EntityIndexes;
}

/**
 * The tables without optimistic layers.
 *
 * @see docs/reference/state-shape.md
 */
export interface CommittedTables {
  readonly entities: StoredTables;
  readonly entitiesMeta: EntityMetaPages;
  readonly indexes: EntityIndexes;
}

/**
 * The `entities` slice: plain JSON from top to bottom.
 *
 * @see docs/reference/state-shape.md
 */
export interface EntitiesState {
  /** Records by `Entity.key`: each kind's table flat `{ [pk]: record }` while small, paged when large (`PagedTable`). */
  readonly entities: StoredTables;
  /**
   * Per-record timing, and remembered deletions, by `Entity.key`: the writes, each with its meta and
   * the primary keys it wrote, in pages (`selectEntityMeta` reads one record's).
   */
  readonly entitiesMeta: EntityMetaPages;
  /** Secondary indexes declared with `Entity.indexes`. */
  readonly indexes: EntityIndexes;
  /** Normalized results by endpoint key. */
  readonly endpoints: { readonly [key: string]: unknown };
  /** Request bookkeeping by endpoint key. */
  readonly meta: { readonly [key: string]: ResponseMeta | undefined };
  /** When the store was last reset; responses that started before it are dropped. */
  readonly lastReset: number;
  /** Optimistic writes shown over the committed tables, in `fetchedAt` order. */
  readonly optimistic: readonly OptimisticLayer[];
  /** The tables without the optimistic layers; present only while there are layers. */
  readonly committed?: CommittedTables;
}

/**
 * Whether a call's entry holds nothing: no answer stored (`date` 0), no error, not invalidated, no
 * request in flight. Such an entry is dropped rather than kept (an aborted first request leaves none).
 */
export function holdsNothing(meta: ResponseMeta): boolean {
  return meta.date === 0 && meta.pending === undefined && meta.error === undefined && meta.invalidated === undefined;
}

/** The slice before anything is fetched. */
export function buildInitialState(): EntitiesState {
  return { entities: {}, entitiesMeta: {}, indexes: {}, endpoints: {}, meta: {}, lastReset: 0, optimistic: [] };
}
