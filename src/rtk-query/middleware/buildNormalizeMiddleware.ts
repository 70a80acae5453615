import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { connectToMiddleware } from '../../redux/connection.js';
import type { MountPoint } from '../../redux/mountPoint.js';
import type { DataApi } from '../../redux/middleware/types.js';
import type { RequestStart } from '../../schema/interface.js';
import { field, stringField } from '../../utils/field.js';
import { isRecord } from '../../utils/isRecord.js';
import { freezeNewParts } from './freezeNewParts.js';
import { buildMutationEntries } from '../normalize/mutationEntries.js';
import { readPatches, type Patch } from '../normalize/patchHistory.js';
import { buildQueryEntries } from '../normalize/queryEntries.js';
import type { ApiPlan } from '../definition/readApi.js';
import { readRequestEvent, type RequestEvent } from './requestEvent.js';

/**
 * The middleware of `normalizeApi`: keeps the declared endpoints' entries of RTK Query's cache and
 * the entities slice in agreement, per store, through the data middleware (`DataApi`).
 *
 * - A request's start takes a number of the store's request order when RTK Query dispatches its
 *   pending action (`DataApi.hold`), so its answer and ours compare by start (docs/guide/long-running.md),
 *   and counts as in flight until it ends; its entry's writes meanwhile start there too (`starts`).
 * - Query entries (`queryEntries.ts`): normalized when answered or otherwise written, and written
 *   back after every write to what they read, so both caches show the same values (docs/guide/rtk-query.md).
 * - Mutation entries (`mutationEntries.ts`): a response is normalized when fulfilled.
 * - A result is retained while RTK Query holds its entry and dropped the moment it does not.
 * - `resetEntireStore()` empties the entities slice, not RTK Query's cache: the entries RTK Query
 *   still holds are normalized again at once.
 * - Each store it runs in is remembered by its api state's `config` (`plan.connected`), with
 *   whether it has the entities slice, so a selector can tell an entry it never saw (or could not
 *   store) from one that is still being written.
 */
