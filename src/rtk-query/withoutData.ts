import { isRecord } from '../utils/isRecord.js';

/**
 * `selectFromResult` for RTK Query's hooks: its result without `data` and `currentData`, which
 * normalizeApi reads from the entities slice instead. RTK Query's hook then re-renders only when a
 * flag (or another field) changes, never for raw data.
 */
export function withoutData(result: unknown): { readonly [field: string]: unknown } {
  if (!isRecord(result)) return {};
  const { data: _data, currentData: _currentData, ...rest } = result;
  return rest;
}

/**
 * `withoutData`, plus what RTK Query's `useQuery` does on the first render of an argument (its
 * `noPendingQueryStateSelector`, which a `selectFromResult` of ours replaces): an entry not started
 * yet reads as pending, since the hook starts it.
 */
export function withoutDataNotUninitialized(result: unknown): { readonly [field: string]: unknown } {
  const rest = withoutData(result);
  if (rest.isUninitialized !== true) return rest;
  return {
    ...rest,
    isUninitialized: false,
    isFetching: true,
    isLoading: !isRecord(result) || result.data === undefined,
    status: 'pending',
  };
}
