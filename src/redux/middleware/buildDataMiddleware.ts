import type { Middleware } from '@reduxjs/toolkit';
import type { EntitiesInstance } from '../instance.js';
import type { SnapshotFactory } from '../snapshot.js';
import { buildCollectHandler, createCollector, DEFAULT_KEEP_UNUSED_DATA_FOR } from './collect.js';
import { createCommit } from './commitAction.js';
import { createDedupe } from './dedupe.js';
import { buildNetworkHandler } from './network.js';
import { createOptimisticDisplay } from './optimistic.js';
import { buildRequestsHandler, createRequestLog } from './requests.js';
import { buildResetHandler } from './reset.js';
import type { DataApi, DataHandler, DataMiddlewareOptions, HandlerBuilder, MiddlewareContext } from './types.js';

/** The concerns of the middleware, in the order they see each action. */
const handlerBuilders: readonly HandlerBuilder[] = [
  buildResetHandler, // first: what was in flight is dropped before anything else sees the reset
  buildNetworkHandler,
  buildRequestsHandler,
  buildCollectHandler,
];

/** Every `DataApi` method, for `answersAll` (the compiler keeps the list whole). */
const API_METHODS: Record<keyof DataApi, true> = {
  fetch: true, receive: true, fail: true, now: true, track: true, retain: true, retainQuery: true, gc: true, drop: true,
};

/** Whether the handlers answered every `DataApi` method between them. */
function answersAll(api: Partial<DataApi>): api is DataApi {
  return Object.keys(API_METHODS).every((name) => name in api);
}

/**
 * Composes the data middleware (as RTK Query's `buildMiddleware`): builds the context the concerns
 * share, one store at a time, and the handlers listed above from it. Thunks and the Controller
 * reach the handlers' `DataApi` through the probe action; every other action passes each handler,
 * then the reducer.
 */
export function buildDataMiddleware(
  instance: EntitiesInstance,
  snapshot: SnapshotFactory,
  options: DataMiddlewareOptions = {},
): Middleware {
  const transport = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  return (store) => {
    const getState = () => store.getState() as unknown;
    const slice = () => instance.selectSlice(store.getState());
    // a subscriber that throws while our action is dispatched does not fail the request
    const dispatch = createCommit(store.dispatch, slice);
    const requests = createRequestLog(now);
    const shared = { instance, getState, slice, dispatch, fetch: transport, now, snapshot, requests };
    const context: MiddlewareContext = {
      ...shared,
      dedupe: createDedupe(),
      optimistic: createOptimisticDisplay(shared),
      collector: createCollector({
        keepUnusedDataFor: options.keepUnusedDataFor ?? DEFAULT_KEEP_UNUSED_DATA_FOR,
        now,
        slice,
        sweep: (payload) => dispatch(instance.actions.sweep(payload)),
        inFlight: () => requests.inFlight(),
      }),
    };
    const handlers: readonly DataHandler[] = handlerBuilders.map((build) => build(context));
    const api = handlers.reduce<Partial<DataApi>>((answered, handler) => ({ ...answered, ...handler.api }), {});
    if (!answersAll(api)) throw new Error('rtk-entities: a DataApi method has no handler in buildDataMiddleware');

    return (next) => (action) => {
      if (instance.probe.match(action)) return api;
      for (const handler of handlers) handler.onAction?.(action);
      return next(action);
    };
  };
}
