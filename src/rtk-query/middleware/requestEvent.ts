import { field, stringField } from '../../utils/field.js';

/** One step of an RTK Query request, read from its thunk action (`<reducerPath>/executeQuery/pending` and so on). */
export interface RequestEvent {
  readonly kind: 'query' | 'mutation';
  readonly status: 'pending' | 'fulfilled' | 'rejected';
  readonly endpointName: string;
  /** RTK Query's id of this request. */
  readonly requestId: string;
  /** The argument the endpoint was called with. */
  readonly originalArgs: unknown;
  /** Queries: the cache entry's key. */
  readonly queryCacheKey: string | undefined;
  /** Mutations: the key of its cache entry (`fixedCacheKey`, else the request id). */
  readonly mutationCacheKey: string;
  /** When the request started (RTK Query's `startedTimeStamp`, epoch ms); on pending actions. */
  readonly startedTimeStamp: number | undefined;
  /** The response, on fulfilled actions. */
  readonly payload: unknown;
  /** Infinite queries: the request fetches a further page (`fetchNextPage`, `fetchPreviousPage`). */
  readonly addsPage: boolean;
}

function isStatus(value: unknown): value is RequestEvent['status'] {
  return value === 'pending' || value === 'fulfilled' || value === 'rejected';
}

/**
 * Reads an action of the api at `reducerPath` as a step of one of its requests; `undefined` for
 * every other action (other apis' included). Only the documented fields of RTK Query's thunk
 * actions are read: `meta.arg`, `meta.requestId`, `meta.requestStatus`, `meta.startedTimeStamp`.
 */
export function readRequestEvent(reducerPath: string, action: unknown): RequestEvent | undefined {
  const type = stringField(action, 'type');
  if (type === undefined || !type.startsWith(`${reducerPath}/execute`)) return undefined;
  const meta = field(action, 'meta');
  const arg = field(meta, 'arg');
  const requestId = stringField(meta, 'requestId');
  const status = field(meta, 'requestStatus');
  const endpointName = stringField(arg, 'endpointName');
  const kind = field(arg, 'type');
  if (
    requestId === undefined ||
    !isStatus(status) ||
    endpointName === undefined ||
    (kind !== 'query' && kind !== 'mutation')
  )
    return undefined;
  const started = field(meta, 'startedTimeStamp');
  return {
    kind,
    status,
    endpointName,
    requestId,
    originalArgs: field(arg, 'originalArgs'),
    queryCacheKey: stringField(arg, 'queryCacheKey'),
    mutationCacheKey: stringField(arg, 'fixedCacheKey') ?? requestId,
    startedTimeStamp: typeof started === 'number' ? started : undefined,
    payload: field(action, 'payload'),
    addsPage: field(arg, 'direction') !== undefined,
  };
}
