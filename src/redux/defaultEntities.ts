/**
 * The default mount point, `state.entities`: its API is what the package exports at the top level,
 * and the hooks of `rtk-entities/react` are bound to it.
 *
 * Tree-shaking: nothing here runs for a program that imports none of it. The mount point and each
 * member are read through calls marked `@__PURE__`, which bundlers drop when the result is unused
 * (a plain `defaultEntities.member` read at module scope counts as a side effect, so it would keep the
 * whole Redux layer in a bundle that only uses `normalize`).
 */
import { createEntities } from './createEntities.js';

/** Everything `createEntities()` returns, for the `entities` mount point. */
export const defaultEntities = /* @__PURE__ */ createEntities();

/** One member of the default mount point, read in a call that bundlers may drop. */
function member<K extends keyof typeof defaultEntities>(key: K): (typeof defaultEntities)[K] {
  return defaultEntities[key];
}

/**
 * The `entities` slice: mount `entitiesSlice.reducer` at `entitiesSlice.reducerPath` ('entities').
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const entitiesSlice = /* @__PURE__ */ member('entitiesSlice');
/**
 * Creates the middleware that runs requests for the `entities` slice.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const createDataMiddleware = /* @__PURE__ */ member('createDataMiddleware');
/**
 * A thunk that fetches an endpoint and resolves after the commit with the denormalized value.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const fetchEndpoint = /* @__PURE__ */ member('fetchEndpoint');
/**
 * A Controller for a store using the `entities` slice.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const createController = /* @__PURE__ */ member('createController');
/**
 * A memoized selector reading a queryable (All, Entity, Query) from the store alone.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const selectQuery = /* @__PURE__ */ member('selectQuery');
/**
 * The memoized selector of one endpoint call's data and status.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const selectResponse = /* @__PURE__ */ member('selectResponse');
/**
 * `createEntityAdapter`-style selectors for an Entity (or an All).
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export const getEntitySelectors = /* @__PURE__ */ member('getEntitySelectors');
/**
 * When a stored record was written, or that it was deleted: `selectEntityMeta(state, User, '1')`.
 *
 * @see docs/reference/state-shape.md
 */
export const selectEntityMeta = /* @__PURE__ */ member('selectEntityMeta');
