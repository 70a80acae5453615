/**
 * The default mount point, `state.entities`: its API is what the package exports at the top level,
 * and the hooks of `rtk-entities/react` are bound to it.
 *
 * Tree-shaking: nothing here runs for a program that imports none of it, and a bundle keeps only the
 * members the app imports. Each member is built on its own from the one mount point, in a call marked
 * `@__PURE__` that bundlers drop when the result is unused (one `createEntities()` would build them
 * all, and a member read from its object at module scope counts as a side effect).
 */
import { buildCreateController, buildCreateDataMiddleware, buildEntitiesSlice } from './createEntities.js';
import { buildFetchEndpoint } from './fetchEndpoint.js';
import { buildMountPoint } from './mountPoint.js';
import { buildGetEntitySelectors } from './select/getEntitySelectors.js';
import { buildSelectEntityMeta } from './select/selectEntityMeta.js';
import { buildSelectQuery } from './select/selectQuery.js';
import { buildSelectResponse } from './select/selectResponse.js';

/** The mount point of `state.entities`, which the members below share (and `normalizeApi` by default). */
export const defaultMountPoint = /* @__PURE__ */ buildMountPoint('entities');

/**
 * A memoized selector reading a queryable (All, Entity, Query) from the store alone.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const selectQuery = /* @__PURE__ */ buildSelectQuery(defaultMountPoint);
/**
 * The memoized selector of one endpoint call's data and status.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const selectResponse = /* @__PURE__ */ buildSelectResponse(defaultMountPoint);
/** What the Controller, the middleware and the hooks of the mount point read through. */
const selectors = { selectQuery, selectResponse };

/**
 * The `entities` slice: mount `entitiesSlice.reducer` at `entitiesSlice.reducerPath` ('entities').
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const entitiesSlice = /* @__PURE__ */ buildEntitiesSlice(defaultMountPoint, 'entities');
/**
 * Creates the middleware that runs requests for the `entities` slice.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const createDataMiddleware = /* @__PURE__ */ buildCreateDataMiddleware(defaultMountPoint, selectors);
/**
 * A thunk that fetches an endpoint and resolves after the commit with the denormalized value.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const fetchEndpoint = /* @__PURE__ */ buildFetchEndpoint(defaultMountPoint);
/**
 * A Controller for a store using the `entities` slice.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const createController = /* @__PURE__ */ buildCreateController(defaultMountPoint, selectors);
/**
 * `createEntityAdapter`-style selectors for an Entity (or an All).
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const getEntitySelectors = /* @__PURE__ */ buildGetEntitySelectors(defaultMountPoint);
/**
 * When a stored record was written, or that it was deleted: `selectEntityMeta(state, User, '1')`.
 *
 * @see docs/reference/state-shape.md
 */
export const selectEntityMeta = /* @__PURE__ */ buildSelectEntityMeta(defaultMountPoint);
