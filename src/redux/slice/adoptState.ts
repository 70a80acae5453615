import { errorOnce } from '../../utils/devWarning.js';
import { getOwn, setOwn } from '../../utils/ownProperty.js';
import { uncheckedStateMessage } from '../mountHints.js';
import { holdsNothing, type EntitiesState, type ResponseMeta } from './state.js';
import type { Rehydrate } from '../middleware/types.js';
import { isRecord } from '../../utils/isRecord.js';

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
  return isRecord(meta) && madeHere.has(meta);
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
 * state as it arrived from another process (`preloadedState` from a server render, redux-persist's
 * rehydration), without that process's requests in flight and optimistic layers
 * (`withoutForeignRequests`). The data middleware also settles a state from another store of this
 * process, which only it can tell apart (`entities/adopt`).
 *
 * A state from elsewhere is checked by `adopt` when the app gave the data middleware the checks
 * (`createDataMiddleware({ rehydrate })`): parts this store cannot keep are dropped, a value that is
 * not a slice state leaves the slice empty. Without them the state is taken as it is, so that an
 * app with no state from elsewhere carries none of the checks, and development reports it once,
 * naming the fix.
 */
export function adoptState(state: unknown, reducerPath: string, adopt: Rehydrate['adopt'] | undefined): EntitiesState {
  if (isMadeHere(state)) return state as EntitiesState;
  if (process.env.NODE_ENV !== 'production' && adopt === undefined) {
    errorOnce(`rehydrate:${reducerPath}`, uncheckedStateMessage(reducerPath));
  }
  return withoutForeignRequests(adopt === undefined ? (state as EntitiesState) : adopt(state, reducerPath), []);
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
