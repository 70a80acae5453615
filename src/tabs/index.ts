import { buildBroadcast, newTabId } from '../redux/middleware/broadcast.js';
import { resultFits } from '../normalizr/resultFits.js';
import type { TabsChannel } from '../redux/middleware/types.js';

export type { TabsChannel } from '../redux/middleware/types.js';

/**
 * The tabs of an app as one cache: given to `createDataMiddleware({ broadcastChannel: tabs(name) })`,
 * every committed write of a store is posted on a `BroadcastChannel` of that name and applied by
 * every other store on it, in the order the writes started across tabs. An entry of its own
 * (`rtk-entities/tabs`), so only an app that shares its tabs carries the code.
 *
 * @param name the channel's name: stores on another name never hear these writes
 * @example
 * ```ts
 * import { configureStore } from '@reduxjs/toolkit';
 * import { createDataMiddleware, entitiesSlice } from 'rtk-entities';
 * import { tabs } from 'rtk-entities/tabs';
 *
 * const store = configureStore({
 *   reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
 *   middleware: (getDefault) => getDefault().concat(createDataMiddleware({ broadcastChannel: tabs('my-app') })),
 * });
 * ```
 * @see docs/guide/tabs.md
 */
export function tabs(name: string): TabsChannel {
  return { name, relay: buildBroadcast, newTabId, resultFits };
}
