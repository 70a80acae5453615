import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo } from 'react';
import { useStore } from 'react-redux';
import type { BuiltEndpoint } from '../buildNormalizedApi.js';
import type { DeclaredEndpoint } from '../definition/readApi.js';
import { rtkHook } from './rtkHook.js';
import { useArgSelection } from './useArgSelection.js';
import { useArgSelector } from './useArgSelector.js';
import {
  useNormalizedSelection,
  useResultStash,
  type HookResult,
  type SelectFromResult,
} from './useSelectFromResult.js';
import { withReadData } from '../select/withReadData.js';

/** The options the query hooks read; every other option goes to RTK Query's hook as it is. */
export interface QueryHookOptions {
  readonly skip?: boolean;
  readonly selectFromResult?: SelectFromResult;
  readonly [option: string]: unknown;
}

/** A request's promise of RTK Query's, as a hook's `refetch` or trigger returns it. */
type RtkRequest = PromiseLike<unknown> & { readonly unwrap?: () => Promise<unknown> };
type Refetch = () => RtkRequest;
type LazyTrigger = (arg: unknown, preferCacheValue?: boolean) => RtkRequest;

/**
 * The query hooks of one declared query, under RTK Query's names: RTK Query's own hooks (every
 * option: `skip`, polling, `refetchOn*`, `selectFromResult`...) whose `data` and `currentData` are
 * read from the entities slice, and whose requests (`refetch`, a lazy trigger) settle with that data.
 */
export function buildQueryHooks(endpoint: BuiltEndpoint, declared: DeclaredEndpoint) {
  const rtkUseQuery = rtkHook(declared, 'useQuery');
  const rtkUseQueryState = rtkHook(declared, 'useQueryState');
  const rtkUseQuerySubscription = rtkHook(declared, 'useQuerySubscription');
  const rtkUseLazyQuery = rtkHook(declared, 'useLazyQuery');
  const rtkUseLazyQuerySubscription = rtkHook(declared, 'useLazyQuerySubscription');

  /** The entry a lazy hook shows is the one its last trigger started. */
  const selectTriggered = (result: HookResult) =>
    endpoint.select(result.isUninitialized === true ? skipToken : result.originalArgs);

  /** `refetch` whose promise settles with the argument's data read from the entities slice. */
  function useReadingRefetch(refetch: Refetch, arg: unknown): Refetch {
    const store = useStore();
    const select = useArgSelector(endpoint, arg, false);
    return useCallback(() => withReadData(refetch(), () => select()(store.getState())), [refetch, select, store]);
  }

  /** A lazy trigger whose promise settles with its argument's data read from the entities slice. */
  function useReadingTrigger(trigger: LazyTrigger): LazyTrigger {
    const store = useStore();
    return useCallback(
      (arg: unknown, preferCacheValue?: boolean) =>
        withReadData(trigger(arg, preferCacheValue), () => endpoint.select(arg)(store.getState())),
      [trigger, store],
    );
  }

  function useQueryState(arg: unknown, options: QueryHookOptions = {}) {
    return useArgSelection(endpoint, rtkUseQueryState, arg, options, false).selected;
  }

  function useQuerySubscription(arg: unknown, options: QueryHookOptions = {}) {
    const subscription = rtkUseQuerySubscription(arg, options) as { readonly refetch: Refetch };
    const refetch = useReadingRefetch(subscription.refetch, arg);
    return useMemo(() => ({ ...subscription, refetch }), [subscription, refetch]);
  }

  function useQuery(arg: unknown, options: QueryHookOptions = {}) {
    const { rtk, selected } = useArgSelection(endpoint, rtkUseQuery, arg, options, true);
    const refetch = useReadingRefetch((rtk as { readonly refetch: Refetch }).refetch, arg);
    return useMemo(() => ({ ...(selected as object), refetch }), [selected, refetch]);
  }

  function useLazyQuery(options: QueryHookOptions = {}) {
    const stash = useResultStash();
    const [trigger, state, info] = rtkUseLazyQuery({ ...options, selectFromResult: stash.selectFromResult }) as [
      LazyTrigger,
      { readonly reset: () => void },
      object,
    ];
    const selected = useNormalizedSelection(stash, selectTriggered, options.selectFromResult, false);
    const reading = useReadingTrigger(trigger);
    const result = useMemo(() => ({ ...(selected as object), reset: state.reset }), [selected, state.reset]);
    return useMemo(() => [reading, result, info] as const, [reading, result, info]);
  }

  function useLazyQuerySubscription(options: QueryHookOptions = {}) {
    const [trigger, arg, extra] = rtkUseLazyQuerySubscription(options) as [LazyTrigger, unknown, object];
    const reading = useReadingTrigger(trigger);
    return useMemo(() => [reading, arg, extra] as const, [reading, arg, extra]);
  }

  return { useQuery, useQueryState, useQuerySubscription, useLazyQuery, useLazyQuerySubscription };
}
