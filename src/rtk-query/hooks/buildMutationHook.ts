import { useCallback, useMemo } from 'react';
import { useStore } from 'react-redux';
import type { BuiltEndpoint } from '../buildNormalizedApi.js';
import type { DeclaredEndpoint } from '../definition/readApi.js';
import { rtkHook } from './rtkHook.js';
import {
  useNormalizedSelection,
  useResultStash,
  type HookResult,
  type SelectFromResult,
} from './useSelectFromResult.js';
import { withReadData } from '../select/withReadData.js';

/** The options `useMutation` reads; RTK Query's. */
interface MutationHookOptions {
  /** Shares one result between the components using the same key. */
  readonly fixedCacheKey?: string;
  readonly selectFromResult?: SelectFromResult;
}

/** A mutation request of RTK Query's, as its trigger returns it. */
type MutationRequest = PromiseLike<unknown> & { readonly requestId: string; readonly unwrap?: () => Promise<unknown> };

/**
 * The hook of one declared mutation, under RTK Query's name: RTK Query's `useMutation`, whose
 * result's `data` is the response denormalized from the entities slice, as is what the trigger's
 * promise settles with (`await trigger(arg).unwrap()`).
 */
export function buildMutationHook(endpoint: BuiltEndpoint, declared: DeclaredEndpoint) {
  const rtkUseMutation = rtkHook(declared, 'useMutation');

  return function useMutation(options: MutationHookOptions = {}) {
    const store = useStore();
    const { fixedCacheKey } = options;
    const selectorOf = useCallback(
      (result: HookResult) => endpoint.select({ requestId: result.requestId, fixedCacheKey }),
      [fixedCacheKey],
    );
    const stash = useResultStash();
    const [trigger, state] = rtkUseMutation({ ...options, selectFromResult: stash.selectFromResult }) as [
      (arg: unknown) => MutationRequest,
      { readonly originalArgs: unknown; readonly reset: () => void },
    ];
    const selected = useNormalizedSelection(stash, selectorOf, options.selectFromResult, false);
    const reading = useCallback(
      (arg: unknown) => {
        const request = trigger(arg);
        const select = endpoint.select({ requestId: request.requestId, fixedCacheKey });
        return withReadData(request, () => select(store.getState()));
      },
      [trigger, store, fixedCacheKey],
    );
    const result = useMemo(
      () => ({ ...(selected as object), originalArgs: state.originalArgs, reset: state.reset }),
      [selected, state.originalArgs, state.reset],
    );
    return useMemo(() => [reading, result] as const, [reading, result]);
  };
}
