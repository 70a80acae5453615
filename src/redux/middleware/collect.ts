import type { EndpointInterface } from '../../endpoint/interface.js';
import { collectTableKeys } from '../../normalizr/collectTableKeys.js';
import { getOwn } from '../../utils/ownProperty.js';
import { stableStringify } from '../../utils/stableStringify.js';
import { buildQueryInput } from '../select/buildQueryInput.js';
import { planSweep, storedKeys, type SweepRoot } from './planSweep.js';
import type { SweepPayload } from '../slice/actions.js';
import type { EntitiesState } from '../slice/state.js';
import type { Collector, CollectorContext } from './types.js';
import { cancelTimeout, weakTimeout, type WeakTimeout } from '../../utils/weakTimeout.js';
import { entryOf } from '../../utils/entryOf.js';

/** How long unused data is kept, in seconds, when neither the endpoint nor the middleware says. */
export const DEFAULT_KEEP_UNUSED_DATA_FOR = 60;

/** The longest delay `setTimeout` takes; a longer keep never expires in practice. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The hooks (or other readers) showing one endpoint call. */
interface CallRetention {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  /** @internal */
  count: number;
  /** When the last reader let go (the middleware's clock); `undefined` while read. @internal */
  releasedAt: number | undefined;
  /** @internal */
  timer: WeakTimeout | undefined;
}

/** The hooks showing one query (`useQuery`). */
interface QueryRetention {
  readonly queryable: unknown;
  readonly args: readonly unknown[];
  /** @internal */
  count: number;
}

/** A stored result's call: what its result reads depends on the schema and the arguments (a lens, a query's). */
interface StoredCall {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
}

/**
 * Garbage collection of unused data on RTK Query's model. Readers (the hooks)
 * retain the calls and queries they show; a call whose readers all let go is removed
 * `keepUnusedDataFor` seconds later. Every sweep also removes the entities that nothing reads any
 * more (no remaining result, no retained call or query, no optimistic layer) once they were written
 * `keepUnusedDataFor` ago, and the remembered deletions no request in flight can undo. A result
 * no reader ever retained is never removed by a timer: `gc()` removes it once it is older than
 * `keepUnusedDataFor`. A sweep is one plain action.
 */
