import { useMemo } from 'react';
import { useStore } from 'react-redux';
import type { EntrySelector, NormalizedResult } from '../normalizedSelector.js';
import { pendingOnStart } from './pendingOnStart.js';

/** A hook's result as RTK Query's hooks make it, before any `selectFromResult`. */
export type HookResult = { readonly [field: string]: unknown };

/** The user's `selectFromResult` (RTK Query's option). */
export type SelectFromResult = (result: NormalizedResult) => unknown;

/**
 * The `selectFromResult` the normalized hooks give RTK Query's own: RTK Query's result for the
 * hook (its flags, its `lastResult` logic) with `data` and `currentData` read from the entities
 * slice by `selectorOf(result)` (the entry's normalized selector), then the user's
 * `selectFromResult`, if any. RTK Query runs it inside its `useSelector`, so a component re-renders
 * only when what it selects changes, as with RTK Query alone.
 *
 * @param pendingFirst apply RTK Query's first-render rule (`pendingOnStart`), as `useQuery` does
 *   when it is neither skipped nor given a `selectFromResult`
 */
export function useSelectFromResult(
  selectorOf: (result: HookResult) => EntrySelector,
  user: SelectFromResult | undefined,
  pendingFirst: boolean,
): (result: HookResult) => unknown {
  const store = useStore();
  return useMemo(
    () => (result: HookResult) => {
      const shown = pendingFirst ? pendingOnStart(result) : result;
      const read = selectorOf(shown)(store.getState(), shown);
      return user === undefined ? read : user(read);
    },
    [store, selectorOf, user, pendingFirst],
  );
}
