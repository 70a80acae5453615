import { useMemo, useRef } from 'react';
import { useSelector } from 'react-redux';
import type { EntrySelector, NormalizedResult } from '../select/normalizedSelector.js';
import { shallowEqual } from '../select/shallowEqual.js';
import { pendingOnStart } from './pendingOnStart.js';

/** A hook's result as RTK Query's hooks make it, before any `selectFromResult`. */
export type HookResult = { readonly [field: string]: unknown };

/** The user's `selectFromResult` (RTK Query's option). */
export type SelectFromResult = (result: NormalizedResult) => unknown;

/** What RTK Query's hook selects: nothing that changes, so it never re-renders the component itself. */
const STASHED = Object.freeze({});

/** RTK Query's hook result, kept as its hook last made it. */
export interface ResultStash {
  /** The `selectFromResult` to give RTK Query's hook: keeps its result, selects nothing. */
  readonly selectFromResult: (result: HookResult) => object;
  readonly last: { current: HookResult };
}

/**
 * A place for RTK Query's hook result: give `stash.selectFromResult` to RTK Query's own hook, then
 * read with `useNormalizedSelection`. RTK Query's hook then keeps doing its work (its flags, its
 * `lastResult` logic, subscriptions) but never re-renders the component on its own.
 */
export function useResultStash(): ResultStash {
  const last = useRef<HookResult>({});
  return useMemo(
    () => ({
      last,
      selectFromResult: (result: HookResult) => {
        last.current = result;
        return STASHED;
      },
    }),
    [],
  );
}

/**
 * What a normalized hook shows: RTK Query's result for it (from `stash`: its flags, and the last
 * argument's data while a new one loads) with `data` and `currentData` read from the entities slice
 * by `selectorOf(result)` (the entry's normalized selector), then the user's `selectFromResult`, if
 * any. One `useSelector` over both, after RTK Query's hook: the component re-renders when what it
 * selects changes (shallowly, as RTK Query compares), whichever of the two caches changed.
 *
 * @param pendingFirst apply RTK Query's first-render rule (`pendingOnStart`), as `useQuery` does
 *   when it is neither skipped nor given a `selectFromResult`
 */
export function useNormalizedSelection(
  stash: ResultStash,
  selectorOf: (result: HookResult) => EntrySelector,
  user: SelectFromResult | undefined,
  pendingFirst: boolean,
): unknown {
  // RTK Query's hook, called just before, has already run its selector for this state. Its result
  // can change with no store update (a trigger's request id, set by a render after the request
  // answered): the selection is then made again, as react-redux makes it only for a new state or selector
  const rtkResult = stash.last.current;
  const select = useMemo(() => {
    let before: NormalizedResult | undefined;
    let selected: unknown;
    return (state: unknown) => {
      const result = stash.last.current;
      const shown = pendingFirst ? pendingOnStart(result) : result;
      const read = selectorOf(shown)(state, shown);
      if (user === undefined) return read;
      // the user's selection is made again only when what it reads changed
      if (read !== before) {
        before = read;
        selected = user(read);
      }
      return selected;
    };
  }, [stash, selectorOf, user, pendingFirst, rtkResult]);
  return useSelector(select, shallowEqual);
}
