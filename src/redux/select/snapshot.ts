import type { EndpointInterface } from '../../endpoint/interface.js';
import type { ResultOf } from '../../endpoint/ResultOf.js';
import type { Denormalize } from '../../schema/types.js';
import type { ResponseState, CountingSelector } from './selectResponse.js';

/**
 * What `getOptimisticResponse(snapshot, ...args)` can read: the store as the request starts.
 *
 * @see docs/guide/resources.md
 */
export interface Snapshot {
  /** When the request started. */
  readonly fetchedAt: number;
  /** Reads a queryable (All, Entity by id, Query) from the store. */
  get<S>(queryable: S, ...args: readonly unknown[]): Denormalize<S> | undefined;
  /** Data and status of an endpoint call. */
  getResponse<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): ResponseState<ResultOf<E>>;
}

/** Makes the snapshot of a root state. */
export type SnapshotFactory = (state: unknown, fetchedAt: number) => Snapshot;

/** The selectors a snapshot reads through. */
export interface SnapshotSelectors {
  selectQuery<S>(queryable: S, ...args: readonly unknown[]): CountingSelector<Denormalize<S> | undefined>;
  selectResponse<E extends EndpointInterface>(
    endpoint: E,
    ...args: readonly unknown[]
  ): CountingSelector<ResponseState<ResultOf<E>>>;
}

/** Builds snapshots on a mount point's selectors. */
export function buildSnapshotFactory(selectors: SnapshotSelectors): SnapshotFactory {
  return (state, fetchedAt) => ({
    fetchedAt,
    get: (queryable, ...args) => selectors.selectQuery(queryable, ...args)(state),
    getResponse: (endpoint, ...args) => selectors.selectResponse(endpoint, ...args)(state),
  });
}
