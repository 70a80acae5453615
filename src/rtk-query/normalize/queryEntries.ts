import type { EndpointInterface } from '../../endpoint/interface.js';
import { collectTableKeys } from '../../normalizr/collectTableKeys.js';
import type { MountPoint } from '../../redux/mountPoint.js';
import type { DataApi } from '../../redux/middleware/types.js';
import { entityKey } from '../../schema/entityKey.js';
import type { RequestStart } from '../../schema/interface.js';
import { warnOnce } from '../../utils/devWarning.js';
import { field, ownField, stringField } from '../../utils/field.js';
import { isRecord } from '../../utils/isRecord.js';
import { getOwn } from '../../utils/ownProperty.js';
import { listArgumentProblem } from './listArgumentProblem.js';
import { PatchHistory, type Patch } from './patchHistory.js';
import { knownObjects, RawIndex } from '../writeBack/RawIndex.js';
import { readBack, type ReadBackEntry } from '../writeBack/readBack.js';
import type { ApiPlan, DeclaredEndpoint } from '../definition/readApi.js';
import { rtkEndpoint } from '../definition/rtkEndpoint.js';
import { unreadableResponse } from './unreadableResponse.js';
import { dropResults } from './dropResults.js';
import { queryStorageKey } from '../definition/storageKey.js';
import type { StoredTables } from '../../storage/table.js';

/** A query entry of RTK Query's cache, mirrored in the entities slice while RTK Query holds it. */
interface HeldQuery extends ReadBackEntry {
  readonly declared: DeclaredEndpoint;
  readonly endpoint: EndpointInterface;
  readonly storageKey: string;
  readonly originalArgs: unknown;
  /** Lets the collector go of its result (`DataApi.retain`). */
  readonly release: () => void;
  /** The tables its schema reads. */
  readonly keys: readonly string[];
  /** As last normalized, or as last written back. */
  data: unknown;
  index: RawIndex;
  /** The tables `data` was last made to agree with; `undefined` after a write of the entry. */
  tables: StoredTables | undefined;
  readonly history: PatchHistory;
}

/** What one store's query entries are kept with. */
export interface QueryEntriesContext {
  readonly plan: ApiPlan;
  readonly instance: MountPoint;
  /** The data middleware of the store. */
  readonly dataApi: () => DataApi;
  /** The starts of the store's RTK Query requests in flight, by request id. */
  readonly starts: ReadonlyMap<string, RequestStart>;
  readonly getState: () => unknown;
  readonly dispatch: (action: unknown) => unknown;
}

/** How an entry's new data is written. */
interface Write {
  /** When the write started: its request's start, a raw write's own, or the start of the patch an undo takes back. */
  readonly start?: RequestStart;
  /** Only items that are not stored as they are already (`merge`, a further page, a raw write). */
  readonly changedOnly: boolean;
  /** A raw write: a local edit of stored records, which keep their meta (`keepStoredMeta`). */
  readonly local: boolean;
}

/**
 * The query entries of declared endpoints in one store's RTK Query cache, and the two ways they
 * and the entities slice agree (docs/guide/rtk-query.md):
 *
 * - An entry's data is normalized into the slice: wholly when a request answers it (ordered by the
 *   request's start), and only where it changed when a further page or `merge` adds to it. Any other
 *   write of RTK Query's cache (`updateQueryData`, `updateCachedData`, `upsertQueryEntries`...) is a
 *   local edit: the items it changed are written, the stored records it touches keep their meta (a
 *   response to a request in flight, such as the mutation an optimistic patch stands for, still
 *   overwrites it), and a patch's `undo()` is ordered where its patch started, so a newer write stays.
 *   An item a raw write did not change is never written: it cannot replace a newer record.
 * - After every write to the tables an entry reads, the entry's data is written back from them
 *   (`readBack`), as plain data in its own shape, through RTK Query's `patchQueryData`: its hooks,
 *   selectors and tags read the current values. Items that did not change keep their references.
 */
