import { isRecord } from '../../utils/isRecord.js';
import type { NormalizedResult } from './normalizedSelector.js';

/** A request of RTK Query's as its hooks return it: a promise with `unwrap()` and other fields. */
type RtkPromise = PromiseLike<unknown> & { readonly unwrap?: () => Promise<unknown> };

/**
 * RTK Query's request promise (a lazy trigger's, `refetch`'s, a mutation trigger's, a next page's)
 * settling with the entry as the entities slice reads it once the request answered: `await
 * trigger(arg)` gives a result whose `data` is denormalized, `.unwrap()` the denormalized value. When
 * the entities slice reads an error there (a response that does not fit its schema, a store without
 * `entitiesApi.middleware`), the result is that error and `.unwrap()` rejects with it, as for a
 * request that failed. Every other field (`abort`, `unsubscribe`, `requestId`...) is RTK Query's own.
 *
 * @param read the entry's normalized result (called after the request answered)
 */
export function withReadData<P extends RtkPromise>(promise: P, read: () => NormalizedResult): P {
  const settled = Promise.resolve(promise).then((result) => {
    if (!isRecord(result) || result.data === undefined) return result;
    const ours = read();
    return ours.isError === true
      ? { ...result, data: undefined, error: ours.error, isError: true, isSuccess: false, status: 'rejected' }
      : { ...result, data: ours.currentData };
  });
  const unwrap = promise.unwrap;
  return Object.assign(
    settled,
    promise,
    unwrap === undefined
      ? {}
      : {
          unwrap: () =>
            unwrap.call(promise).then(() => {
              const ours = read();
              if (ours.isError === true) throw ours.error;
              return ours.currentData;
            }),
        },
  ) as unknown as P;
}
