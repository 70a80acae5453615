import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { BuiltEndpoint } from './buildNormalizedApi.js';
import { field } from '../utils/field.js';
import type { RtkEndpoint } from './readApi.js';
import { withoutData } from './withoutData.js';

/** The options `useMutation` passes on to RTK Query's hook. */
interface MutationOptions {
  /** Shares one result between the components using the same key (RTK Query's option). */
  readonly fixedCacheKey?: string;
}

/**
 * Builds `endpoints[name].useMutation(options)`: RTK Query's own hook, whose result's `data` is the
 * mutation's response denormalized from the entities slice (the trigger and its promise are RTK
 * Query's, with the raw response).
 */
export function createUseMutation(endpoint: BuiltEndpoint, rtkUseMutation: NonNullable<RtkEndpoint['useMutation']>) {
  return function useMutation(options: MutationOptions = {}) {
    const [trigger, rtk] = rtkUseMutation({ ...options, selectFromResult: withoutData });
    const requestId = field(rtk, 'requestId');
    const { fixedCacheKey } = options;
    const select = useMemo(() => endpoint.select({ requestId, fixedCacheKey }), [requestId, fixedCacheKey]);
    const data = useSelector((state: unknown) => select(state).data);
    const result = useMemo(() => ({ ...rtk, data, currentData: data }), [rtk, data]);
    return useMemo(() => [trigger, result] as const, [trigger, result]);
  };
}
