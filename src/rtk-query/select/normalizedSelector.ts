import type { MountPoint } from '../../redux/mountPoint.js';
import { queryDelegate } from '../../redux/select/queryDelegate.js';
import type { CountingSelector } from '../../redux/select/selectResponse.js';
import { unmountedSliceMessage } from '../../redux/mountHints.js';
import type { ResponseMeta } from '../../redux/slice/state.js';
import { tableInputs } from '../../redux/select/tableInputs.js';
import { isEntityClass } from '../../schema/isEntityClass.js';
import { serializeError } from '../../redux/slice/serializeError.js';
import { warnOnce } from '../../utils/devWarning.js';
import { field } from '../../utils/field.js';
import { getOwn } from '../../utils/ownProperty.js';
import { isRecord } from '../../utils/isRecord.js';
import { recentMemoize } from '../../utils/recentMemoize.js';
import type { ApiPlan, DeclaredEndpoint, RtkSelector } from '../definition/readApi.js';
import { shallowEqual } from './shallowEqual.js';
import { unreadableResponse } from '../normalize/unreadableResponse.js';

/** RTK Query's result for one entry, with `data` and `currentData` read from the entities slice. */
export type NormalizedResult = {
  readonly [field: string]: unknown;
  readonly data: unknown;
  readonly currentData: unknown;
};

/**
 * The normalized selector of one entry: `(state)` reads RTK Query's own result for it; `(state,
 * hookResult)` reads the result RTK Query's hook made of it instead (its flags, and the last
 * argument's data while this one loads), as the hooks give it.
 */
export type EntrySelector = CountingSelector<NormalizedResult> &
  ((state: unknown, hookResult?: { readonly [field: string]: unknown }) => NormalizedResult) & {
    /** RTK Query's own selector of the entry (its raw result). */
    readonly rtk: RtkSelector;
  };

/** How many sets of inputs a selector keeps the result of. */
const RECENT = 4;

function missingMiddleware(declared: DeclaredEndpoint): string {
  return (
    `normalizeApi: ${declared.label} was fulfilled, but entitiesApi.middleware is not in the store: nothing was normalized.` +
    (process.env.NODE_ENV !== 'production'
      ? ' Add it to the middleware (any order), e.g. ' +
        '`middleware: (getDefault) => getDefault().concat(api.middleware, createDataMiddleware(), entitiesApi.middleware)`.'
      : '')
  );
}

/**
 * A selector of RTK Query's own result for one entry (flags, `status`, `error`), whose `data` and
 * `currentData` are denormalized from the entities slice: instances, current after every write to
 * the entities they hold.
 *
 * - No data unless RTK Query has data for the entry and the slice its normalized result (RTK Query
 *   removed the entry: neither has). The last argument's data a hook shows while this one loads is
 *   that data's denormalized value, as last read (`shown`).
 * - A query whose schema is an Entity, loading for a record the store already holds (a list
 *   fetched it), shows that record at once: `data` set, `isLoading` false, `isFetching` true.
 * - When normalizing the entry's data failed, the result is an error naming the endpoint; an
 *   entry fulfilled in a store where `entitiesApi.middleware` never ran, or that has no entities
 *   slice, is an error saying so and how to fix it.
 *
 * Memoized on RTK Query's result, the stored result and the tables the schema can read, for the
 * last `RECENT` sets of them (`recentMemoize`: each store's latest, for up to `RECENT` stores read
 * in turn, remembered by number, so no earlier state or table is kept alive): the same object while
 * none changes, and while a change leaves every field as it was. `recomputations()` counts the
 * results it built.
 *
 * @param storageKeyOf where the entry's normalized result is stored, once that is known
 * @param argsOf the arguments the read takes (`schema.Query`, the record's key), from RTK Query's result
 * @param shown each raw data this endpoint's entries held, to the value read from it
 */
