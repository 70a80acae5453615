import type { DeclaredEndpoint, RtkHook } from '../definition/readApi.js';

/**
 * RTK Query's own hook `name` of a declared endpoint; an api made without React's module has none,
 * and is told which entry to use instead.
 */
export function rtkHook(declared: DeclaredEndpoint, name: `use${string}`): RtkHook {
  const hook = declared.rtk[name];
  if (typeof hook !== 'function') {
    throw new TypeError(
      `normalizeApi (rtk-entities/rtk-query/react): ${declared.label} has no hooks.` +
        (process.env.NODE_ENV !== 'production'
          ? " Make the api with createApi from '@reduxjs/toolkit/query/react', " +
            "or import normalizeApi from 'rtk-entities/rtk-query' for an api without React."
          : ''),
    );
  }
  return hook;
}
