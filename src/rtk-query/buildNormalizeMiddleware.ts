import type { Middleware } from '@reduxjs/toolkit';
import type { EndpointInterface } from '../endpoint/interface.js';
import { connectToMiddleware } from '../redux/fetchEndpoint.js';
import type { EntitiesInstance } from '../redux/instance.js';
import type { DataApi, TrackedRequest } from '../redux/middleware/types.js';
import { warnOnce } from '../utils/devWarning.js';
import type { RequestStart } from '../schema/interface.js';
import { isRecord } from '../utils/isRecord.js';
import { field, stringField } from '../utils/field.js';
import type { ApiPlan, DeclaredEndpoint } from './readApi.js';
import { mutationInput } from './mutationInput.js';
import { rtkEndpoint } from './rtkEndpoint.js';
import { mutationStorageKey, queryStorageKey } from './storageKey.js';
import { readRequestEvent, type RequestEvent } from './thunkAction.js';

/** A normalized result kept while RTK Query holds its entry. */
interface Held {
  readonly endpoint: EndpointInterface;
  /** Lets the collector go of it (`DataApi.retain`). */
  readonly release: () => void;
  /** Queries: the data of RTK Query's entry it was normalized from, to tell when that data changes. */
  data: unknown;
  /** Mutations: the key of RTK Query's entry (`fixedCacheKey`, else the request id). */
  readonly cacheKey: string;
}

