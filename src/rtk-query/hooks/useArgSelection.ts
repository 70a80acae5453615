import { skipToken } from '@reduxjs/toolkit/query';
import type { BuiltEndpoint } from '../buildNormalizedApi.js';
import type { RtkHook } from '../definition/readApi.js';
import type { QueryHookOptions } from './buildQueryHooks.js';
import { useArgSelector } from './useArgSelector.js';
import { useNormalizedSelection, useResultStash } from './useSelectFromResult.js';

/**
 * RTK Query's own hook of one argument (`useQuery`, `useQueryState`, and their infinite
 * counterparts), called with its options and a stash of its result, and what the normalized hook
 * shows of it (see `useNormalizedSelection`).
 *
 * @param starts the hook starts the request (`useQuery`): its first render reads as pending, as RTK Query's does
 * @returns `rtk`: what RTK Query's hook returned besides its state (`refetch`, `fetchNextPage`...);
 *   `selected`: the normalized result, or the user's `selectFromResult` of it
 */
export function useArgSelection(
  endpoint: BuiltEndpoint,
  rtkHook: RtkHook,
  arg: unknown,
  options: QueryHookOptions,
  starts: boolean,
): { readonly rtk: unknown; readonly selected: unknown; readonly skip: boolean } {
  const skip = arg === skipToken || options.skip === true;
  const selectorOf = useArgSelector(endpoint, arg, skip);
  const stash = useResultStash();
  const rtk = rtkHook(arg, { ...options, selectFromResult: stash.selectFromResult });
  const user = options.selectFromResult;
  const selected = useNormalizedSelection(stash, selectorOf, user, starts && !skip && user === undefined);
  return { rtk, selected, skip };
}
