import type { Middleware } from '@reduxjs/toolkit';
import type { Entities } from '../redux/createEntities.js';
import { defaultEntities } from '../redux/defaultEntities.js';
import { instanceOf, type EntitiesInstance } from '../redux/instance.js';
import type { CountingSelector } from '../redux/selectResponse.js';
import { buildNormalizeMiddleware } from './buildNormalizeMiddleware.js';
import { buildSelect } from './buildSelect.js';
import type { NormalizedResult } from './normalizedSelector.js';
import { readApi, type DeclaredEndpoint } from './readApi.js';

/** One declared endpoint at run time (typed for users by `NormalizedEndpoint`). */
export interface BuiltEndpoint {
  readonly name: string;
  readonly schema: unknown;
  select(arg?: unknown): CountingSelector<NormalizedResult>;
}

/** What both entries' `normalizeApi` build, before the typed view users get. */
export interface BuiltApi {
  readonly instance: EntitiesInstance;
  readonly declared: ReadonlyMap<string, DeclaredEndpoint>;
  readonly middleware: Middleware;
  readonly endpoints: { readonly [name: string]: BuiltEndpoint };
}

/**
 * Checks the api and schemas (errors name the endpoint) and builds the middleware and the
 * endpoints' selectors, bound to one mount point.
 */
export function buildNormalizedApi(api: unknown, schemas: unknown, entities: Entities = defaultEntities): BuiltApi {
  const instance = instanceOf(entities);
  if (instance === undefined)
    throw new TypeError('normalizeApi: options.entities must be what createEntities() returned.');
  const plan = readApi(api, schemas);
  const endpoints: { [name: string]: BuiltEndpoint } = {};
  for (const declared of plan.endpoints.values()) {
    endpoints[declared.name] = {
      name: declared.name,
      schema: declared.schema,
      select: buildSelect(instance, plan.reducerPath, declared),
    };
  }
  return { instance, declared: plan.endpoints, middleware: buildNormalizeMiddleware(instance, plan), endpoints };
}
