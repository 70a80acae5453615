import type { EntitiesState, OptimisticLayer } from './state.js';
import { applyEntityWrites, applyIndexWrites, applyMetaWrites } from './applyWrites.js';
import type { EntityMeta } from '../schema/interface.js';
import { copyTable, getOwn } from '../schema/ownProperty.js';

type Tables = Pick<EntitiesState, 'entities' | 'entitiesMeta' | 'indexes'>;

/** The committed tables: what a real response is merged into. */
export function committedTables(state: EntitiesState): Tables {
  return state.committed ?? state;
}

/** `tables` with one set of writes applied. */
export function applyTables(tables: Tables, writes: Tables): Tables {
  return {
    entities: applyEntityWrites(tables.entities, writes.entities, writes.entitiesMeta),
    entitiesMeta: applyMetaWrites(tables.entitiesMeta, writes.entitiesMeta),
    indexes: applyIndexWrites(tables.indexes, writes.indexes),
  };
}

/**
 * `tables` with an optimistic layer shown over it, except for records a request that started
 * later has already written: newer data is never covered by an older guess.
 */
function applyLayer(tables: Tables, layer: OptimisticLayer): Tables {
  let entitiesMeta: Record<string, Record<string, EntityMeta | undefined>> | undefined;
  for (const key in layer.entitiesMeta) {
    for (const pk in layer.entitiesMeta[key]) {
      const stored = getOwn(tables.entitiesMeta[key], pk);
      if (stored !== undefined && stored.fetchedAt > layer.fetchedAt) {
        entitiesMeta ??= Object.fromEntries(Object.entries(layer.entitiesMeta).map(([name, metas]) => [name, copyTable(metas)]));
        delete entitiesMeta[key]?.[pk];
      }
    }
  }
  return applyTables(tables, entitiesMeta === undefined ? layer : { ...layer, entitiesMeta });
}

/**
 * The state with `committed` as its committed tables and `layers` shown over them. With no layers
 * the visible tables ARE the committed ones, so a rollback restores every previous reference.
 */
export function withLayers(state: EntitiesState, committed: Tables, layers: readonly OptimisticLayer[]): EntitiesState {
  if (layers.length === 0) {
    const { committed: _dropped, ...rest } = state;
    return { ...rest, ...pick(committed), optimistic: layers.length === state.optimistic.length ? state.optimistic : [] };
  }
  const visible = layers.reduce(applyLayer, committed);
  return { ...state, ...pick(visible), committed: pick(committed), optimistic: layers };
}

/** The layers without the one of this call, if any. */
export function withoutLayer(layers: readonly OptimisticLayer[], key: string, fetchedAt: number | undefined): readonly OptimisticLayer[] {
  if (fetchedAt === undefined) return layers;
  const kept = layers.filter((layer) => layer.key !== key || layer.fetchedAt !== fetchedAt);
  return kept.length === layers.length ? layers : kept;
}

/** The layers with one more, kept in `fetchedAt` order. */
export function withLayer(layers: readonly OptimisticLayer[], layer: OptimisticLayer): readonly OptimisticLayer[] {
  return [...layers, layer].sort((a, b) => a.fetchedAt - b.fetchedAt);
}

function pick(tables: Tables): Tables {
  return { entities: tables.entities, entitiesMeta: tables.entitiesMeta, indexes: tables.indexes };
}
