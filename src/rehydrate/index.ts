import { resultFits } from '../normalizr/resultFits.js';
import { checkedState } from '../redux/slice/checkedState.js';
import type { Rehydrate } from '../redux/middleware/types.js';

export type { Rehydrate } from '../redux/middleware/types.js';

/**
 * The checks of a slice state that arrives from elsewhere, given to `createDataMiddleware({
 * rehydrate })`: a `preloadedState` from a server render, redux-persist's rehydration, a state
 * saved anywhere. Each part the store cannot keep (a record that is not a plain object of JSON
 * data, a write or call whose times are not finite or start more than `MAX_CLOCK_SKEW` ahead, a
 * result that is not JSON) is dropped alone with a development warning naming it, and the rest is
 * kept; a value that is not a slice state of this version (a string, an older version's shape)
 * leaves the slice empty and working, reported in development. A stored result its endpoint's
 * schema could not have produced reads as invalidated, and is fetched again. An entry of its own
 * (`rtk-entities/rehydrate`), so only an app that hands its store a state carries the checks.
 *
 * @example
 * ```ts
 * import { configureStore } from '@reduxjs/toolkit';
 * import { createDataMiddleware, entitiesSlice, type EntitiesState } from 'rtk-entities';
 * import { rehydrate } from 'rtk-entities/rehydrate';
 *
 * export function makeStore(preloadedState?: { entities: EntitiesState }) {
 *   return configureStore({
 *     reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
 *     middleware: (getDefault) => getDefault().concat(createDataMiddleware({ rehydrate })),
 *     ...(preloadedState ? { preloadedState } : {}),
 *   });
 * }
 * ```
 * @see docs/guide/persistence.md
 */
export const rehydrate: Rehydrate = { adopt: checkedState, resultFits };
