import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { isRecord } from '../../utils/isRecord.js';
import { field, stringField } from '../../utils/field.js';
import { argId } from '../argId.js';
import type { DeclaredEndpoint } from '../readApi.js';
import type { QueryHookOptions } from './buildQueryHooks.js';

/** The request a suspended render started, kept subscribed until a render with data mounts. */
interface Suspended {
  readonly promise: Promise<void>;
  release(): void;
}

/** A request's promise with RTK Query's `unsubscribe()`. */
type Subscribed = PromiseLike<unknown> & { unsubscribe(): void };

function isSubscribed(value: unknown): value is Subscribed {
  return typeof field(value, 'then') === 'function' && typeof field(value, 'unsubscribe') === 'function';
}

/** RTK Query's error (`{ status, data }` or a serialized error) as an `Error` an error boundary receives, keeping its fields. */
function thrownError(error: unknown, label: string): Error {
  if (error instanceof Error) return error;
  const status = field(error, 'status');
  const message =
    stringField(error, 'message') ?? `${label} failed${status === undefined ? '' : ` with status ${String(status)}`}`;
  return Object.assign(new Error(message), isRecord(error) ? error : {});
}

/**
 * Builds `endpoints[name].useSuspenseQuery(arg, options)`: the normalized `useQuery`, for Suspense
 * and error boundaries. Until the argument has data the component suspends (the request is started
 * and kept subscribed until a render with data mounts, whose own subscription then holds it); an
 * error with no data is thrown to the nearest error boundary, as an `Error` keeping RTK Query's
 * fields (`status`, `data`). Once data is shown, refetches do not suspend: `isFetching` says so.
 *
 * @param useQuery the normalized `useQuery` of the endpoint
 */
export function buildUseSuspenseQuery(
  declared: DeclaredEndpoint,
  useQuery: (arg: unknown, options?: QueryHookOptions) => { readonly [field: string]: unknown },
) {
  const { initiate } = declared.rtk;
  if (typeof initiate !== 'function') throw new TypeError(`normalizeApi: ${declared.label} has no initiate().`);
  const byStore = new WeakMap<object, Map<string, Suspended>>();
  const suspendedIn = (store: object): Map<string, Suspended> => {
    let found = byStore.get(store);
    if (found === undefined) byStore.set(store, (found = new Map()));
    return found;
  };

  return function useSuspenseQuery(arg: unknown, options: QueryHookOptions = {}) {
    const result = useQuery(arg, options);
    const store = useStore();
    const dispatch = useDispatch();
    const key = argId(arg);
    const shown = result.data !== undefined;
    useEffect(() => {
      const suspended = suspendedIn(store);
      const held = suspended.get(key);
      if (held === undefined || !shown) return;
      suspended.delete(key);
      held.release();
    }, [store, key, shown]);
    if (arg === skipToken || options.skip === true || shown) return result;
    const suspended = suspendedIn(store);
    if (result.isError === true) {
      suspended.get(key)?.release();
      suspended.delete(key);
      throw thrownError(result.error, declared.label);
    }
    let held = suspended.get(key);
    if (held === undefined) {
      const request: unknown = dispatch(initiate(arg) as never);
      if (!isSubscribed(request)) throw new TypeError(`normalizeApi: ${declared.label}'s initiate() gave no request.`);
      held = { promise: Promise.resolve(request).then(() => undefined), release: () => request.unsubscribe() };
      suspended.set(key, held);
    }
    throw held.promise;
  };
}
