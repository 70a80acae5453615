import type { Middleware } from '@reduxjs/toolkit';
import type { Entities } from '../redux/createEntities.js';
import { defaultEntities } from '../redux/defaultEntities.js';
import { mountPointOf, type MountPoint } from '../redux/mountPoint.js';
import { buildNormalizeMiddleware } from './middleware/buildNormalizeMiddleware.js';
import { buildSelect } from './select/buildSelect.js';
import type { EntrySelector } from './select/normalizedSelector.js';
import { readApi, type ApiPlan, type DeclaredEndpoint } from './definition/readApi.js';

/** One declared endpoint at run time (typed for users by `NormalizedEndpoint`). */
export interface BuiltEndpoint {
  readonly name: string;
  readonly schema: unknown;
  select(arg?: unknown): EntrySelector;
}

/** What both entries' `normalizeApi` build, before the typed view users get. */
export interface BuiltApi {
  readonly instance: MountPoint;
  readonly plan: ApiPlan;
  readonly middleware: Middleware;
  /** The endpoints declared so far, each with its normalized `select`; `inject` adds to it. */
  readonly endpoints: { [name: string]: BuiltEndpoint };
  /** Declares more endpoints (injected later with `api.injectEndpoints`); returns the ones added. */
  inject(schemas: unknown): readonly DeclaredEndpoint[];
}

/**
 * Checks the api and schemas (errors name the endpoint) and builds the middleware and the
 * endpoints' selectors, bound to one mount point. One middleware serves every endpoint declared,
 * now and by `inject` later.
 */
export function buildNormalizedApi(api: unknown, schemas: unknown, entities: Entities = defaultEntities): BuiltApi {
  const instance = mountPointOf(entities);
  if (instance === undefined)
    throw new TypeError('normalizeApi: options.entities must be what createEntities() returned.');
  const plan = readApi(api);
  const endpoints: { [name: string]: BuiltEndpoint } = {};
  const inject = (more: unknown): readonly DeclaredEndpoint[] => {
    const declared = plan.declare(more);
    for (const endpoint of declared) {
      endpoints[endpoint.name] = {
        name: endpoint.name,
        schema: endpoint.schema,
        select: buildSelect(instance, plan, endpoint),
      };
    }
    return declared;
  };
  inject(schemas);
  return { instance, plan, middleware: buildNormalizeMiddleware(instance, plan), endpoints, inject };
}
