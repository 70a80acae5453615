import type { EntityIndexes, EntityMetaTables, EntityTables, StoreView } from '../schema/interface.js';
import type { EntitiesState, OptimisticLayer } from './state.js';
import { applyEntityWrites, applyIndexWrites } from './applyWrites.js';
import { getOwn } from '../utils/ownProperty.js';
import { appendMeta, deletionOf, metaOf } from './metaStamps.js';

/** The three kinds of tables a write touches. */
export type Tables = Pick<EntitiesState, 'entities' | 'entitiesMeta' | 'indexes'>;

/** What one response writes: records, their meta by primary key, index entries. */
export interface Writes {
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaTables;
  readonly indexes: EntityIndexes;
}

/** The committed tables: what a real response is merged into. */
export function committedTables(state: EntitiesState): Tables {
  return state.committed ?? state;
}

/** `tables` with one set of writes applied. */
export function applyTables(tables: Tables, writes: Writes): Tables {
  return {
    entities: applyEntityWrites(tables.entities, writes.entities, writes.entitiesMeta),
    entitiesMeta: appendMeta(tables.entitiesMeta, writes.entitiesMeta),
    indexes: applyIndexWrites(tables.indexes, writes.indexes),
  };
}

/** What `normalize` reads of `tables` to merge a response into them. */
export function storeView(tables: Tables): StoreView {
  return {
    entities: tables.entities,
    indexes: tables.indexes,
    // an absent record can only have a remembered deletion: no need to index every record's meta
    getMeta: (key, pk) =>
      getOwn(tables.entities[key], pk) === undefined
        ? deletionOf(tables.entitiesMeta, key, pk)
        : metaOf(tables.entitiesMeta, key, pk),
  };
}

/**
 * The state with `committed` as its committed tables and `layers` shown over them. With no layers
 * the visible tables ARE the committed ones, so a rollback restores every previous reference.
 */
export function withLayers(state: EntitiesState, committed: Tables, layers: readonly OptimisticLayer[]): EntitiesState {
  if (layers.length === 0) {
    if (state.optimistic.length === 0) return { ...state, ...pickTables(committed) };
    const { committed: _dropped, ...rest } = state;
    return { ...rest, ...pickTables(committed), optimistic: [] };
  }
  const visible = layers.reduce(applyTables, committed);
  return { ...state, ...pickTables(visible), committed: pickTables(committed), optimistic: layers };
}

/** Just the three tables of `tables` (a state holds more). */
export function pickTables(tables: Tables): Tables {
  return { entities: tables.entities, entitiesMeta: tables.entitiesMeta, indexes: tables.indexes };
}
