import type { Middleware } from '@reduxjs/toolkit';
import type { MountPoint } from '../mountPoint.js';
import type { SnapshotFactory } from '../select/snapshot.js';
import { buildCollectHandler, buildCollector, DEFAULT_KEEP_UNUSED_DATA_FOR } from './collect.js';
import { buildCommit } from './commitAction.js';
import { buildDedupe } from './dedupe.js';
import { buildNetworkHandler } from './network.js';
import { buildOptimisticDisplay } from './optimistic.js';
import { buildRequestsHandler, buildRequestLog } from './requests.js';
import { buildResetHandler } from './reset.js';
import type { DataApi, DataHandler, DataMiddlewareOptions, HandlerBuilder, MiddlewareContext } from './types.js';

/** The concerns of the middleware, in the order they see each action. */
const handlerBuilders: readonly HandlerBuilder[] = [
  buildResetHandler, // first: what was in flight is dropped before anything else sees the reset
  buildNetworkHandler,
  buildRequestsHandler,
  buildCollectHandler,
];

/**
 * Composes the data middleware (as RTK Query's `buildMiddleware`): builds the context the concerns
 * share, one store at a time, and the handlers listed above from it. Thunks and the Controller
 * reach the handlers' `DataApi` through the mount point's connect action; every other action passes each handler,
 * then the reducer.
 */
export function buildDataMiddleware(
  mount: MountPoint,
  snapshot: SnapshotFactory,
  options: DataMiddlewareOptions = {},
): Middleware {
  const transport = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  return (store) => {
    const slice = () => mount.selectSlice(store.getState());
    // a subscriber that throws while our action is dispatched does not fail the request
    const dispatch = buildCommit(store.dispatch, slice);
    const requests = buildRequestLog(now);
    const shared = { mount, getState: store.getState, slice, dispatch, fetch: transport, now, snapshot, requests };
    const context: MiddlewareContext = {
      ...shared,
      dedupe: buildDedupe(),
      optimistic: buildOptimisticDisplay(shared),
      collector: buildCollector({
        keepUnusedDataFor: options.keepUnusedDataFor ?? DEFAULT_KEEP_UNUSED_DATA_FOR,
        now,
        slice,
        sweep: (payload) => dispatch(mount.actions.sweep(payload)),
        inFlight: () => requests.inFlight(),
      }),
    };
    const handlers: readonly DataHandler[] = handlerBuilders.map((build) => build(context));
    // the handlers listed answer every method between them
    const api = handlers.reduce((answered, handler) => ({ ...answered, ...handler.api }), {}) as DataApi;

    return (next) => (action) => {
      if (mount.connectAction.match(action)) return api;
      for (const handler of handlers) handler.onAction?.(action);
      return next(action);
    };
  };
}
