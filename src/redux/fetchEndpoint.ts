import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResultOf } from '../endpoint/ResultOf.js';
import type { MountPoint } from './mountPoint.js';
import type { DataApi } from './middleware/types.js';
import { connectToMiddleware } from './connection.js';

/**
 * The arguments an endpoint is called with (those of its `key`).
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type EndpointArgs<E extends EndpointInterface> = Parameters<E['key']>;

/**
 * A request's promise with RTK's `abort()`: rejects this caller with the reason and stores no error.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type AbortablePromise<T> = Promise<T> & {
  /** Aborts this caller's request (a shared read is aborted when all its callers have). */
  abort(reason?: unknown): void;
};

/** Starts a request through the middleware and gives its promise an `abort()`. */
export function startRequest<T>(
  api: DataApi,
  endpoint: EndpointInterface,
  args: readonly unknown[],
): AbortablePromise<T> {
  const controller = new AbortController();
  const promise = api.fetch(endpoint, args, controller.signal) as Promise<T>;
  return Object.assign(promise, { abort: (reason?: unknown) => controller.abort(reason) });
}

/**
 * Builds `fetchEndpoint(endpoint, ...args)`: a thunk that always makes the request (identical reads
 * in flight share one) and resolves AFTER the store commit with the denormalized value, the same
 * object the selectors return. It rejects with the error, which is also stored (serialized). The
 * promise has `abort()`, as RTK's thunks do.
 */
export function buildFetchEndpoint(mount: MountPoint) {
  return function fetchEndpoint<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): ThunkAction<AbortablePromise<ResultOf<E>>, unknown, unknown, UnknownAction> {
    return (dispatch) => startRequest(connectToMiddleware(mount, dispatch), endpoint, args);
  };
}
