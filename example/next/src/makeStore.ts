import { configureStore } from '@reduxjs/toolkit';
import { createDataMiddleware, entitiesSlice, type DataMiddlewareOptions, type EntitiesState } from 'rtk-entities';
import { rehydrate } from 'rtk-entities/rehydrate';

/**
 * The app's store, on the server (one per request, with a `fetch` that reaches the API) and in the
 * browser (one per page, from the server's state).
 */
export function makeStore(
  options: { preloadedState?: { entities: EntitiesState }; fetch?: DataMiddlewareOptions['fetch'] } = {},
) {
  return configureStore({
    reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    middleware: (getDefault) =>
      // the browser's store starts from the server's state: `rehydrate` checks it on arrival
      getDefault().concat(createDataMiddleware({ rehydrate, ...(options.fetch ? { fetch: options.fetch } : {}) })),
    ...(options.preloadedState ? { preloadedState: options.preloadedState } : {}),
  });
}

/** The state a server render hands to the browser. */
export type ServerState = { entities: EntitiesState };