export function normalizedSelector(
  instance: MountPoint,
  plan: ApiPlan,
  declared: DeclaredEndpoint,
  rtkSelect: RtkSelector,
  storageKeyOf: (state: unknown) => string | undefined,
  argsOf: (rtkResult: { readonly [field: string]: unknown }) => readonly unknown[],
  shown: WeakMap<object, unknown>,
): EntrySelector {
  const { stored: schema } = declared;
  const { keys, selectors, indexSelectors, toTables, toIndexes } = tableInputs(instance, schema);
  const fromStore = isEntityClass(declared.schema) && declared.kind === 'query' ? declared.schema : undefined;
  let recomputations = 0;

  const compute = recentMemoize(
    (
      rtkResult: unknown,
      result: unknown,
      meta: ResponseMeta | undefined,
      apiConfig: unknown,
      ...values: unknown[]
    ): NormalizedResult => {
      recomputations++;
      const rtk = isRecord(rtkResult) ? rtkResult : {};
      const rawCurrent = 'currentData' in rtk ? rtk.currentData : rtk.data;
      if (meta?.error !== undefined) return shownFailure(rtk, meta.error);
      // answered, and nothing stored: the store never ran entitiesApi.middleware, or has no entities
      // slice (the write of the answer threw, and warned, with this message)
      const mounted = isRecord(apiConfig) ? plan.connected.get(apiConfig) : true;
      if (meta === undefined && rawCurrent !== undefined && mounted !== true) {
        const message =
          mounted === undefined
            ? missingMiddleware(declared)
            : unmountedSliceMessage(instance.reducerPath, declared.label);
        if (process.env.NODE_ENV !== 'production') warnOnce(`normalizeApi:middleware:${plan.reducerPath}`, message);
        return failed(rtk, { name: mounted === undefined ? 'MissingMiddlewareError' : 'MissingReducerError', message });
      }
      const tables = toTables(values.slice(0, keys.length));
      const args = argsOf(rtk);
      let currentData: unknown;
      try {
        currentData =
          meta !== undefined && rawCurrent !== undefined
            ? instance.memo.denormalize(schema, result, tables, args)
            : undefined;
      } catch (error) {
        // an entry's data is not read when it is stored (`DataApi.write`): a read that fails is
        // shown here as the entry's error, as a failed read at that time was
        if (process.env.NODE_ENV !== 'production')
          warnOnce(`normalizeApi:${declared.label}`, unreadableResponse(declared, error));
        return shownFailure(rtk, serializeError(error));
      }
      if (isRecord(rawCurrent) && currentData !== undefined) shown.set(rawCurrent, currentData);
      const data = rtk.data === rawCurrent ? currentData : isRecord(rtk.data) ? shown.get(rtk.data) : undefined;
      if (data === undefined && fromStore !== undefined && rtk.status === 'pending') {
        const pk = fromStore.queryKey?.(args, queryDelegate(tables, toIndexes(values.slice(keys.length))));
        const found = pk === undefined ? undefined : instance.memo.denormalize(fromStore, pk, tables, args);
        if (found !== undefined) {
          return withFields(rtk, {
            data: found,
            currentData: found,
            isLoading: false,
            isSuccess: true,
            isFetching: true,
          });
        }
      }
      return withFields(rtk, { data, currentData });
    },
    { size: RECENT, resultEqualityCheck: shallowEqual },
  );
  // the inputs are cheap reads of the state, read on every call; what they give is memoized above
  const select = (state: unknown, hookResult?: { readonly [field: string]: unknown }): NormalizedResult => {
    const key = storageKeyOf(state);
    const slice = instance.selectSlice(state);
    return compute(
      hookResult ?? rtkSelect(state),
      key === undefined ? undefined : getOwn(slice.endpoints, key),
      key === undefined ? undefined : getOwn(slice.meta, key),
      field(field(state, plan.reducerPath), 'config'),
      ...selectors.map((read) => read(state)),
      ...indexSelectors.map((read) => read(state)),
    );
  };
  return Object.assign(select, {
    rtk: rtkSelect,
    recomputations: () => recomputations,
    resetRecomputations: () => void (recomputations = 0),
  });
}

/** The entry's stored `error`: a failure once RTK Query has it fulfilled, else RTK Query's result with no data. */
function shownFailure(rtk: { readonly [field: string]: unknown }, error: unknown): NormalizedResult {
  return rtk.status === 'fulfilled' ? failed(rtk, error) : withFields(rtk, { data: undefined, currentData: undefined });
}

/** RTK Query's result turned into a failure with `error` (and no data). */
function failed(rtk: { readonly [field: string]: unknown }, error: unknown): NormalizedResult {
  return withFields(rtk, {
    status: 'rejected',
    isSuccess: false,
    isError: true,
    isLoading: false,
    error,
    data: undefined,
    currentData: undefined,
  });
}

/**
 * RTK Query's result with `fields` set over it, as `{ ...rtk, ...fields }` gives it (same fields,
 * same order). Copied with `Object.assign`: V8 adds a field to an object made by spreading through
 * its slow path, and a result is built after every write to what the entry reads (measured on 20
 * results of the bench: about 1 µs each spread, 0.15 µs assigned).
 */
function withFields(
  rtk: { readonly [field: string]: unknown },
  fields: { readonly data: unknown; readonly currentData: unknown; readonly [field: string]: unknown },
): NormalizedResult {
  return Object.assign({}, rtk, fields);
}
