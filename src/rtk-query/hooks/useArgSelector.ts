import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { argId } from '../select/argId.js';
import type { BuiltEndpoint } from '../buildNormalizedApi.js';
import type { EntrySelector } from '../select/normalizedSelector.js';

/**
 * The normalized selector of a hook's argument (`skipToken` when skipped), as a stable function:
 * equal arguments give the same function, so RTK Query keeps its memoized selector across renders.
 */
export function useArgSelector(endpoint: BuiltEndpoint, arg: unknown, skip: boolean): () => EntrySelector {
  const read: unknown = skip ? skipToken : arg;
  // the selector of an argument is the same for equal arguments: the key stands for `read`
  return useCallback(() => endpoint.select(read), [endpoint, argId(read)]);
}
