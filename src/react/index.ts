/**
 * `rtk-entities/react`: the hooks (`useSuspense`, `useQuery`, `useCache`...) and `AsyncBoundary`,
 * on react-redux's context.
 *
 * @module rtk-entities/react
 */
import { createController, selectQuery, selectResponse } from '../redux/defaultEntities.js';
import { buildHooksContext } from './hooksContext.js';
import { buildUseSuspense, type UseSuspense } from './useSuspense.js';
import { createUseQuery, type UseQuery } from './useQuery.js';
import { buildUseCache, type UseCache } from './useCache.js';
import { buildUseFetch, type UseFetch } from './useFetch.js';
import { buildUseDLE, type UseDLE } from './useDLE.js';
import { buildUseError, type UseError } from './useError.js';
import { buildUseController, type UseController } from './useController.js';
import { buildUseLive, type UseLive } from './useLive.js';
import { buildUseSubscription, type UseSubscription } from './useSubscription.js';

// The hooks of the default mount point, each built on its own in a call marked `@__PURE__` (not read
// from one `createHooks` object, which would keep every hook): a bundle keeps only the hooks the app
// imports, and drops the shared context too when it keeps none.
const ctx = /* @__PURE__ */ buildHooksContext({ createController, selectQuery, selectResponse });

/**
 * `useSuspense` of the default `entities` slice, documented at {@link UseSuspense}.
 *
 * @see docs/guide/react.md
 */
export const useSuspense = /* @__PURE__ */ buildUseSuspense(ctx);

/**
 * `useQuery` of the default `entities` slice, documented at {@link UseQuery}.
 *
 * @see docs/guide/react.md
 */
export const useQuery = /* @__PURE__ */ createUseQuery(ctx);

/**
 * `useCache` of the default `entities` slice, documented at {@link UseCache}.
 *
 * @see docs/guide/react.md
 */
export const useCache = /* @__PURE__ */ buildUseCache(ctx);

/**
 * `useFetch` of the default `entities` slice, documented at {@link UseFetch}.
 *
 * @see docs/guide/react.md
 */
export const useFetch = /* @__PURE__ */ buildUseFetch(ctx);

/**
 * `useDLE` of the default `entities` slice, documented at {@link UseDLE}.
 *
 * @see docs/guide/react.md
 */
export const useDLE = /* @__PURE__ */ buildUseDLE(ctx);

/**
 * `useError` of the default `entities` slice, documented at {@link UseError}.
 *
 * @see docs/guide/react.md
 */
export const useError = /* @__PURE__ */ buildUseError(ctx);

/**
 * `useController` of the default `entities` slice, documented at {@link UseController}.
 *
 * @see docs/guide/react.md
 */
export const useController = /* @__PURE__ */ buildUseController(ctx);

/**
 * `useLive` of the default `entities` slice, documented at {@link UseLive}.
 *
 * @see docs/guide/react.md
 */
export const useLive = /* @__PURE__ */ buildUseLive(ctx, useSuspense);

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
