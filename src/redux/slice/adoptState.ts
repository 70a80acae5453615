import { isPlainObject } from '../../utils/isPlainObject.js';
import { warnOnce } from '../../utils/devWarning.js';
import { getOwn, setOwn } from '../../utils/ownProperty.js';
import { withoutBadParts } from './adoptedParts.js';
import { buildInitialState, holdsNothing, type EntitiesState, type ResponseMeta } from './state.js';

/**
 * The `meta` of every slice state this process's reducers returned. A state is known by its
 * `meta`, not by itself: a wrapper such as redux-persist's nested `persistReducer` hands the
 * reducer a shallow copy of its own state on every action, and a copy keeps its `meta`.
 */
const madeHere = new WeakSet<object>();

/** Remembers `state` as made by this process's reducer, and returns it. */
export function markMadeHere(state: EntitiesState): EntitiesState {
  madeHere.add(state.meta);
  return state;
}

/** Whether `state` is a slice state this process's reducer made (or a shallow copy of one). */
export function isMadeHere(state: unknown): boolean {
  const meta = (state as { readonly meta?: unknown } | null | undefined)?.meta;
  return typeof meta === 'object' && meta !== null && madeHere.has(meta);
}

/**
 * A slice state as this store takes it when it arrived from elsewhere (`preloadedState` from a
 * server render or another store, redux-persist's rehydration, a state saved anywhere): the
 * requests in flight it lists and the optimistic layers it shows are dropped, since no request of
 * this store will settle them, and the marks of this store's own requests in flight
 * (`pendingKeys`, one per request) are put back; committed data keeps its `fetchedAt` and
 * `expiresAt`, so stale data shows at once and is revalidated.
 */
export function withoutForeignRequests(state: EntitiesState, pendingKeys: readonly string[]): EntitiesState {
  const { committed, ...rest } = state;
  const tables = committed ?? state;
  const own = countKeys(pendingKeys);
  let meta = withoutRequests(state.meta, own);
  for (const [key, pending] of own) {
    if (getOwn(meta, key) === undefined) meta = { ...meta, [key]: { fetchedAt: 0, date: 0, expiresAt: 0, pending } };
  }
  return {
    ...rest,
    entities: tables.entities,
    entitiesMeta: tables.entitiesMeta,
    indexes: tables.indexes,
    meta,
    optimistic: [],
  };
}

/**
 * Whether `state` shows exactly this store's requests in flight (`pendingKeys`, a key per request)
 * and optimistic layers only while it has some (`layered`): then nothing in it came from elsewhere.
 */
export function showsOwnRequests(state: EntitiesState, pendingKeys: readonly string[], layered: boolean): boolean {
  if (state.optimistic.length > 0 && !layered) return false;
  const own = countKeys(pendingKeys);
  for (const [key, pending] of own) if (getOwn(state.meta, key)?.pending !== pending) return false;
  for (const key of Object.keys(state.meta)) if (state.meta[key]?.pending !== undefined && !own.has(key)) return false;
  return true;
}

