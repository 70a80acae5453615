import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { isRecord } from '../../utils/isRecord.js';
import { field, stringField } from '../../utils/field.js';
import { retryOnReset } from '../../utils/retryOnReset.js';
import { entryOf } from '../../utils/entryOf.js';
import { argId } from '../select/argId.js';
import type { DeclaredEndpoint } from '../definition/readApi.js';
import type { QueryHookOptions } from './buildQueryHooks.js';

/** The request a suspended render started, kept subscribed until a render with data mounts. */
interface Suspended {
  readonly promise: Promise<void>;
  release(): void;
}

/** An error a render threw to the error boundary. */
interface Thrown {
  /** RTK Query's request that failed. */
  readonly requestId: unknown;
  /** What is thrown: every render of that failure throws this very object, until a reset. */
  readonly error: Error;
  /** An `ErrorBoundary` that caught `error` was reset: the next render fetches again. */
  reset: boolean;
}

/** How long after a request settles a suspended render's subscription is kept for its component to mount. */
const HANDOVER_MS = 5_000;

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
 * fields (`status`, `data`). Every render of that failure throws the same `Error` (React renders a
 * render that threw again, more than once, before its error boundary shows), until an
 * `ErrorBoundary` or `AsyncBoundary` of `rtk-entities/react` that caught it resets: the next render
 * then fetches again, however soon the reset comes (`retryOnReset`).
 * Once data is shown, refetches do not suspend: `isFetching` says so.
 *
 * @param useQuery the normalized `useQuery` of the endpoint
 */
export function buildUseSuspenseQuery(
  declared: DeclaredEndpoint,
  useQuery: (arg: unknown, options?: QueryHookOptions) => { readonly [field: string]: unknown },
) {
  const { initiate } = declared.rtk;
  const byStore = new WeakMap<object, { suspended: Map<string, Suspended>; thrown: Map<string, Thrown> }>();
  const recordsOf = (store: object) => entryOf(byStore, store, () => ({ suspended: new Map(), thrown: new Map() }));

  return function useSuspenseQuery(arg: unknown, options: QueryHookOptions = {}) {
    const result = useQuery(arg, options);
    const store = useStore();
    const dispatch = useDispatch();
    const key = argId(arg);
    const shown = result.data !== undefined;
    useEffect(() => {
      const { suspended } = recordsOf(store);
      const held = suspended.get(key);
      if (held === undefined || !shown) return;
      suspended.delete(key);
      held.release();
    }, [store, key, shown]);
    if (arg === skipToken || options.skip === true || shown) return result;
    const { suspended, thrown } = recordsOf(store);
    if (result.isError === true) {
      let failure = thrown.get(key);
      if (failure === undefined || failure.requestId !== result.requestId) {
        const record: Thrown = {
          requestId: result.requestId,
          error: thrownError(result.error, declared.label),
          reset: false,
        };
        retryOnReset(record.error, () => void (record.reset = true));
        thrown.set(key, (failure = record));
      }
      if (!failure.reset) {
        suspended.get(key)?.release();
        throw failure.error;
      }
      // the boundary that caught it was reset: a retry, which fetches again
      thrown.delete(key);
    }
    let held = suspended.get(key);
    if (held === undefined) {
      const request: unknown = dispatch(initiate(arg, { forceRefetch: result.isError === true }) as never);
      if (!isSubscribed(request)) throw new TypeError(`normalizeApi: ${declared.label}'s initiate() gave no request.`);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        request.unsubscribe();
        if (suspended.get(key) === held) suspended.delete(key);
      };
      const promise = Promise.resolve(request).then(() => {
        // a component that never mounts (abandoned while suspended) must not keep the entry forever
        const timer = setTimeout(release, HANDOVER_MS);
        (timer as { unref?: () => void }).unref?.();
      });
      held = { promise, release };
      suspended.set(key, held);
    }
    throw held.promise;
  };
}
