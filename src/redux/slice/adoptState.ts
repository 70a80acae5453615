import { isPlainObject } from '../../utils/isPlainObject.js';
import { setOwn } from '../../utils/ownProperty.js';
import { buildInitialState, holdsNothing, type EntitiesState, type ResponseMeta } from './state.js';

/** Every slice state this process's reducers returned: any other one came from elsewhere. */
const madeHere = new WeakSet<object>();

/** Remembers `state` as made by this process's reducer, and returns it. */
export function markMadeHere(state: EntitiesState): EntitiesState {
  madeHere.add(state);
  return state;
}

/** Whether `state` came from this process's reducer (not `preloadedState`, a rehydration or a server render). */
export function isMadeHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && madeHere.has(state);
}

/**
 * A slice state that came from another process (`preloadedState` from a server render,
 * redux-persist's rehydration, a state saved anywhere) as this store takes it: the other
 * process's requests in flight (`meta[key].pending`) and the optimistic layers it had not
 * confirmed are dropped, since no request here will settle them; committed data keeps its
 * `fetchedAt` and `expiresAt`, so stale data shows at once and is revalidated. A state made here
 * is returned as it is.
 *
 * A value that is not a slice state of this version (a string, another shape, an older version's
 * shape) is reported with `console.error` naming the slice, and the slice starts empty: the store
 * keeps working, and the next action does not crash on it.
 */
export function adoptState(state: unknown, reducerPath: string): EntitiesState {
  if (isMadeHere(state)) return state as EntitiesState;
  const problem = shapeProblem(state);
  if (problem !== undefined) {
    console.error(
      `rtk-entities: the state given to the '${reducerPath}' slice (preloadedState or a rehydration) is not one ` +
        `this version of rtk-entities made: ${problem}. The slice starts empty; clear the saved state ` +
        `(for redux-persist, raise its version or purge it) to stop seeing this.`,
    );
    return markMadeHere(buildInitialState());
  }
  const arrived = state as EntitiesState;
  const { committed, ...rest } = arrived;
  const tables = committed ?? arrived;
  return markMadeHere({
    ...rest,
    entities: tables.entities,
    entitiesMeta: tables.entitiesMeta,
    indexes: tables.indexes,
    meta: withoutRequests(arrived.meta),
    optimistic: [],
  });
}

/** What is wrong with `state` as a slice state, or `undefined` when nothing is. */
function shapeProblem(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !isPlainObject(state)) {
    return `it is ${state === null ? 'null' : Array.isArray(state) ? 'an array' : `a ${typeof state}`}, not an object`;
  }
  for (const field of ['entities', 'entitiesMeta', 'indexes', 'endpoints', 'meta'] as const) {
    const value = state[field];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return `its '${field}' is not an object`;
  }
  if (typeof state.lastReset !== 'number') return "its 'lastReset' is not a number";
  if (!Array.isArray(state.optimistic)) return "its 'optimistic' is not an array";
  const meta = state.meta as { readonly [key: string]: unknown };
  for (const key of Object.keys(meta)) {
    const entry = meta[key] as Partial<ResponseMeta> | null;
    if (typeof entry !== 'object' || entry === null || typeof entry.fetchedAt !== 'number') {
      return `its meta for '${key}' has no fetchedAt`;
    }
  }
  const entitiesMeta = state.entitiesMeta as { readonly [kind: string]: unknown };
  for (const kind of Object.keys(entitiesMeta)) {
    if (!Array.isArray(entitiesMeta[kind])) return `its entitiesMeta for '${kind}' is not a list of writes`;
  }
  return undefined;
}

/**
 * `meta` without the marks of requests in flight: an entry kept only for a request that never
 * answered goes, as an aborted first request leaves none.
 */
function withoutRequests(meta: EntitiesState['meta']): EntitiesState['meta'] {
  let next: { [key: string]: ResponseMeta | undefined } | undefined;
  for (const key of Object.keys(meta)) {
    const entry = meta[key];
    if (entry?.pending === undefined) continue;
    next ??= { ...meta };
    const { pending: _pending, ...settled } = entry;
    if (holdsNothing(settled)) delete next[key];
    else setOwn(next, key, settled);
  }
  return next ?? meta;
}
