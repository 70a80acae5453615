import { isRecord } from '../../utils/isRecord.js';

/** A request of RTK Query's as its hooks return it: a promise with `unwrap()` and other fields. */
type RtkPromise = PromiseLike<unknown> & { readonly unwrap?: () => Promise<unknown> };

/**
 * RTK Query's request promise (a lazy trigger's, `refetch`'s, a mutation trigger's, a next page's)
 * with the data it settles with read from the entities slice by `read` once it has answered:
 * `await trigger(arg)` gives a result whose `data` is denormalized, `.unwrap()` the denormalized
 * value. Every other field (`abort`, `unsubscribe`, `requestId`...) is RTK Query's own.
 *
 * @param read the data of the entry the request answered, denormalized (called after it answered)
 */
export function withReadData<P extends RtkPromise>(promise: P, read: () => unknown): P {
  const settled = Promise.resolve(promise).then((result) =>
    isRecord(result) && result.data !== undefined ? { ...result, data: read() } : result,
  );
  const unwrap = promise.unwrap;
  return Object.assign(
    settled,
    promise,
    unwrap === undefined ? {} : { unwrap: () => unwrap.call(promise).then(() => read()) },
  ) as unknown as P;
}

/** `trigger` whose returned promise reads its data through `readFor(promise)`. */
export function triggerWithReadData<A extends unknown[], P extends RtkPromise>(
  trigger: (...args: A) => P,
  readFor: (promise: P, ...args: A) => unknown,
): (...args: A) => P {
  return (...args: A) => {
    const promise = trigger(...args);
    return withReadData(promise, () => readFor(promise, ...args));
  };
}
