/**
 * `rtk-entities/react`: the hooks (`useSuspense`, `useQuery`, `useCache`...) and `AsyncBoundary`,
 * on react-redux's context.
 *
 * @module rtk-entities/react
 */
import { defaultEntities } from '../redux/defaultEntities.js';
import { createHooks, type Hooks } from './createHooks.js';
import type { UseSuspense } from './useSuspense.js';
import type { UseQuery } from './useQuery.js';
import type { UseCache } from './useCache.js';
import type { UseFetch } from './useFetch.js';
import type { UseDLE } from './useDLE.js';
import type { UseError } from './useError.js';
import type { UseController } from './useController.js';
import type { UseLive } from './useLive.js';
import { buildUseSubscription, type UseSubscription } from './useSubscription.js';

/** The hooks of the default mount point; a bundle that keeps none of them drops this call too. */
const hooks = /* @__PURE__ */ createHooks(defaultEntities);

/** One hook of the default mount point, read in a call that bundlers drop when it is unused. */
function hook<K extends keyof Hooks>(name: K): Hooks[K] {
  return hooks[name];
}

/**
 * `useSuspense` of the default `entities` slice, documented at {@link UseSuspense}.
 *
 * @see docs/guide/react.md
 */
export const useSuspense = /* @__PURE__ */ hook('useSuspense');

/**
 * `useQuery` of the default `entities` slice, documented at {@link UseQuery}.
 *
 * @see docs/guide/react.md
 */
export const useQuery = /* @__PURE__ */ hook('useQuery');

/**
 * `useCache` of the default `entities` slice, documented at {@link UseCache}.
 *
 * @see docs/guide/react.md
 */
export const useCache = /* @__PURE__ */ hook('useCache');

/**
 * `useFetch` of the default `entities` slice, documented at {@link UseFetch}.
 *
 * @see docs/guide/react.md
 */
export const useFetch = /* @__PURE__ */ hook('useFetch');

/**
 * `useDLE` of the default `entities` slice, documented at {@link UseDLE}.
 *
 * @see docs/guide/react.md
 */
export const useDLE = /* @__PURE__ */ hook('useDLE');

/**
 * `useError` of the default `entities` slice, documented at {@link UseError}.
 *
 * @see docs/guide/react.md
 */
export const useError = /* @__PURE__ */ hook('useError');

/**
 * `useController` of the default `entities` slice, documented at {@link UseController}.
 *
 * @see docs/guide/react.md
 */
export const useController = /* @__PURE__ */ hook('useController');

/**
 * `useLive` of the default `entities` slice, documented at {@link UseLive}.
 *
 * @see docs/guide/react.md
 */
export const useLive = /* @__PURE__ */ hook('useLive');

/**
 * `useSubscription` of the default `entities` slice, documented at {@link UseSubscription}.
 *
 * @see docs/guide/react.md#more-hooks
 */
export const useSubscription = /* @__PURE__ */ buildUseSubscription(useController);

export { useLoading } from './useLoading.js';
export { useDebounce } from './useDebounce.js';
export { useCancelling } from './useCancelling.js';
export { createHooks } from './createHooks.js';
export { AsyncBoundary } from './AsyncBoundary.js';
export { ErrorBoundary } from './ErrorBoundary.js';
export { retryError } from '../utils/retryOnReset.js';

export type { Hooks } from './createHooks.js';
export type { CreateHooksOptions, HooksEntities } from './hooksContext.js';
export type { HookArgs } from './hookArgs.js';
export type { HookError } from './hookError.js';
export type { DLE } from './useDLE.js';
export type { UseSuspense, UseQuery, UseCache, UseFetch, UseDLE, UseError, UseController, UseLive, UseSubscription };
export type { AsyncBoundaryProps } from './AsyncBoundary.js';
export type { ErrorBoundaryProps, ErrorComponentProps } from './ErrorBoundary.js';