export function buildNormalizeMiddleware(instance: MountPoint, plan: ApiPlan): Middleware {
  const { reducerPath } = plan;
  const patchedType = `${reducerPath}/queries/queryResultPatched`;

  return (store) => {
    let connected: DataApi | undefined;
    /** The data middleware of this store (its `DataApi`), reached on first use. */
    const dataApi = (): DataApi => (connected ??= connectToMiddleware(instance, (action) => store.dispatch(action)));
    // RTK Query's util actions are thunks: the store's own dispatch runs them
    const dispatch = (action: unknown) => store.dispatch(action as UnknownAction);
    /** The starts of this store's RTK Query requests in flight, by RTK Query's request id. */
    const starts = new Map<string, RequestStart>();
    const context = { plan, instance, dataApi, starts, getState: store.getState, dispatch };
    const queries = buildQueryEntries(context);
    const mutations = buildMutationEntries(context);
    let seenQueries: unknown;
    let seenMutations: unknown;
    /** True while steps write (each write is an action of its own, passing through here): they agree once, when done. */
    let stepping = false;
    const steps = (run: () => void): void => {
      stepping = true;
      try {
        run();
      } finally {
        stepping = false;
      }
    };

    /** A raw patch of one entry (`updateQueryData`, an `undo()`), read before it is applied. */
    const readRawPatch = (action: unknown): { cacheKey: string; patches: readonly Patch[] } | undefined => {
      if (queries.isWriting() || stringField(action, 'type') !== patchedType) return undefined;
      const payload = field(action, 'payload');
      const cacheKey = stringField(payload, 'queryCacheKey');
      const patches = readPatches(field(payload, 'patches'));
      return cacheKey === undefined || patches === undefined ? undefined : { cacheKey, patches };
    };

    let seenTables: unknown;
    /**
     * How this store's entries and tables agree. The plan holds it weakly (`watch`), and the
     * middleware below uses it: it lives as long as the store does.
     */
    const agreement = {
      /** Brings the query entries and the tables into agreement (after an action, or a new declaration). */
      agree(queriesChanged: boolean): void {
        const tables = instance.selectSlice(store.getState()).entities;
        if (tables !== seenTables || queriesChanged) {
          seenTables = tables;
          queries.writeBack(tables);
        }
      },
      /** Endpoints declared later (`inject`): what RTK Query already holds for them is normalized now. */
      declared(): void {
        if (queries.isWriting()) return;
        steps(() => queries.changed(field(field(store.getState(), reducerPath), 'queries')));
        agreement.agree(true);
      },
    };
    plan.watch(agreement);

    return (next) => (action) => {
      const event = readRequestEvent(reducerPath, action);
      const declared = event === undefined ? undefined : plan.endpoints.get(event.endpointName);
      const rawPatch = readRawPatch(action);
      if (
        event?.status === 'fulfilled' &&
        declared !== undefined &&
        storesAsIs(field(store.getState(), reducerPath), event)
      )
        freezeNewParts(event.payload);
      const result = next(action);
      // after RTK Query's reducer: without the data middleware this throws, and RTK Query stores the error as the request's
      if (event?.status === 'pending' && declared !== undefined)
        starts.set(event.requestId, dataApi().hold(event.startedTimeStamp ?? Date.now()));
      // our own write-back, or a write of the steps below: the step that made it agrees once, when done
      if (queries.isWriting() || stepping) return result;
      const apiState = (): unknown => field(store.getState(), reducerPath);
      const config = field(apiState(), 'config');
      if (isRecord(config)) plan.connected.set(config, field(store.getState(), instance.reducerPath) !== undefined);
      // read again at each step: a step's writes dispatch, and write back into the table
      const queryTable = (): unknown => field(apiState(), 'queries');
      const mutationTable = (): unknown => field(apiState(), 'mutations');
      const queriesChanged = queryTable() !== seenQueries;
      const mutationsChanged = mutationTable() !== seenMutations;
      seenQueries = queryTable();
      seenMutations = mutationTable();
      // a request that ends: its start, from its pending action, orders its answer
      const ended = event === undefined || event.status === 'pending' ? undefined : event.requestId;
      const start = ended === undefined ? undefined : starts.get(ended);
      try {
        steps(() => {
          if (instance.actions.reset.match(action)) {
            queries.reset(queryTable());
            mutations.reset();
            return;
          }
          if (declared !== undefined && event?.status === 'fulfilled') {
            if (event.kind === 'query' && event.queryCacheKey !== undefined)
              queries.answered(queryTable(), event.queryCacheKey, event.requestId, start, event.addsPage);
            if (event.kind === 'mutation') mutations.fulfilled(declared, event, start, mutationTable());
          }
          if (queriesChanged) queries.changed(queryTable(), rawPatch);
          if (mutationsChanged) mutations.dropReleased(mutationTable());
        });
      } finally {
        if (ended !== undefined && start !== undefined) {
          starts.delete(ended);
          dataApi().release(start);
        }
      }
      agreement.agree(queriesChanged);
      seenQueries = queryTable();
      return result;
    };
  };
}

/**
 * Whether RTK Query's reducer stores the answer `event` carries as it is (a query entry's first
 * data, a tracked mutation's data) and then freezes it: Immer's auto-freeze walks every part it is
 * handed that is not frozen yet. Its entry, written by RTK Query's pending action, tells both: it
 * awaits this very request, and it is frozen (the app did not turn auto-freeze off).
 * @param apiState `state[reducerPath]` before the answer is applied
 */
function storesAsIs(apiState: unknown, event: RequestEvent): boolean {
  const entry =
    event.kind === 'query'
      ? field(field(apiState, 'queries'), event.queryCacheKey ?? '')
      : field(field(apiState, 'mutations'), event.mutationCacheKey);
  return (
    isRecord(entry) &&
    Object.isFrozen(entry) &&
    field(entry, 'requestId') === event.requestId &&
    field(entry, 'data') === undefined
  );
}