export function buildQueryEntries({ plan, instance, dataApi, starts, getState, dispatch }: QueryEntriesContext) {
  const held = new Map<string, HeldQuery>();
  const known = knownObjects();
  /** True while our own write-back passes through the store: its patches are no raw writes. */
  let writing = false;

  const hold = (cacheKey: string, declared: DeclaredEndpoint, originalArgs: unknown): HeldQuery => {
    let entry = held.get(cacheKey);
    if (entry === undefined) {
      const storageKey = queryStorageKey(plan.reducerPath, cacheKey);
      const endpoint = rtkEndpoint(declared, storageKey, declared.stored);
      entry = {
        declared,
        stored: declared.stored,
        endpoint,
        storageKey,
        originalArgs,
        release: dataApi().retain(endpoint, [originalArgs]),
        keys: collectTableKeys(declared.stored),
        data: undefined,
        index: new RawIndex(known),
        tables: undefined,
        history: new PatchHistory(),
      };
      held.set(cacheKey, entry);
    }
    return entry;
  };

  /** Normalizes `data`, the entry's new data; one that does not fit its schema is the entry's error. */
  const write = (entry: HeldQuery, data: unknown, { start, changedOnly, local }: Write): void => {
    const problem = listArgumentProblem(entry.declared, entry.originalArgs);
    if (problem !== undefined) {
      entry.data = data;
      if (process.env.NODE_ENV !== 'production') warnOnce(`normalizeApi:${entry.declared.label}`, problem);
      dataApi().fail(entry.endpoint, [entry.originalArgs], new TypeError(problem));
      return;
    }
    const previous = entry.index;
    const index = changedOnly ? RawIndex.from(previous) : new RawIndex(known);
    const seen: object[] = [];
    const visitEntity = (entity: { readonly key: string; readonly name: string }, pk: string, input: object) => {
      index.place(entityKey(entity), pk, input);
      if (changedOnly && known.stored.has(input)) return false;
      seen.push(input);
      return true;
    };
    entry.data = data;
    entry.tables = undefined;
    // before the write is dispatched: a write-back it sets off reads the entry's new objects
    entry.index = index;
    try {
      // not read back: its readers select it (a read that fails shows there, `normalizedSelector`)
      dataApi().write(entry.endpoint, [entry.originalArgs], data, { start, visitEntity, keepStoredMeta: local });
      for (const input of seen) known.stored.add(input);
    } catch (error) {
      entry.index = previous;
      // one that does not fit its schema is stored as the entry's error (select shows it); RTK Query's request itself succeeded
      if (process.env.NODE_ENV !== 'production')
        warnOnce(`normalizeApi:${entry.declared.label}`, unreadableResponse(entry.declared, error));
    }
  };

  /** Releases and removes, in one sweep, the entries RTK Query no longer holds data for. */
  const dropMissing = (table: unknown): void => {
    const gone = [...held].filter(([cacheKey]) => field(ownField(table, cacheKey), 'data') === undefined);
    if (gone.length === 0) return;
    for (const [cacheKey, entry] of gone) {
      held.delete(cacheKey);
      entry.release();
    }
    dropResults(
      dataApi(),
      instance.selectSlice(getState()),
      gone.map(([, entry]) => ({ endpoint: entry.endpoint, args: [entry.originalArgs] })),
    );
  };

  /** The declared endpoint of an entry of RTK Query's table, with the entry's data; `undefined` for others. */
  const readEntry = (table: unknown, cacheKey: string) => {
    const entry = ownField(table, cacheKey);
    const declared = plan.endpoints.get(stringField(entry, 'endpointName') ?? '');
    if (declared === undefined || declared.kind === 'mutation') return undefined;
    return {
      declared,
      data: field(entry, 'data'),
      originalArgs: field(entry, 'originalArgs'),
      requestId: stringField(entry, 'requestId'),
    };
  };

  return {
    /** True while a write-back of ours is being dispatched. */
    isWriting: () => writing,

    /**
     * Request `requestId` answered entry `cacheKey` (started at `start`): if RTK Query kept the
     * answer, the entry's data is normalized wholly, or, for an answer merged into data already
     * there (`merge`, a further page), where it changed.
     */
    answered(
      table: unknown,
      cacheKey: string,
      requestId: string,
      start: RequestStart | undefined,
      addsPage: boolean,
    ): void {
      const found = readEntry(table, cacheKey);
      // RTK Query keeps an answer only from the entry's latest request (an upsert keeps the entry's id)
      if (found === undefined || found.data === undefined || found.requestId !== requestId) return;
      const entry = hold(cacheKey, found.declared, found.originalArgs);
      const merged = (found.declared.merges || addsPage) && entry.data !== undefined;
      write(entry, found.data, { start, changedOnly: merged, local: false });
    },

    /**
     * Every entry whose data changed other than by an answer: a raw write (normalized where it
     * changed, as a local edit), or an entry new to this store (upserted, rehydrated: normalized
     * wholly). The write starts now; where the patch started when `patch` is a patch's `undo()` on
     * that entry; or where the entry's request in flight started, so that its answer lands over the
     * write, as RTK Query lands it (`upsertQueryData` during a fetch). Entries RTK Query removed are dropped.
     */
    changed(table: unknown, patch?: { readonly cacheKey: string; readonly patches: readonly Patch[] }): void {
      dropMissing(table);
      if (!isRecord(table)) return;
      for (const cacheKey of Object.keys(table)) {
        const found = readEntry(table, cacheKey);
        if (found === undefined || found.data === undefined) continue;
        const entry = held.get(cacheKey);
        if (entry !== undefined && entry.data === found.data) continue;
        const target = entry ?? hold(cacheKey, found.declared, found.originalArgs);
        const patches = patch?.cacheKey === cacheKey && entry !== undefined ? patch.patches : undefined;
        const undoneAt = patches === undefined ? undefined : target.history.undone(patches);
        // an entry's request in flight stays its request (RTK Query keeps its id): its answer lands over this write
        const inFlight = found.requestId === undefined ? undefined : starts.get(found.requestId);
        const start = undoneAt ?? inFlight ?? dataApi().begin();
        if (patches !== undefined && undoneAt === undefined) target.history.record(target.data, patches, start);
        write(target, found.data, { start, changedOnly: entry !== undefined, local: entry !== undefined });
      }
    },

    /**
     * Writes back, into RTK Query's entries, what changed in the tables they read (`tables`, the
     * displayed ones) since they last agreed: one `patchQueryData` per entry whose data changes.
     */
    writeBack(tables: StoredTables): void {
      if (writing) return;
      const changes: Array<readonly [HeldQuery, unknown]> = [];
      const slice = instance.selectSlice(getState());
      for (const entry of held.values()) {
        const before = entry.tables;
        if (before === tables) continue;
        entry.tables = tables;
        if (before !== undefined && entry.keys.every((key) => before[key] === tables[key])) continue;
        const result = getOwn(slice.endpoints, entry.storageKey);
        if (result === undefined || getOwn(slice.meta, entry.storageKey)?.error !== undefined) continue;
        const value = readBack(entry, tables, result);
        if (value === undefined) continue;
        entry.data = value;
        changes.push([entry, value]);
      }
      if (changes.length === 0) return;
      writing = true;
      try {
        for (const [{ declared, originalArgs }, value] of changes) {
          const patches = [{ op: 'replace', path: [], value }];
          dispatch(plan.util.patchQueryData(declared.name, originalArgs, patches, declared.tagsFollowData));
        }
      } finally {
        writing = false;
      }
    },

    /** The entities slice was emptied (RTK Query's cache was not): every entry is normalized again. */
    reset(table: unknown): void {
      for (const entry of held.values()) entry.release();
      held.clear();
      this.changed(table);
    },
  };
}

/** The query entries of one store. */
export type QueryEntries = ReturnType<typeof buildQueryEntries>;
