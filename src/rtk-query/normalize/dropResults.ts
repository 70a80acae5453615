import type { EndpointInterface } from '../../endpoint/interface.js';
import { collectReachable, type Reached } from '../../normalizr/collectReachable.js';
import type { DataApi } from '../../redux/middleware/types.js';
import { metaOf } from '../../redux/slice/metaStamps.js';
import type { EntitiesState } from '../../redux/slice/state.js';
import { getOwn } from '../../utils/ownProperty.js';

/** A stored result RTK Query let go of: its call (`rtkEndpoint`, keyed by the result's storage key), whose schema and arguments tell what it reads. */
export interface DroppedCall {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
}

/**
 * Removes the results of entries RTK Query let go of, in one sweep (`DataApi.drop`), which walks
 * every remaining read only when that may free an entity: when one the results read has been
 * stored long enough to go by the collector's rule (`DataApi.unusedLongEnough`; what they do not
 * read is read as much as before).
 *
 * @param state the entities slice
 */
export function dropResults(dataApi: DataApi, state: EntitiesState, dropped: readonly DroppedCall[]): void {
  if (dropped.length === 0) return;
  dataApi.drop(
    dropped.map(({ endpoint }) => endpoint.key()),
    mayFreeEntities(dataApi, state, dropped),
  );
}

function mayFreeEntities(dataApi: DataApi, state: EntitiesState, dropped: readonly DroppedCall[]): boolean {
  const reached: Reached = new Map();
  for (const { endpoint, args } of dropped) {
    const input = getOwn(state.endpoints, endpoint.key());
    if (input !== undefined && input !== null) collectReachable(endpoint.schema, input, state.entities, args, reached);
  }
  for (const [kind, pks] of reached)
    for (const pk of pks) if (dataApi.unusedLongEnough(metaOf(state.entitiesMeta, kind, pk))) return true;
  return false;
}
