import type { Reducer } from '@reduxjs/toolkit';
import { Controller, type ControllerStore } from './Controller.js';
import { buildEntitiesReducer } from './slice/buildEntitiesReducer.js';
import { buildFetchEndpoint } from './fetchEndpoint.js';
import { buildGetEntitySelectors } from './select/getEntitySelectors.js';
import { bindMountPoint, buildMountPoint, type MountPoint } from './mountPoint.js';
import { buildDataMiddleware } from './middleware/buildDataMiddleware.js';
import type { DataMiddlewareOptions } from './middleware/types.js';
import { buildSelectEntityMeta } from './select/selectEntityMeta.js';
import { buildSelectQuery } from './select/selectQuery.js';
import { buildSelectResponse } from './select/selectResponse.js';
import type { EntitiesState } from './slice/state.js';
import type { EntitiesActions } from './slice/actions.js';
import type { SnapshotSelectors } from './select/snapshot.js';

/**
 * Options of `createEntities`.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface CreateEntitiesOptions<P extends string = 'entities'> {
  /** Where the slice is mounted in the root state. @default 'entities' */
  readonly reducerPath?: P;
}

/**
 * The slice object: mount `reducer` at `reducerPath`.
 *
 * @see docs/guide/getting-started.md#your-first-store
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

// Each member of the Redux API has a builder of its own, so that the default mount point's exports
// (`defaultEntities.ts`) are built one by one and a bundle keeps only those the app imports. The
// selectors are built once per mount point and shared by its Controller, middleware and hooks.

/** The slice object of `mount`, mounted at `reducerPath` (the mount point's). */
export function buildEntitiesSlice<P extends string>(mount: MountPoint, reducerPath: P): EntitiesSlice<P> {
  return {
    name: reducerPath,
    reducerPath,
    reducer: buildEntitiesReducer(mount),
    actions: mount.actions,
    selectSlice: mount.selectSlice,
  };
}

/** `createDataMiddleware` of `mount`. */
export function buildCreateDataMiddleware(mount: MountPoint, selectors: SnapshotSelectors) {
  return (options?: DataMiddlewareOptions) => buildDataMiddleware(mount, selectors, options);
}

/** `createController` of `mount`. */
export function buildCreateController(mount: MountPoint, selectors: SnapshotSelectors) {
  return (store: ControllerStore) => new Controller(store, mount, selectors);
}

/**
 * The whole Redux API bound to one mount point. The top-level exports are the same API for the
 * default mount point, `entities`.
 *
 * @example
 * ```ts
 * const cache = createEntities({ reducerPath: 'cache' });
 * const store = configureStore({
 *   reducer: { [cache.entitiesSlice.reducerPath]: cache.entitiesSlice.reducer },
 *   middleware: (getDefault) => getDefault().concat(cache.createDataMiddleware()),
 * });
 * ```
 * @see docs/guide/getting-started.md#your-first-store
 */
export function createEntities<P extends string = 'entities'>({
  reducerPath = 'entities' as P,
}: CreateEntitiesOptions<P> = {}) {
  const mount = buildMountPoint(reducerPath);
  const selectQuery = buildSelectQuery(mount);
  const selectResponse = buildSelectResponse(mount);
  const selectors = { selectQuery, selectResponse };
  const entities = {
    entitiesSlice: buildEntitiesSlice(mount, reducerPath),
    /**
     * The middleware that runs requests: add it after the default middleware.
     * @param options `fetch` (the transport, for tests or SSR) and `now` (the clock)
     * @example
     * ```ts
     * configureStore({ reducer, middleware: (getDefault) => getDefault().concat(createDataMiddleware()) });
     * ```
     */
    createDataMiddleware: buildCreateDataMiddleware(mount, selectors),
    fetchEndpoint: buildFetchEndpoint(mount),
    /** A Controller for `store`: fetch, invalidate, reset, set and read. */
    createController: buildCreateController(mount, selectors),
    selectQuery,
    selectResponse,
    getEntitySelectors: buildGetEntitySelectors(mount),
    selectEntityMeta: buildSelectEntityMeta(mount),
  };
  return bindMountPoint(entities, mount);
}

/**
 * Everything `createEntities` returns.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type Entities = ReturnType<typeof createEntities>;
