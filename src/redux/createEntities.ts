import type { Reducer } from '@reduxjs/toolkit';
import { Controller, type ControllerStore } from './Controller.js';
import { createEntitiesReducer } from './createEntitiesReducer.js';
import { createFetchEndpoint } from './fetchEndpoint.js';
import { createGetEntitySelectors } from './getEntitySelectors.js';
import { bindInstance, createInstance } from './instance.js';
import { buildDataMiddleware } from './middleware/buildDataMiddleware.js';
import type { DataMiddlewareOptions } from './middleware/types.js';
import { createSelectEntityMeta } from './selectEntityMeta.js';
import { createSelectQuery } from './selectQuery.js';
import { createSelectResponse } from './selectResponse.js';
import type { EntitiesState } from './state.js';
import type { EntitiesActions } from './actions.js';
import { createSnapshotFactory } from './snapshot.js';

/**
 * Options of `createEntities`.
 *
 * @see README.md#add-it-to-your-store
 */
export interface CreateEntitiesOptions<P extends string = 'entities'> {
  /** Where the slice is mounted in the root state. @default 'entities' */
  readonly reducerPath?: P;
}

/**
 * The slice object: mount `reducer` at `reducerPath`.
 *
 * @see README.md#add-it-to-your-store
 */
export interface EntitiesSlice<P extends string = 'entities'> {
  readonly name: P;
  readonly reducerPath: P;
  readonly reducer: Reducer<EntitiesState>;
  /** Action creators; each has `.match(action)` for `extraReducers` and listeners. */
  readonly actions: EntitiesActions;
  /** The slice from the root state. */
  selectSlice(state: unknown): EntitiesState;
}

/**
 * The whole Redux API bound to one mount point. The top-level exports are `createEntities()`.
 *
 * @example
 * ```ts
 * const cache = createEntities({ reducerPath: 'cache' });
 * const store = configureStore({
 *   reducer: { [cache.entitiesSlice.reducerPath]: cache.entitiesSlice.reducer },
 *   middleware: (getDefault) => getDefault().concat(cache.createDataMiddleware()),
 * });
 * ```
 * @see README.md#add-it-to-your-store
 */
export function createEntities<P extends string = 'entities'>({ reducerPath = 'entities' as P }: CreateEntitiesOptions<P> = {}) {
  const instance = createInstance(reducerPath);
  const selectQuery = createSelectQuery(instance);
  const selectResponse = createSelectResponse(instance);
  const entitiesSlice: EntitiesSlice<P> = {
    name: reducerPath,
    reducerPath,
    reducer: createEntitiesReducer(instance.actions),
    actions: instance.actions,
    selectSlice: instance.selectSlice,
  };
  const entities = {
    entitiesSlice,
    /**
     * The middleware that runs requests: add it after the default middleware.
     * @param options `fetch` (the transport, for tests or SSR) and `now` (the clock)
     * @example
     * ```ts
     * configureStore({ reducer, middleware: (getDefault) => getDefault().concat(createDataMiddleware()) });
     * ```
     */
    createDataMiddleware: (options?: DataMiddlewareOptions) => buildDataMiddleware(instance, createSnapshotFactory({ selectQuery, selectResponse }), options),
    fetchEndpoint: createFetchEndpoint(instance),
    /** A Controller for `store`: fetch, invalidate, reset, set and read. */
    createController: (store: ControllerStore) => new Controller(store, instance, { selectQuery, selectResponse }),
    selectQuery,
    selectResponse,
    getEntitySelectors: createGetEntitySelectors(instance),
    selectEntityMeta: createSelectEntityMeta(instance),
  };
  return bindInstance(entities, instance);
}

/**
 * Everything `createEntities` returns.
 *
 * @see README.md#add-it-to-your-store
 */
export type Entities = ReturnType<typeof createEntities>;
