import type { Entities } from '../redux/createEntities.js';
import { defaultMountPoint } from '../redux/defaultEntities.js';
import { mountPointOf } from '../redux/mountPoint.js';
import { readApi, type DeclaredEndpoint } from './definition/readApi.js';
import { buildNormalizeMiddleware } from './middleware/buildNormalizeMiddleware.js';
import { buildSelect } from './select/buildSelect.js';
import type { EntrySelector } from './select/normalizedSelector.js';
import { withReadData } from './select/withReadData.js';

/** A declared endpoint at run time (typed for users by `NormalizedEndpoint`): RTK Query's, with what reads it replaced. */
export interface BuiltEndpoint {
  readonly schema: unknown;
  select(arg?: unknown): EntrySelector;
  /** Sets more members (the hooks of the React entry) on the endpoint. */
  readonly [member: string]: unknown;
}

/** What the React entry adds for each declared endpoint: its hooks, on the endpoint and under RTK Query's names on the api. */
export type AddHooks = (endpoint: BuiltEndpoint, declared: DeclaredEndpoint, api: { [name: string]: unknown }) => void;

/**
 * The normalized api of both entries: an object whose prototype is the api itself, so every member
 * RTK Query gives (`reducerPath`, `reducer`, `util`, `internalActions`, `usePrefetch`, the
 * endpoints and hooks of undeclared and later injected endpoints) is there with its own meaning. It
 * sets only `middleware` (the normalizing one, added after `api.middleware`), `inject`, the two
 * methods that return the api (`injectEndpoints`, `enhanceEndpoints`: they return this one), and
 * on each declared endpoint, itself made from RTK Query's (its matchers, `name`, `Types`), what
 * reads it: `select`, `initiate` (its request settles with the data read from the entities slice),
 * and the hooks `addHooks` gives. Checks the api and schemas first; errors name the endpoint.
 */
export function buildNormalizedApi(
  api: unknown,
  schemas: unknown,
  entities: Entities | undefined,
  addHooks?: AddHooks,
): object {
  const instance = entities === undefined ? defaultMountPoint : mountPointOf(entities);
  if (instance === undefined)
    throw new TypeError('normalizeApi: options.entities must be what createEntities() returned.');
  const plan = readApi(api);
  const rtk = plan.api;
  const endpoints: { [name: string]: BuiltEndpoint } = Object.create(rtk.endpoints);
  const normalized: { [name: string]: unknown } = Object.create(rtk);
  const declare = (more: unknown): object => {
    for (const declared of plan.declare(more)) {
      const select = buildSelect(instance, plan, declared);
      const initiate = (arg: unknown, options?: { readonly fixedCacheKey?: string }) => {
        const start = declared.rtk.initiate(arg, options);
        return (dispatch: unknown, getState: () => unknown, extra: unknown) => {
          const request = start(dispatch, getState, extra);
          const read =
            declared.kind === 'mutation'
              ? select({ requestId: request.requestId, fixedCacheKey: options?.fixedCacheKey })
              : select(arg);
          return withReadData(request, () => read(getState()));
        };
      };
      const endpoint: BuiltEndpoint = Object.assign(Object.create(declared.rtk), {
        schema: declared.schema,
        select,
        initiate,
      });
      endpoints[declared.name] = endpoint;
      addHooks?.(endpoint, declared, normalized);
    }
    return normalized;
  };
  Object.assign(normalized, { middleware: buildNormalizeMiddleware(instance, plan), endpoints, inject: declare });
  // RTK Query's own, returning the normalized api rather than the api
  for (const method of ['injectEndpoints', 'enhanceEndpoints'] as const)
    normalized[method] = (options: unknown) => (rtk[method]?.(options), normalized);
  return declare(schemas);
}
