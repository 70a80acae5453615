import { weakMapMemoize } from 'reselect';

/**
 * Memoize options of the selectors an app shares between stores (made once at module level, as
 * apps write them): each state root and each set of tables gets its own cache entry, held weakly,
 * so reads that alternate between two stores find each store's result instead of recomputing it
 * every time, and a write in one store leaves the other's results alone. Nothing old stays alive:
 * an entry goes with the state and tables it was computed from.
 */
export const perStoreMemo = { memoize: weakMapMemoize, argsMemoize: weakMapMemoize } as const;
