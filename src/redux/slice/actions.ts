import { createAction } from '@reduxjs/toolkit';
import type { EntityIndexes, EntityMetaStamps, EntityTables, WriteMeta } from '../../schema/interface.js';
import type { OptimisticLayer, SerializedError } from './state.js';

/**
 * What every request action carries: the endpoint call it belongs to, named as DevTools shows it.
 *
 * @see docs/reference/state-shape.md
 */
export interface RequestPayload {
  /** The endpoint call (`endpoint.key(...args)`). */
  readonly key: string;
  /**
   * The endpoint's name, e.g. `Trade.getList.push` or `GET /users`, for people reading DevTools (the
   * reducer never reads it). The middleware always sets it; actions made elsewhere may leave it out.
   */
  readonly endpoint?: string;
}

/**
 * Everything one response writes: its normalized result and the records it touched.
 *
 * @see docs/reference/state-shape.md
 */
export interface FulfilledPayload extends RequestPayload {
  readonly result: unknown;
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaStamps;
  readonly indexes: EntityIndexes;
  readonly meta: WriteMeta;
  /** While optimistic responses are shown: their layers, rebuilt over the new committed tables. */
  readonly layers?: readonly OptimisticLayer[];
}

/**
 * A failed request.
 *
 * @see docs/reference/state-shape.md
 */
export interface RejectedPayload extends RequestPayload {
  readonly error: SerializedError;
  readonly errorPolicy: 'soft' | 'hard';
  readonly meta: WriteMeta;
  /** While optimistic responses are shown: their layers, without this request's. */
  readonly layers?: readonly OptimisticLayer[];
}

/**
 * A write with no request (`ctrl.set`): the records a value normalized into, and its meta.
 *
 * @see docs/reference/state-shape.md
 */
export interface SetPayload {
  /** The schema written, named as DevTools shows it (`User`, `schema.All(User)`); the reducer never reads it. */
  readonly schema?: string;
  /** The write's meta (the records it wrote carry it in `entitiesMeta`); the reducer never reads it. */
  readonly meta?: WriteMeta;
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaStamps;
  readonly indexes: EntityIndexes;
  /** While optimistic responses are shown: their layers, rebuilt over the new committed tables. */
  readonly layers?: readonly OptimisticLayer[];
}

/**
 * A write another store committed and posted on the broadcast channel (`broadcastChannel`), as this
 * store applies it: only what is newer here than what it holds (`receivedWrites.ts`), with no
 * request of this store (its requests in flight stay counted).
 *
 * @see docs/guide/tabs.md
 */
export interface ReceivedPayload {
  /** The id of the tab that wrote it (`RequestStart.tab`). */
  readonly from: string;
  /** The endpoint call whose result it stores, when it came from one (a response, `setResponse`). */
  readonly response?: {
    readonly key: string;
    /** The endpoint's name, for DevTools; the reducer never reads it. */
    readonly endpoint?: string;
    readonly result: unknown;
    readonly meta: WriteMeta;
  };
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaStamps;
  readonly indexes: EntityIndexes;
  /** While optimistic responses are shown: their layers, rebuilt over the new committed tables. */
  readonly layers?: readonly OptimisticLayer[];
}

/** What one sweep removes (`docs/guide/long-running.md`). Plain data, so DevTools shows what went. */
export interface SweepPayload {
  /** Endpoint keys whose results and meta go. */
  readonly keys: readonly string[];
  /** Primary keys by `Entity.key`: each record goes with its meta and index entries (a remembered deletion too). */
  readonly records: { readonly [key: string]: readonly string[] };
}

/**
 * The slice's action creators, typed `<reducerPath>/<event>` so DevTools reads `entities/fetchFulfilled`;
 * every request action names its endpoint in `payload.endpoint`.
 * Each has `.match(action)` for `extraReducers` and listeners. All payloads are plain data.
 */
export function buildEntitiesActions(reducerPath: string) {
  /** The creator of `<reducerPath>/<event>` with payload `P`. */
  const action = <P>(event: string) => createAction<P>(`${reducerPath}/${event}`);
  return {
    /** A request started. */
    fetchPending: action<RequestPayload & { readonly fetchedAt: number }>('fetchPending'),
    /** A response arrived and was normalized: one action per response. */
    fetchFulfilled: action<FulfilledPayload>('fetchFulfilled'),
    /** Shows mutations' expected results before the server answers: every layer, rebuilt. */
    optimisticSet: action<{ readonly endpoint?: string; readonly layers: readonly OptimisticLayer[] }>('optimisticSet'),
    /** A value was written with no request (`ctrl.set`: a websocket or server-sent message). */
    set: action<SetPayload>('set'),
    /** A write another tab committed, received on the broadcast channel (`broadcastChannel`). */
    received: action<ReceivedPayload>('received'),
    /** A request failed. */
    fetchRejected: action<RejectedPayload>('fetchRejected'),
    /** A request ended without a result to store (aborted or dropped by a reset). */
    fetchSettled: action<RequestPayload & { readonly layers?: readonly OptimisticLayer[] }>('fetchSettled'),
    /** Hides the data of these endpoint keys until they are fetched again. */
    invalidate: action<{ readonly keys: readonly string[] }>('invalidate'),
    /** Marks these endpoint keys stale; their data stays readable. */
    expire: action<{ readonly keys: readonly string[] }>('expire'),
    /** Removes unused results and the entities nothing reads any more (see `ctrl.gc()`). */
    sweep: action<SweepPayload>('sweep'),
    /**
     * The slice holds a state that arrived from elsewhere (`preloadedState`, a rehydration): its
     * requests in flight and optimistic layers go, and the marks of this store's own requests in
     * flight (`pending`, a key per request) come back (`withoutForeignRequests`).
     */
    adopt: action<{ readonly pending: readonly string[] }>('adopt'),
    /** Empties the slice; responses that started before it are dropped. */
    reset: action<{ readonly date: number }>('reset'),
  };
}

/**
 * The action creators of one slice.
 *
 * @see docs/reference/state-shape.md
 */
export type EntitiesActions = ReturnType<typeof buildEntitiesActions>;