const own = (table: unknown, key: string): unknown =>
  isRecord(table) && Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * The middleware of `normalizeApi`: mirrors the declared endpoints' entries of RTK Query's cache
 * into the entities slice, through the data middleware (`DataApi`), per store.
 *
 * - A request's start takes a number of the store's request order when RTK Query dispatches its
 *   pending action (`track`), so its answer and ours compare by start (DESIGN §5.9).
 * - A query's entry is normalized from the data RTK Query stored (after its `merge`, if any) when
 *   its request is fulfilled, and whenever that data changes otherwise (`updateQueryData`,
 *   `upsertQueryEntries`, rehydration: writes that start then). A mutation's response is normalized
 *   when fulfilled.
 * - The result is retained while RTK Query holds the entry, and dropped the moment it does not
 *   (its `keepUnusedDataFor`, `removeQueryResult`, `resetApiState`, a mutation's reset).
 * - `resetEntireStore()` empties the entities slice, not RTK Query's cache: the entries RTK Query
 *   still holds are normalized again at once, so its views and ours keep agreeing.
 */
export function buildNormalizeMiddleware(instance: EntitiesInstance, plan: ApiPlan): Middleware {
  const { reducerPath } = plan;

  return (store) => {
    let connected: DataApi | undefined;
    /** The data middleware of this store (its `DataApi`), reached on first use. */
    const dataApi = (): DataApi => (connected ??= connectToMiddleware(instance, (action) => store.dispatch(action)));
    const requests = new Map<string, TrackedRequest>();
    const queries = new Map<string, Held>();
    const mutations = new Map<string, Held>();
    let seenQueries: unknown;
    let seenMutations: unknown;

    const receive = (
      declared: DeclaredEndpoint,
      held: Held,
      originalArgs: unknown,
      input: unknown,
      start: RequestStart | undefined,
    ): void => {
      try {
        dataApi().receive(held.endpoint, [originalArgs], input, start);
      } catch (error) {
        // stored as the entry's error (endpoints[name].select shows it); RTK Query's request itself succeeded
        warnOnce(
          `normalizeApi:${declared.label}`,
          `${declared.label}: the response could not be normalized, so select() shows an error. ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };

    const hold = (
      map: Map<string, Held>,
      id: string,
      declared: DeclaredEndpoint,
      key: string,
      originalArgs: unknown,
      cacheKey: string,
      schema?: unknown,
    ): Held => {
      let held = map.get(id);
      if (held === undefined) {
        const endpoint = rtkEndpoint(declared, key, schema);
        held = { endpoint, release: dataApi().retain(endpoint, [originalArgs]), data: undefined, cacheKey };
        map.set(id, held);
      }
      return held;
    };

    /** Releases and removes, in one sweep, the results whose entries RTK Query no longer holds. */
    const drop = (gone: ReadonlyArray<readonly [Map<string, Held>, string]>): void => {
      if (gone.length === 0) return;
      const keys = gone.map(([map, id]) => {
        const held = map.get(id) as Held;
        map.delete(id);
        held.release();
        return held.endpoint.key();
      });
      dataApi().drop(keys);
    };

    /**
     * Normalizes one query entry when its data is new, or when the request `answered` (started at
     * `start`) wrote it; drops its result when RTK Query no longer holds it. Without a start, the
     * write starts now.
     */
    const syncQuery = (table: unknown, cacheKey: string, start?: RequestStart, answered?: string): void => {
      const entry = own(table, cacheKey);
      const value = field(entry, 'data');
      const held = queries.get(cacheKey);
      if (value === undefined) {
        if (held !== undefined) drop([[queries, cacheKey]]);
        return;
      }
      const declared = plan.endpoints.get(stringField(entry, 'endpointName') ?? '');
      if (declared?.kind !== 'query') return;
      const isAnswer = answered !== undefined && stringField(entry, 'requestId') === answered;
      if (!isAnswer && held?.data === value) return;
      const originalArgs = field(entry, 'originalArgs');
      const target = hold(queries, cacheKey, declared, queryStorageKey(reducerPath, cacheKey), originalArgs, cacheKey);
      target.data = value;
      receive(declared, target, originalArgs, value, start);
    };

    /** Every entry: after an action that may have changed any of them (a reset, upserts, rehydration). */
    const syncAllQueries = (table: unknown): void => {
      drop(
        [...queries.keys()]
          .filter((cacheKey) => field(own(table, cacheKey), 'data') === undefined)
          .map((cacheKey) => [queries, cacheKey] as const),
      );
      if (isRecord(table)) for (const cacheKey of Object.keys(table)) syncQuery(table, cacheKey);
    };

    const storeMutation = (declared: DeclaredEndpoint, event: RequestEvent, start: RequestStart | undefined): void => {
      const { schema, input } = mutationInput(declared.schema, event.payload, event.originalArgs);
      const target = hold(
        mutations,
        event.requestId,
        declared,
        mutationStorageKey(reducerPath, event.requestId),
        event.originalArgs,
        event.mutationCacheKey,
        schema,
      );
      receive(declared, target, event.originalArgs, input, start);
    };

    /** The tracked start of a request that has just ended, no longer tracked here. */
    const settled = (requestId: string): TrackedRequest | undefined => {
      const tracked = requests.get(requestId);
      requests.delete(requestId);
      return tracked;
    };

    /** Mutation results whose entry RTK Query removed, replaced (a `fixedCacheKey` reused) or never kept (`track: false`). */
    const dropReleasedMutations = (table: unknown): void => {
      drop(
        [...mutations]
          .filter(([requestId, held]) => stringField(own(table, held.cacheKey), 'requestId') !== requestId)
          .map(([requestId]) => [mutations, requestId] as const),
      );
    };

    return (next) => (action) => {
      const event = readRequestEvent(reducerPath, action);
      const declared = event === undefined ? undefined : plan.endpoints.get(event.endpointName);
      const result = next(action);
      // after RTK Query's reducer: without the data middleware this throws, and RTK Query stores the error as the request's
      if (event?.status === 'pending' && declared !== undefined)
        requests.set(event.requestId, dataApi().track(event.startedTimeStamp ?? Date.now()));
      const apiState = field(store.getState(), reducerPath);
      const queryTable = field(apiState, 'queries');
      const mutationTable = field(apiState, 'mutations');
      const queriesChanged = queryTable !== seenQueries;
      const mutationsChanged = mutationTable !== seenMutations;
      // before any write of ours: they dispatch, and come through here again
      seenQueries = queryTable;
      seenMutations = mutationTable;
      const tracked = event === undefined || event.status === 'pending' ? undefined : settled(event.requestId);
      try {
        if (instance.actions.reset.match(action)) {
          // the entities slice was emptied, RTK Query's cache was not: what it holds is normalized again
          for (const held of [...queries.values(), ...mutations.values()]) held.release();
          queries.clear();
          mutations.clear();
          syncAllQueries(queryTable);
        } else if (event !== undefined) {
          if (declared !== undefined && event.status === 'fulfilled') {
            if (event.kind === 'query' && event.queryCacheKey !== undefined)
              syncQuery(queryTable, event.queryCacheKey, tracked?.start, event.requestId);
            if (event.kind === 'mutation') {
              storeMutation(declared, event, tracked?.start);
              dropReleasedMutations(mutationTable);
            }
          }
        } else if (queriesChanged) {
          const cacheKey = stringField(field(action, 'payload'), 'queryCacheKey');
          if (cacheKey !== undefined) syncQuery(queryTable, cacheKey);
          else syncAllQueries(queryTable);
        }
        if (mutationsChanged && mutations.size > 0) dropReleasedMutations(mutationTable);
      } finally {
        tracked?.settle();
      }
      return result;
    };
  };
}