/** How many times each key is listed. */
function countKeys(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * The state the reducer works on: `state` itself when this process's reducer made it, else the
 * state as it arrived from another process, without that process's requests in flight and
 * optimistic layers (`withoutForeignRequests`). The data middleware also settles a state from
 * another store of this process, which only it can tell apart (`entities/adopt`).
 *
 * A value that is not a slice state of this version (a string, another shape, an older version's
 * shape) is reported in development (`console.error`) naming the slice, and the slice starts empty: the store
 * keeps working, and the next action does not crash on it. Within a slice state, each part this
 * store cannot keep (a record that is not a plain object, a time not finite or ahead of the clock
 * by more than `MAX_CLOCK_SKEW`: `withoutBadParts`) is dropped alone, the rest kept, and a
 * development warning names it.
 */
export function adoptState(state: unknown, reducerPath: string): EntitiesState {
  if (isMadeHere(state)) return state as EntitiesState;
  const problem = shapeProblem(state);
  if (problem !== undefined) {
    if (process.env.NODE_ENV !== 'production')
      console.error(
        `rtk-entities: the state given to the '${reducerPath}' slice (preloadedState or a rehydration) is not one ` +
          `this version of rtk-entities made: ${problem}. The slice starts empty; clear the saved state ` +
          `(for redux-persist, raise its version or purge it) to stop seeing this.`,
      );
    return buildInitialState();
  }
  // the wall clock: a reducer has no other (the middleware's `now` belongs to one store)
  const { state: kept, dropped } = withoutBadParts(state as EntitiesState, Date.now());
  if (process.env.NODE_ENV !== 'production' && dropped.length > 0) {
    const named = dropped.slice(0, 5).join('; ') + (dropped.length > 5 ? `; and ${dropped.length - 5} more` : '');
    warnOnce(
      `adopt:${reducerPath}:${named}`,
      `the state given to the '${reducerPath}' slice (preloadedState or a rehydration) held parts this store cannot ` +
        `keep, dropped while the rest is kept: ${named}. What was dropped is fetched again when read.`,
    );
  }
  return withoutForeignRequests(kept, []);
}

/** Whether `value` is a plain object (not null, not an array). */
function isObject(value: unknown): value is { readonly [field: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && isPlainObject(value);
}

/** What is wrong with `tables` (entities, their meta stamps, indexes) as the slice holds them, or `undefined`. */
function tablesProblem(tables: { readonly [field: string]: unknown }, where: string): string | undefined {
  for (const field of ['entities', 'entitiesMeta', 'indexes'] as const) {
    const byKind = tables[field];
    if (!isObject(byKind)) return `its ${where}'${field}' is not an object`;
    for (const kind of Object.keys(byKind)) {
      const value = byKind[kind];
      if (field === 'entitiesMeta') {
        const stamps = Array.isArray(value) ? (value as unknown[]) : undefined;
        const wrong = stamps?.find((stamp) => !isObject(stamp) || !isObject(stamp.meta) || !Array.isArray(stamp.pks));
        if (stamps === undefined || wrong !== undefined)
          return `its ${where}entitiesMeta for '${kind}' is not a list of writes`;
      } else if (!isObject(value) || (field === 'indexes' && !Object.values(value).every(isObject))) {
        return `its ${where}${field} for '${kind}' is not a table`;
      }
    }
  }
  return undefined;
}

/** What is wrong with `state` as a slice state, or `undefined` when nothing is. */
function shapeProblem(state: unknown): string | undefined {
  if (!isObject(state)) {
    return `it is ${state === null ? 'null' : Array.isArray(state) ? 'an array' : `a ${typeof state}`}, not an object`;
  }
  for (const field of ['endpoints', 'meta'] as const) {
    if (!isObject(state[field])) return `its '${field}' is not an object`;
  }
  if (!Array.isArray(state.optimistic)) return "its 'optimistic' is not an array";
  const problem = tablesProblem(state, '');
  if (problem !== undefined || state.committed === undefined) return problem;
  return isObject(state.committed) ? tablesProblem(state.committed, 'committed ') : "its 'committed' is not an object";
}

/**
 * `meta` with the marks of requests in flight set to `own` (this store's requests, by key): an
 * entry kept only for a request that is not this store's goes, as an aborted first request leaves none.
 */
function withoutRequests(meta: EntitiesState['meta'], own: ReadonlyMap<string, number>): EntitiesState['meta'] {
  let next: { [key: string]: ResponseMeta | undefined } | undefined;
  for (const key of Object.keys(meta)) {
    const entry = meta[key];
    const pending = own.get(key);
    if (entry === undefined || entry.pending === pending) continue;
    next ??= { ...meta };
    const { pending: _pending, ...settled } = entry;
    if (pending !== undefined) setOwn(next, key, { ...settled, pending });
    else if (holdsNothing(settled)) delete next[key];
    else setOwn(next, key, settled);
  }
  return next ?? meta;
}
