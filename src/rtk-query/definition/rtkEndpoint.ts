import type { EndpointInterface } from '../../endpoint/interface.js';
import type { DeclaredEndpoint } from './readApi.js';

/**
 * One RTK Query cache entry seen as an endpoint of ours, so the data middleware stores, orders and
 * collects its normalized result like any other: its `key` is the entry's storage key, its schema
 * the declared one (or what stands for it, see `mutationInput`). RTK Query makes the requests; this endpoint never does.
 */
export function rtkEndpoint(
  declared: DeclaredEndpoint,
  key: string,
  schema: unknown = declared.schema,
): EndpointInterface {
  return {
    name: declared.label,
    schema,
    sideEffect: declared.kind === 'mutation',
    dataExpiryLength: undefined,
    errorExpiryLength: undefined,
    pollFrequency: undefined,
    // RTK Query decides when its entries go; normalizeApi drops the result the moment it does
    keepUnusedDataFor: 0,
    key: () => key,
    // never called: the data middleware only stores, orders and collects these results
    request: () => Promise.reject(new Error(`${declared.label} is fetched by RTK Query`)),
  };
}
