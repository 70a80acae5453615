import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useStore } from 'react-redux';
import type { BuiltEndpoint } from '../buildNormalizedApi.js';
import type { DeclaredEndpoint } from '../definition/readApi.js';
import type { QueryHookOptions } from './buildQueryHooks.js';
import { rtkHook } from './rtkHook.js';
import { useArgSelector } from './useArgSelector.js';
import { useArgSelection } from './useArgSelection.js';
import { withReadData } from '../select/withReadData.js';

/** What RTK Query's infinite hooks return besides the state: functions that start requests. */
const REQUESTS = ['trigger', 'refetch', 'fetchNextPage', 'fetchPreviousPage'] as const;

type Requests = { readonly [name: string]: unknown };

/**
 * The hooks of one declared infinite query, under RTK Query's names: RTK Query's own, whose
 * `data.pages` are read from the entities slice (each page denormalized with the page schema), and
 * whose requests (`fetchNextPage`, `fetchPreviousPage`, `refetch`) settle with that data.
 */
export function buildInfiniteQueryHooks(endpoint: BuiltEndpoint, declared: DeclaredEndpoint) {
  const rtkUseInfiniteQuery = rtkHook(declared, 'useInfiniteQuery');
  const rtkUseInfiniteQueryState = rtkHook(declared, 'useInfiniteQueryState');
  const rtkUseInfiniteQuerySubscription = rtkHook(declared, 'useInfiniteQuerySubscription');

  /** `requests` with each request function's promise settling with the pages read from the entities slice. */
  function useReadingRequests<R extends Requests>(requests: R, arg: unknown, skip: boolean): R {
    const store = useStore();
    const select = useArgSelector(endpoint, arg, skip);
    return useMemo(() => {
      const reading: { [name: string]: unknown } = { ...requests };
      for (const name of REQUESTS) {
        const request = requests[name];
        if (typeof request !== 'function') continue;
        reading[name] = (...args: unknown[]) => withReadData(request(...args), () => select()(store.getState()));
      }
      return reading as R;
    }, [requests, select, store]);
  }

  function useInfiniteQueryState(arg: unknown, options: QueryHookOptions = {}) {
    return useArgSelection(endpoint, rtkUseInfiniteQueryState, arg, options, false).selected;
  }

  function useInfiniteQuerySubscription(arg: unknown, options: QueryHookOptions = {}) {
    const skip = arg === skipToken || options.skip === true;
    return useReadingRequests(rtkUseInfiniteQuerySubscription(arg, options) as Requests, arg, skip);
  }

  function useInfiniteQuery(arg: unknown, options: QueryHookOptions = {}) {
    const { rtk, selected, skip } = useArgSelection(endpoint, rtkUseInfiniteQuery, arg, options, true);
    const requests = useReadingRequests(rtk as Requests, arg, skip);
    return useMemo(() => ({ ...(selected as object), ...requests }), [selected, requests]);
  }

  return { useInfiniteQuery, useInfiniteQueryState, useInfiniteQuerySubscription };
}
