import type { NormalizedResult } from './normalizedSelector.js';

/**
 * RTK Query's request promise (`initiate`'s, a lazy trigger's, `refetch`'s, a mutation trigger's, a
 * next page's) settling, once the request answered, with the entry as the entities slice reads it
 * (`read`: RTK Query's result with `data` denormalized): `await trigger(arg)` gives that result,
 * `.unwrap()` its data, or rejects with its error, as for a request that failed; so does a response
 * the entities slice cannot read (one that does not fit its schema, a store without
 * `entitiesApi.middleware`). Every other field (`abort`, `unsubscribe`, `requestId`...) is RTK Query's own.
 *
 * @param read the entry's normalized result (called after the request answered)
 */
export function withReadData<P extends PromiseLike<unknown>>(promise: P, read: () => NormalizedResult): P {
  const settled = Promise.resolve(promise).then(read);
  const unwrap = () =>
    settled.then((result) => {
      if (result.isError === true) throw result.error;
      return result.currentData;
    });
  return Object.assign(settled, promise, 'unwrap' in promise ? { unwrap } : {}) as unknown as P;
}
