import type { EntityIndexes, EntityMetaStamps, EntityTables } from '../../schema/interface.js';
import type { EntitiesState, OptimisticLayer } from './state.js';
import { applyEntityWrites, applyIndexWrites } from './applyWrites.js';
import { appendMeta } from './metaStamps.js';

/** The three kinds of tables a write touches. */
export type Tables = Pick<EntitiesState, 'entities' | 'entitiesMeta' | 'indexes'>;

/** What one response writes: records, their meta (stamps, as `normalize` returns them), index entries. */
export interface Writes {
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaStamps;
  readonly indexes: EntityIndexes;
}

/** The committed tables: what a real response is merged into. */
export function committedTables(state: EntitiesState): Tables {
  return state.committed ?? state;
}

/** `tables` with one set of writes applied. */
export function applyTables(tables: Tables, writes: Writes): Tables {
  const entities = applyEntityWrites(tables.entities, writes.entities, writes.entitiesMeta);
  return {
    entities,
    entitiesMeta: appendMeta(tables.entitiesMeta, writes.entitiesMeta, entities),
    indexes: applyIndexWrites(tables.indexes, writes.indexes),
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
export function pickTables<T extends Tables | Writes>(tables: T): Pick<T, keyof Tables> {
  return { entities: tables.entities, entitiesMeta: tables.entitiesMeta, indexes: tables.indexes };
}
