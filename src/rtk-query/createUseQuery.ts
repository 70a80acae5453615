import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useRef } from 'react';
import { useSelector } from 'react-redux';
import { argId } from './argId.js';
import type { BuiltEndpoint } from './buildNormalizedApi.js';
import type { RtkEndpoint } from './readApi.js';
import { withoutData, withoutDataNotUninitialized } from './withoutData.js';

/** The options `useQuery` passes on to RTK Query's hook. */
interface QueryOptions {
  readonly skip?: boolean;
}

/**
 * Builds `endpoints[name].useQuery(arg, options)`: RTK Query's own hook (subscription, polling,
 * refetching, flags) with `data` and `currentData` read from the entities slice. It re-renders only
 * when the denormalized value or a flag changes: RTK Query's hook is given a `selectFromResult`
 * that leaves its raw data out.
 *
 * `currentData` is this argument's data; `data` is also the last data shown for another argument
 * while this one loads (or is skipped), as RTK Query's `data` is.
 */
export function createUseQuery(endpoint: BuiltEndpoint, rtkUseQuery: NonNullable<RtkEndpoint['useQuery']>) {
  return function useQuery(arg?: unknown, options: QueryOptions = {}) {
    const skip = arg === skipToken || options.skip === true;
    const rtk = rtkUseQuery(arg, { ...options, selectFromResult: skip ? withoutData : withoutDataNotUninitialized });
    const read: unknown = skip ? skipToken : arg;
    const key = argId(read);
    // the selector for an argument is the same for equal arguments: the key stands for `read`
    const select = useMemo(() => endpoint.select(read), [key]);
    const currentData = useSelector((state: unknown) => select(state).data);
    const last = useRef<{ readonly key: string; readonly data: unknown } | undefined>(undefined);
    useEffect(() => {
      if (currentData !== undefined) last.current = { key, data: currentData };
    });
    const shown = last.current;
    const data = currentData !== undefined || shown === undefined || shown.key === key ? currentData : shown.data;
    return useMemo(() => ({ ...rtk, data, currentData }), [rtk, data, currentData]);
  };
}
