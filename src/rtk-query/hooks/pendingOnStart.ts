import { isRecord } from '../../utils/isRecord.js';

/**
 * What RTK Query's `useQuery` makes of the first render of an argument (its
 * `noPendingQueryStateSelector`, which a `selectFromResult` replaces): an entry not started yet
 * reads as pending, since the hook starts it.
 */
export function pendingOnStart<R>(result: R): R {
  if (!isRecord(result) || result.isUninitialized !== true) return result;
  return {
    ...result,
    isUninitialized: false,
    isFetching: true,
    isLoading: result.data === undefined,
    status: 'pending',
  };
}
