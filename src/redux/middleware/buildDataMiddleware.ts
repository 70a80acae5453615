import type { Middleware } from '@reduxjs/toolkit';
import type { MountPoint } from '../mountPoint.js';
import { buildSnapshotFactory, type SnapshotSelectors } from '../select/snapshot.js';
import { buildArrivalCheck } from './arrivals.js';
import type { Relay } from './broadcast.js';
import { buildCollector, DEFAULT_KEEP_UNUSED_DATA_FOR } from './collect.js';
import { buildCommit } from './commitAction.js';
import { buildNetwork } from './network.js';
import { buildOptimisticDisplay } from './optimistic.js';
import { buildPoller } from './poll.js';
import { buildRequestRegistry } from './requestRegistry.js';
import { buildReset } from './reset.js';
import type { DataApi, DataMiddlewareOptions, MiddlewareContext } from './types.js';

/**
 * Composes the data middleware (as RTK Query's `buildMiddleware`), one store at a time: builds the
 * request registry and the parts that share it, and writes the middleware's API as one object
 * whose every method names the part that answers it. The Controller, thunks and the RTK Query
 * bridge reach that object with the mount point's connect action (`connection.ts`); every other
 * action passes the reset on its way to the reducer, and the broadcast (other tabs, given by `rtk-entities/tabs`) after it.
 *
 * @param selectors the mount point's selectors: what the fetch policy and `getOptimisticResponse` read
 */
export function buildDataMiddleware(
  mount: MountPoint,
  selectors: SnapshotSelectors,
  options: DataMiddlewareOptions = {},
): Middleware {
  const transport = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const snapshot = buildSnapshotFactory(selectors);
  const channel = options.broadcastChannel;
  if (process.env.NODE_ENV !== 'production' && typeof channel === 'string')
    throw new TypeError(
      `createDataMiddleware({ broadcastChannel: '${channel}' }): the tabs are an entry of their own, so an app that ` +
        `shares none carries none of their code: import { tabs } from 'rtk-entities/tabs' and pass ` +
        `broadcastChannel: tabs('${channel}').`,
    );
  // now, before the store exists: its reducer meets a preloadedState before any middleware runs
  const { rehydrate } = options;
  if (rehydrate !== undefined) mount.adopt = rehydrate.adopt;
  mount.memo.views ??= options.views;
  mount.resultFits ??= rehydrate?.resultFits ?? channel?.resultFits;

  return (store) => {
    const slice = () => mount.selectSlice(store.getState());
    // a subscriber that throws while our action is dispatched does not fail the request
    const dispatch = buildCommit(store.dispatch, slice);
    const shared = channel === undefined ? undefined : { name: channel.name, tab: channel.newTabId() };
    const registry = buildRequestRegistry(now, shared?.tab);
    const context: MiddlewareContext = {
      mount,
      selectors,
      getState: store.getState,
      slice,
      dispatch,
      fetch: transport,
      now,
      snapshot,
      registry,
    };
    const collector = buildCollector({
      keepUnusedDataFor: options.keepUnusedDataFor ?? DEFAULT_KEEP_UNUSED_DATA_FOR,
      now,
      slice,
      sweep: (payload) => dispatch(mount.actions.sweep(payload)),
      requests: registry,
    });
    const optimistic = buildOptimisticDisplay(context);
    const network = buildNetwork({ ...context, optimistic, collector });
    const poller = buildPoller({ ...network, retain: collector.retain });
    const reset = buildReset(mount, registry, collector);
    const relay: Relay =
      channel?.relay({ ...context, optimistic }, shared, options.signal) ?? ((action, pass) => pass(action));
    const checkArrivals = buildArrivalCheck({ ...context, optimistic });

    const api: DataApi = {
      // the network and the poller answer exactly their DataApi methods; the registry and the collector more
      ...network,
      ...poller,
      begin: registry.begin,
      hold: registry.hold,
      release: registry.release,
      retain: collector.retain,
      retainQuery: collector.retainQuery,
      gc: collector.gc,
      drop: collector.drop,
      unusedLongEnough: collector.unusedLongEnough,
      now,
    };

    return (next) => (action) => {
      if (mount.connectAction.match(action)) return api;
      reset(action);
      const result = relay(action, next);
      checkArrivals(action);
      return result;
    };
  };
}
