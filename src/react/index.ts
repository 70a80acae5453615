import { defaultEntities } from '../redux/defaultEntities.js';
import { createHooks, type Hooks } from './createHooks.js';

/** The hooks of the default mount point; a bundle that keeps none of them drops this call too. */
const hooks = /* @__PURE__ */ createHooks(defaultEntities);

/** One hook of the default mount point, read in a call that bundlers drop when it is unused. */
function hook<K extends keyof Hooks>(name: K): Hooks[K] {
  return hooks[name];
}

/**
 * Reads an endpoint's data, fetching it when missing, invalidated or expired; suspends until there
 * is data and throws hard errors to the nearest error boundary. `null` arguments skip the call.
 *
 * @example
 * ```tsx
 * function Users() {
 *   const users = useSuspense(getUsers);
 *   return <ul>{users.map((user) => <li key={user.id}>{user.name}</li>)}</ul>;
 * }
 * ```
 */
export const useSuspense = /* @__PURE__ */ hook('useSuspense');

/**
 * Reads a queryable (`schema.All`, an Entity by id, a `schema.Query`) from the store alone; never fetches.
 *
 * @example
 * ```tsx
 * const users = useQuery(new schema.All(User)); // every cached User
 * const ann = useQuery(User, { id: '1' });
 * ```
 */
export const useQuery = /* @__PURE__ */ hook('useQuery');

/**
 * Reads an endpoint's stored data; never fetches, never suspends.
 *
 * @example
 * ```tsx
 * const users = useCache(getUsers); // User[] | undefined
 * ```
 */
export const useCache = /* @__PURE__ */ hook('useCache');

/**
 * Fetches an endpoint when its data is stale, without suspending; returns the request's promise,
 * or `undefined` when the data is fresh.
 *
 * @example
 * ```tsx
 * useFetch(getPosts, { userId }); // starts in parallel with the useSuspense below
 * const user = useSuspense(getUser, { id: userId });
 * ```
 */
export const useFetch = /* @__PURE__ */ hook('useFetch');

/**
 * `{ data, loading, error }` of an endpoint, fetching when needed, without suspense or error boundaries.
 *
 * @example
 * ```tsx
 * const { data, loading, error } = useDLE(getUsers);
 * ```
 */
export const useDLE = /* @__PURE__ */ hook('useDLE');

/**
 * The stored error of an endpoint call, soft ones included.
 *
 * @example
 * ```tsx
 * const error = useError(getUsers); // { name, message, status } | undefined
 * ```
 */
export const useError = /* @__PURE__ */ hook('useError');

/**
 * The `Controller` of the store in react-redux's context, one per store.
 *
 * @example
 * ```tsx
 * const ctrl = useController();
 * <button onClick={() => ctrl.fetch(createUser, { name: 'Bo' })}>Add</button>;
 * ```
 */
export const useController = /* @__PURE__ */ hook('useController');

/**
 * `useSuspense` plus polling every `endpoint.pollFrequency` ms while mounted.
 *
 * @example
 * ```tsx
 * const ticker = useLive(getTicker, { coin: 'btc' });
 * ```
 */
export const useLive = /* @__PURE__ */ hook('useLive');

export { createHooks } from './createHooks.js';
export { AsyncBoundary } from './AsyncBoundary.js';
export { ErrorBoundary } from './ErrorBoundary.js';

export type { Hooks } from './createHooks.js';
export type { CreateHooksOptions, HooksEntities } from './hooksContext.js';
export type { HookArgs } from './hookArgs.js';
export type { HookError } from './hookError.js';
export type { DLE, UseDLE } from './useDLE.js';
export type { UseSuspense } from './useSuspense.js';
export type { UseQuery } from './useQuery.js';
export type { UseCache } from './useCache.js';
export type { UseFetch } from './useFetch.js';
export type { UseError } from './useError.js';
export type { UseController } from './useController.js';
export type { UseLive } from './useLive.js';
export type { AsyncBoundaryProps } from './AsyncBoundary.js';
export type { ErrorBoundaryProps, ErrorComponentProps } from './ErrorBoundary.js';
