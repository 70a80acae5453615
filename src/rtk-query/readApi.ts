import { describeType } from '../utils/describeValue.js';
import { isRecord } from '../utils/isRecord.js';
import { field, stringField } from '../utils/field.js';

/** A selector of RTK Query's: the root state to its result for one argument. */
export type RtkSelector = (state: unknown) => unknown;

/** What normalizeApi uses of one endpoint of an RTK Query api (`api.endpoints[name]`). */
export interface RtkEndpoint {
  select(arg: unknown): RtkSelector;
  /** The api's own hooks, on apis made with `@reduxjs/toolkit/query/react`. */
  readonly useQuery?: (arg: unknown, options?: object) => object;
  readonly useMutation?: (options?: object) => readonly [unknown, object];
}

/** One endpoint normalizeApi normalizes: its name, kind and schema, and RTK Query's own endpoint. */
export interface DeclaredEndpoint {
  readonly name: string;
  readonly kind: 'query' | 'mutation';
  readonly schema: unknown;
  readonly rtk: RtkEndpoint;
  /** Names it in errors and DevTools: `getTrades (RTK Query 'api')`. */
  readonly label: string;
}

/** The api as normalizeApi reads it. */
export interface ApiPlan {
  readonly reducerPath: string;
  readonly endpoints: ReadonlyMap<string, DeclaredEndpoint>;
}

function isRtkEndpoint(value: unknown): value is RtkEndpoint {
  return typeof field(value, 'select') === 'function';
}

/** `api.enhanceEndpoints`, as normalizeApi calls it: with a function that reads a definition. */
type EnhanceEndpoints = (options: { endpoints: { [name: string]: (definition: unknown) => void } }) => unknown;

function isEnhanceEndpoints(value: unknown): value is EnhanceEndpoints {
  return typeof value === 'function';
}

/**
 * Checks `api` and `schemas` and learns each declared endpoint's kind, with errors that name what
 * is wrong. The kind comes from the endpoint's definition, which RTK Query hands to a function
 * given to `api.enhanceEndpoints` (its documented way to reach definitions); nothing is changed.
 */
export function readApi(api: unknown, schemas: unknown): ApiPlan {
  const reducerPath = stringField(api, 'reducerPath');
  const rtkEndpoints = field(api, 'endpoints');
  const enhance = field(api, 'enhanceEndpoints');
  if (reducerPath === undefined || !isRecord(rtkEndpoints) || !isEnhanceEndpoints(enhance)) {
    throw new TypeError(
      `normalizeApi(api, schemas): api must be an RTK Query api made with createApi; received ${describeType(api)} without reducerPath, endpoints and enhanceEndpoints.`,
    );
  }
  if (!isRecord(schemas) || Array.isArray(schemas)) {
    throw new TypeError(
      `normalizeApi(api, schemas): schemas must map endpoint names of the api '${reducerPath}' to schemas; received ${describeType(schemas)}.`,
    );
  }
  const known = Object.keys(rtkEndpoints);
  const endpoints = new Map<string, DeclaredEndpoint>();
  for (const name of Object.keys(schemas)) {
    const rtk = Object.hasOwn(rtkEndpoints, name) ? rtkEndpoints[name] : undefined;
    if (!isRtkEndpoint(rtk)) {
      throw new Error(
        `normalizeApi: the RTK Query api '${reducerPath}' has no endpoint '${name}', which schemas declares. ` +
          `Its endpoints: ${known.join(', ') || '(none)'}. Check the name, or inject the endpoint before calling normalizeApi.`,
      );
    }
    const schema = schemas[name];
    if (schema === undefined || schema === null) {
      throw new TypeError(
        `normalizeApi: schemas.${name} is ${String(schema)}; give the endpoint '${name}' a schema (an Entity, [Entity], a schema.Collection…), or leave it out.`,
      );
    }
    let kind: unknown;
    enhance.call(api, { endpoints: { [name]: (definition) => void (kind = field(definition, 'type')) } });
    if (kind !== 'query' && kind !== 'mutation') {
      throw new Error(
        `normalizeApi: '${name}' of the RTK Query api '${reducerPath}' is ${kind === 'infinitequery' ? 'an infinite query' : `of kind ${String(kind)}`}, ` +
          'which normalizeApi does not normalize: declare schemas for queries and mutations only.',
      );
    }
    endpoints.set(name, { name, kind, schema, rtk, label: `${name} (RTK Query '${reducerPath}')` });
  }
  return { reducerPath, endpoints };
}
