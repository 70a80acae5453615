import { addReached, collectReachable, type Reached } from '../../normalizr/collectReachable.js';
import type { EntityMeta, RequestStart } from '../../schema/interface.js';
import { getOwn } from '../../utils/ownProperty.js';
import { metaIndex, metaOf } from '../slice/metaStamps.js';
import { startedBefore } from '../../schema/startedBefore.js';
import type { SweepPayload } from '../slice/actions.js';
import type { EntitiesState } from '../slice/state.js';
import { keysOf, type StoredTables } from '../../storage/table.js';

/** Something that reads stored data: a result and its schema, a query and its arguments. */
export interface SweepRoot {
  readonly schema: unknown;
  /** The normalized input the read starts from (ignored by `schema.All`, which lists tables). */
  readonly input: unknown;
  readonly args: readonly unknown[];
}

/** What a sweep needs to know beyond the state. */
export interface SweepPlanOptions {
  /** Endpoint keys whose results and meta go. @internal */
  readonly removeKeys: readonly string[];
  /**
   * Every read that must keep its data: the remaining results, the calls and queries hooks show.
   * `undefined` when one of them is not known (a result whose schema this store never saw): then
   * no entity is collected, since the sweep cannot tell what that result reads.
   */
  readonly roots: readonly SweepRoot[] | undefined;
  /** Whether an entity no read needs has been stored long enough to go. @internal */
  readonly unusedLongEnough: (meta: EntityMeta | undefined) => boolean;
  /** Starts of the requests in flight: a deletion is remembered while an older one may still answer. @internal */
  readonly inFlight: readonly RequestStart[];
}

/**
 * What one sweep removes: the given endpoint keys, every entity that no remaining read reaches
 * (and that has been stored long enough), and every deletion no request in flight can undo.
 * Entities touched by an optimistic layer stay. Pure: the state is read, never changed.
 * @returns `undefined` when there is nothing to remove
 */
export function planSweep(
  state: EntitiesState,
  { removeKeys, roots, unusedLongEnough, inFlight }: SweepPlanOptions,
): SweepPayload | undefined {
  const keys = storedKeys(state, removeKeys);
  const remove: Reached = new Map();
  const layered: Reached = new Map();
  for (const layer of state.optimistic) {
    for (const key in layer.entities) for (const pk in layer.entities[key]) addReached(layered, key, pk);
    for (const key in layer.entitiesMeta) {
      for (const { pks } of layer.entitiesMeta[key] ?? []) for (const pk of pks) addReached(layered, key, pk);
    }
  }
  const committed = state.committed ?? state;
  const views: StoredTables[] =
    state.committed === undefined ? [state.entities] : [state.entities, state.committed.entities];
  // the walk from every root is the cost of a sweep: skip it when no record could go anyway
  if (roots !== undefined && views.some((tables) => mayGo(tables, committed.entitiesMeta, unusedLongEnough))) {
    const reached: Reached = new Map();
    for (const tables of views)
      for (const root of roots) collectReachable(root.schema, root.input, tables, root.args, reached);
    for (const tables of views) {
      for (const key in tables) {
        for (const pk of keysOf(tables[key])) {
          if (reached.get(key)?.has(pk) || layered.get(key)?.has(pk)) continue;
          if (unusedLongEnough(metaOf(committed.entitiesMeta, key, pk))) addReached(remove, key, pk);
        }
      }
    }
  }
  // a deletion is remembered until no request that started before it can still answer
  for (const key in committed.entitiesMeta) {
    const stamps = committed.entitiesMeta[key];
    const owners = metaIndex(stamps);
    for (const stamp of (stamps ?? []).flat()) {
      const tombstone = stamp.meta;
      if (tombstone.deleted !== true || inFlight.some((start) => startedBefore(start, tombstone))) continue;
      for (const pk of stamp.pks)
        if (owners.get(pk) === stamp && !layered.get(key)?.has(pk)) addReached(remove, key, pk);
    }
  }
  if (keys.length === 0 && remove.size === 0) return undefined;
  const records: { [key: string]: string[] } = {};
  for (const [key, pks] of remove) records[key] = [...pks];
  return { keys, records };
}

/** Those of the endpoint keys `keys` that the slice holds a result or meta for. */
export function storedKeys(state: EntitiesState, keys: readonly string[]): string[] {
  return keys.filter((key) => Object.hasOwn(state.endpoints, key) || getOwn(state.meta, key) !== undefined);
}

/** Whether some record of `tables` has been stored long enough to go, were nothing to read it. */
function mayGo(
  tables: StoredTables,
  entitiesMeta: EntitiesState['entitiesMeta'],
  unusedLongEnough: SweepPlanOptions['unusedLongEnough'],
): boolean {
  for (const key in tables) {
    const stamps = entitiesMeta[key];
    if (stamps?.some((page) => page.some((stamp) => unusedLongEnough(stamp.meta)))) return true;
    const owners = metaIndex(stamps);
    if (keysOf(tables[key]).some((pk) => !owners.has(pk))) return true; // no meta: it may go
  }
  return false;
}
