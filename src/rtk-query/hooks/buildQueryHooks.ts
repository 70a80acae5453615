import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo } from 'react';
import { useStore } from 'react-redux';
import type { BuiltEndpoint } from '../buildNormalizedApi.js';
import type { DeclaredEndpoint } from '../readApi.js';
import { rtkHook } from './rtkHook.js';
import { useArgSelector } from './useArgSelector.js';
import { useSelectFromResult, type HookResult, type SelectFromResult } from './useSelectFromResult.js';
import { withReadData } from './withReadData.js';

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
    return useCallback(
      () => withReadData(refetch(), () => select()(store.getState()).currentData),
      [refetch, select, store],
    );
  }

  /** A lazy trigger whose promise settles with its argument's data read from the entities slice. */
  function useReadingTrigger(trigger: LazyTrigger): LazyTrigger {
    const store = useStore();
    return useCallback(
      (arg: unknown, preferCacheValue?: boolean) =>
        withReadData(trigger(arg, preferCacheValue), () => endpoint.select(arg)(store.getState()).currentData),
      [trigger, store],
    );
  }

  function useQueryState(arg: unknown, options: QueryHookOptions = {}) {
    const skip = arg === skipToken || options.skip === true;
    const selectorOf = useArgSelector(endpoint, arg, skip);
    const selectFromResult = useSelectFromResult(selectorOf, options.selectFromResult, false);
    return rtkUseQueryState(arg, { ...options, selectFromResult });
  }

  function useQuerySubscription(arg: unknown, options: QueryHookOptions = {}) {
    const subscription = rtkUseQuerySubscription(arg, options) as { readonly refetch: Refetch };
    const refetch = useReadingRefetch(subscription.refetch, arg);
    return useMemo(() => ({ ...subscription, refetch }), [subscription, refetch]);
  }

  function useQuery(arg: unknown, options: QueryHookOptions = {}) {
    const skip = arg === skipToken || options.skip === true;
    const selectorOf = useArgSelector(endpoint, arg, skip);
    const user = options.selectFromResult;
    const selectFromResult = useSelectFromResult(selectorOf, user, !skip && user === undefined);
    const result = rtkUseQuery(arg, { ...options, selectFromResult }) as { readonly refetch: Refetch };
    const refetch = useReadingRefetch(result.refetch, arg);
    return useMemo(() => ({ ...result, refetch }), [result, refetch]);
  }

  function useLazyQuery(options: QueryHookOptions = {}) {
    const selectFromResult = useSelectFromResult(selectTriggered, options.selectFromResult, false);
    const [trigger, result, info] = rtkUseLazyQuery({ ...options, selectFromResult }) as [LazyTrigger, object, object];
    const reading = useReadingTrigger(trigger);
    return useMemo(() => [reading, result, info] as const, [reading, result, info]);
  }

  function useLazyQuerySubscription(options: QueryHookOptions = {}) {
    const [trigger, arg, extra] = rtkUseLazyQuerySubscription(options) as [LazyTrigger, unknown, object];
    const reading = useReadingTrigger(trigger);
    return useMemo(() => [reading, arg, extra] as const, [reading, arg, extra]);
  }

  return { useQuery, useQueryState, useQuerySubscription, useLazyQuery, useLazyQuerySubscription };
}
