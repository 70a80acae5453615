/**
 * Where normalized RTK Query results live in the entities slice (`endpoints[key]`): a query under
 * RTK Query's `queryCacheKey`, a mutation under its request id, both after the api's reducerPath,
 * so two apis with an endpoint of the same name never share a result.
 */

/** `api/getTrades(undefined)` for the entry `getTrades(undefined)` of the api at `api`. */
export function queryStorageKey(reducerPath: string, queryCacheKey: string): string {
  return `${reducerPath}/${queryCacheKey}`;
}

/** `api/mutation/<requestId>` for one mutation request. */
export function mutationStorageKey(reducerPath: string, requestId: string): string {
  return `${reducerPath}/mutation/${requestId}`;
}