export function buildCollector(context: CollectorContext): Collector {
  const { now, slice, requests } = context;
  /** The call behind each stored key: its schema and arguments tell what the key's result reads. */
  const endpoints = new Map<string, StoredCall>();
  const calls = new Map<string, CallRetention>();
  const queries = new Map<unknown, Map<string, QueryRetention>>();
  let orphanTimer: WeakTimeout | undefined;

  /** How long (ms) unused data of `endpoint` is kept; with none, the middleware's keepUnusedDataFor. */
  const keepMs = (endpoint?: EndpointInterface): number =>
    1000 * (endpoint?.keepUnusedDataFor ?? context.keepUnusedDataFor);
  // a pending collection keeps neither a Node process (a test run, a server) nor a store let go alive
  const later = (ms: number, task: () => void): WeakTimeout | undefined =>
    ms < MAX_TIMER_MS ? weakTimeout(task, ms) : undefined;

  /** What must keep its data: the remaining results and everything readers show. */
  const rootsWithout = (state: EntitiesState, removed: ReadonlySet<string>): SweepRoot[] | undefined => {
    const roots: SweepRoot[] = [];
    for (const key in state.endpoints) {
      if (removed.has(key)) continue;
      const input = state.endpoints[key];
      const call = endpoints.get(key);
      if (call === undefined) {
        if (input === undefined || input === null) continue;
        return undefined; // a result this store never saw fetched (rehydrated): what it reads is unknown
      }
      roots.push({ schema: call.endpoint.schema, input, args: call.args });
    }
    for (const [key, { endpoint, args, count }] of calls) {
      if (count > 0 && !Object.hasOwn(state.endpoints, key)) roots.push(queryRoot(state, endpoint.schema, args));
    }
    for (const byArgs of queries.values())
      for (const { queryable, args } of byArgs.values()) roots.push(queryRoot(state, queryable, args));
    return roots;
  };

  /** Whether what was written with `meta` (an entity, a result) has been stored keepUnusedDataFor by `at`. */
  const unusedLongEnoughAt = (at: number, meta: { readonly date: number } | undefined): boolean =>
    meta === undefined || at - meta.date >= keepMs();

  /**
   * Results this store never saw fetched (rehydrated, or received from another tab) that no reader
   * retains and that are older than keepUnusedDataFor: what they read is unknown, so while they
   * stay no entity can be collected; they go as an unused result does.
   */
  const unreadStrangers = (state: EntitiesState, at: number): string[] =>
    Object.keys(state.endpoints).filter((key) => {
      if (endpoints.has(key) || (calls.get(key)?.count ?? 0) > 0 || requests.inFlight(key)) return false;
      return unusedLongEnoughAt(at, getOwn(state.meta, key));
    });

  /**
   * Removes the results `due`; with `entities`, also every entity nothing reads that may go, the
   * results no reader retains that this store never saw fetched, and the deletions no request in
   * flight can undo (a sweep, which walks every remaining read).
   */
  const sweep = (due: readonly string[], entities = true): void => {
    const state = slice();
    const at = now();
    const removeKeys = entities ? [...due, ...unreadStrangers(state, at)] : due;
    const payload = entities
      ? planSweep(state, {
          removeKeys,
          roots: rootsWithout(state, new Set(removeKeys)),
          unusedLongEnough: (meta) => unusedLongEnoughAt(at, meta),
          inFlight: requests.starts(),
        })
      : resultsOnly(state, due);
    for (const key of removeKeys) {
      endpoints.delete(key);
      const retention = calls.get(key);
      if (retention !== undefined && retention.count === 0) {
        cancelTimeout(retention.timer);
        calls.delete(key);
      }
    }
    if (payload !== undefined) context.sweep(payload);
  };

  /** The calls no reader retains, released keepUnusedDataFor ago (or whose timer fired), not in flight. */
  const dueCalls = (at: number, fired?: string): string[] =>
    [...calls]
      .filter(
        ([key, { count, releasedAt, endpoint }]) =>
          count === 0 &&
          (key === fired || (releasedAt !== undefined && at - releasedAt >= keepMs(endpoint))) &&
          !requests.inFlight(key),
      )
      .map(([key]) => key);

  const scheduleOrphanSweep = (): void => {
    if (orphanTimer !== undefined) return;
    orphanTimer = later(keepMs(), () => {
      orphanTimer = undefined;
      sweep(dueCalls(now()));
    });
  };

  const armRelease = (key: string, retention: CallRetention): void => {
    cancelTimeout(retention.timer);
    retention.timer = later(keepMs(retention.endpoint), () => {
      retention.timer = undefined;
      // a call in flight stays: its answer re-arms the timer
      sweep(dueCalls(now(), key));
    });
  };

  return {
    /** A response (or error) for `key` is about to be stored: remember what its result reads. */
    stored(key: string, endpoint: EndpointInterface, args: readonly unknown[]): void {
      endpoints.set(key, { endpoint, args });
      const retention = calls.get(key);
      if (retention !== undefined && retention.count === 0) {
        // fresh data for a released call: it gets a whole keepUnusedDataFor again
        retention.releasedAt = now();
        armRelease(key, retention);
      }
      scheduleOrphanSweep();
    },

    /** A reader shows this call until the returned function is called. */
    retain(endpoint: EndpointInterface, args: readonly unknown[]): () => void {
      const key = endpoint.key(...args);
      const held = entryOf(calls, key, () => ({ endpoint, args, count: 0, releasedAt: undefined, timer: undefined }));
      held.count++;
      held.releasedAt = undefined;
      cancelTimeout(held.timer);
      held.timer = undefined;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        held.count--;
        if (held.count > 0 || calls.get(key) !== held) return;
        held.releasedAt = now();
        armRelease(key, held);
      };
    },

    /** A reader shows this query (a `schema.All`, an Entity by id...) until the returned function is called. */
    retainQuery(queryable: unknown, args: readonly unknown[]): () => void {
      const argsKey = stableStringify(args);
      const byArgs = entryOf(queries, queryable, () => new Map());
      const held = entryOf(byArgs, argsKey, () => ({ queryable, args, count: 0 }));
      held.count++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        held.count--;
        if (held.count > 0) return;
        byArgs.delete(argsKey);
        if (byArgs.size === 0) queries.delete(queryable);
        scheduleOrphanSweep();
      };
    },

    /**
     * Sweeps now: released calls past their keepUnusedDataFor, results no reader ever retained that
     * are older than keepUnusedDataFor, and the entities nothing reads any more.
     */
    gc(): void {
      const state = slice();
      const at = now();
      const keys = dueCalls(at);
      for (const key in state.meta) {
        const meta = state.meta[key];
        if (calls.has(key) || meta === undefined || requests.inFlight(key)) continue;
        if (at - meta.date >= keepMs(endpoints.get(key)?.endpoint)) keys.push(key);
      }
      sweep(keys);
    },

    /** Whether what was written with `meta` has been stored keepUnusedDataFor by now: an entity nothing reads may go. */
    unusedLongEnough: (meta: { readonly date: number } | undefined): boolean => unusedLongEnoughAt(now(), meta),

    /** Removes these results now (their source dropped them); with `entities`, in a sweep of what only they read. */
    drop(keys: readonly string[], entities: boolean): void {
      sweep(keys, entities);
      // what else nothing reads goes at the collector's next sweep
      if (!entities) scheduleOrphanSweep();
    },

    /** The slice was emptied (a reset): nothing stored is left to remember. */
    clear(): void {
      endpoints.clear();
    },
  };
}

/** A read that starts from arguments (a retained call with no stored result, or a query). */
function queryRoot(state: EntitiesState, schema: unknown, args: readonly unknown[]): SweepRoot {
  const { input } = buildQueryInput(schema, args, state.entities, state.indexes, collectTableKeys(schema));
  return { schema, input, args };
}

/** A sweep that removes the stored results `keys` and nothing else; `undefined` when none is stored. */
function resultsOnly(state: EntitiesState, keys: readonly string[]): SweepPayload | undefined {
  const stored = storedKeys(state, keys);
  return stored.length === 0 ? undefined : { keys: stored, records: {} };
}
