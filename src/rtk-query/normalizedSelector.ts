import { createSelector } from 'reselect';
import type { EntitiesInstance } from '../redux/instance.js';
import type { CountingSelector } from '../redux/selectResponse.js';
import type { ResponseMeta } from '../redux/state.js';
import { tableInputs } from '../redux/tableInputs.js';
import { getOwn } from '../utils/ownProperty.js';
import { isRecord } from '../utils/isRecord.js';
import type { RtkSelector } from './readApi.js';
import { shallowEqual } from './shallowEqual.js';

/** RTK Query's result for one entry, with `data` and `currentData` read from the entities slice. */
export type NormalizedResult = {
  readonly [field: string]: unknown;
  readonly data: unknown;
  readonly currentData: unknown;
};

/**
 * A selector of RTK Query's own result for one entry (flags, `status`, `error`), whose `data` and
 * `currentData` are denormalized from the entities slice: instances, current after every write to
 * the entities they hold. No data unless RTK Query has data for the entry and the slice its
 * normalized result (RTK Query removed the entry: neither has). When normalizing the entry's data
 * failed, the result is an error naming the endpoint.
 *
 * Memoized on RTK Query's result, the stored result and the tables the schema can read, per set of
 * them (so per store): the same object while none changes, and while a change leaves every field
 * as it was. `recomputations()` counts the results it built.
 *
 * @param storageKeyOf where the entry's normalized result is stored, once that is known
 * @param argsOf the arguments `schema.Query` reads, from RTK Query's result
 */
export function normalizedSelector(
  instance: EntitiesInstance,
  schema: unknown,
  rtkSelect: RtkSelector,
  storageKeyOf: (state: unknown) => string | undefined,
  argsOf: (rtkResult: { readonly [field: string]: unknown }) => readonly unknown[],
): CountingSelector<NormalizedResult> {
  const { selectors, toTables } = tableInputs(instance, schema);
  const stored = (state: unknown): unknown => {
    const key = storageKeyOf(state);
    return key === undefined ? undefined : getOwn(instance.selectSlice(state).endpoints, key);
  };
  const storedMeta = (state: unknown): ResponseMeta | undefined => {
    const key = storageKeyOf(state);
    return key === undefined ? undefined : getOwn(instance.selectSlice(state).meta, key);
  };
  return createSelector(
    [rtkSelect, stored, storedMeta, ...selectors],
    (rtkResult, result, meta, ...tables): NormalizedResult => {
      const own = isRecord(rtkResult) ? rtkResult : {};
      if (meta?.error !== undefined) {
        return own.status === 'fulfilled'
          ? {
              ...own,
              status: 'rejected',
              isSuccess: false,
              isError: true,
              error: meta.error,
              data: undefined,
              currentData: undefined,
            }
          : { ...own, data: undefined, currentData: undefined };
      }
      const data =
        meta !== undefined && own.data !== undefined
          ? instance.memo.denormalize(schema, result, toTables(tables), argsOf(own))
          : undefined;
      return { ...own, data, currentData: data };
    },
    { memoizeOptions: { resultEqualityCheck: shallowEqual } },
  ) as unknown as CountingSelector<NormalizedResult>;
}
