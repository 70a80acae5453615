import { ArraySchema } from '../../schema/ArraySchema.js';
import { ObjectSchema } from '../../schema/ObjectSchema.js';
import { describeType } from '../../utils/describeValue.js';
import { isRecord } from '../../utils/isRecord.js';
import { field, ownField } from '../../utils/field.js';
import { isArray } from '../../utils/isArray.js';

/** A selector of RTK Query's: the root state to its result for one argument. */
export type RtkSelector = (state: unknown) => unknown;

/** A hook of RTK Query's, as normalizeApi calls it: any arguments, some result. */
export type RtkHook = (...args: any[]) => unknown;

/** What normalizeApi uses of one endpoint of an RTK Query api (`api.endpoints[name]`). */
export interface RtkEndpoint {
  select(arg: unknown): RtkSelector;
  /** `initiate(arg, options)`: starts a request (a thunk action). */
  initiate(arg: unknown, options?: object): RtkThunk;
  /** The api's own hooks, on apis made with `@reduxjs/toolkit/query/react`, by name (`useQuery`...). */
  readonly [hook: `use${string}`]: RtkHook | undefined;
}

/** A thunk of RTK Query's (what `initiate` returns): run, it starts the request and returns its promise. */
export type RtkThunk = (
  dispatch: unknown,
  getState: () => unknown,
  extra: unknown,
) => PromiseLike<unknown> & { readonly requestId?: string };

/** The kinds of endpoint RTK Query has. */
export type RtkKind = 'query' | 'infinitequery' | 'mutation';

/** One endpoint normalizeApi normalizes: its name, kind and schema, and RTK Query's own endpoint. */
export interface DeclaredEndpoint {
  readonly name: string;
  readonly kind: RtkKind;
  /** The schema declared: for an infinite query, the schema of ONE page. */
  readonly schema: unknown;
  /** What an entry's data is normalized with: the declared schema, or `{ pages: [page] }` for an infinite query. */
  readonly stored: unknown;
  /**
   * The definition has `merge`: an answer is merged into the entry's data, which then changes where
   * it changed. Read from the definition each time, as `providesTags` below: `enhanceEndpoints` may add it later.
   */
  readonly merges: boolean;
  /** The definition's `providesTags` is a function of the data: a write-back recomputes the entry's tags. */
  readonly tagsFollowData: boolean;
  readonly rtk: RtkEndpoint;
  /** Names it in errors and DevTools: `getTrades (RTK Query 'api')`. */
  readonly label: string;
}

/** `api.util` as normalizeApi uses it. */
export interface RtkUtil {
  /** Applies patches to one query entry's data (RTK Query's `patchQueryData`): a thunk action. */
  patchQueryData(endpointName: string, arg: unknown, patches: readonly object[], updateProvided?: boolean): unknown;
}

/** The api as normalizeApi reads it; `endpoints` grows as `inject` declares more. */
export interface ApiPlan {
  /** The api, checked. */
  readonly api: RtkApi;
  readonly reducerPath: string;
  readonly util: RtkUtil;
  readonly endpoints: Map<string, DeclaredEndpoint>;
  /**
   * The api state `config` objects of the stores whose `normalizeApi` middleware has run, each to
   * whether the store has the entities slice: an entry fulfilled in a store not listed was never
   * normalized (the middleware is missing), nor in one without the slice.
   */
  readonly connected: WeakMap<object, boolean>;
  /**
   * Checks and adds declarations (the initial ones, then `inject`'s); errors name the endpoint.
   * Then tells each store's middleware (`watch`), which normalizes what RTK Query already holds for them.
   */
  declare(schemas: unknown): readonly DeclaredEndpoint[];
  /** A store's middleware: `watcher.declared()` runs after each later declaration, while the watcher is alive (held weakly). */
  watch(watcher: { declared(): void }): void;
}

function isRtkEndpoint(value: unknown): value is RtkEndpoint {
  return typeof field(value, 'select') === 'function';
}

/** An RTK Query api, as normalizeApi reads and calls it. */
export interface RtkApi {
  readonly reducerPath: string;
  readonly endpoints: { readonly [name: string]: unknown };
  readonly util: RtkUtil;
  /** normalizeApi gives it a function that reads a definition (RTK Query's documented way to reach one). */
  enhanceEndpoints(options: unknown): unknown;
  /** Not checked: every api `createApi` makes has it, and normalizeApi only passes a call on to it. */
  injectEndpoints?(options: unknown): unknown;
}

function isRtkApi(api: unknown): api is RtkApi {
  return (
    typeof field(api, 'reducerPath') === 'string' &&
    isRecord(field(api, 'endpoints')) &&
    typeof field(field(api, 'util'), 'patchQueryData') === 'function' &&
    typeof field(api, 'enhanceEndpoints') === 'function'
  );
}

function isKind(value: unknown): value is RtkKind {
  return value === 'query' || value === 'infinitequery' || value === 'mutation';
}

/**
 * Checks `api` and learns, for each endpoint `declare` is given a schema for, its kind and what its
 * definition does (`merge`, `providesTags`), with errors that name what is wrong. The definition is
 * what RTK Query hands to a function given to `api.enhanceEndpoints` (its documented way to reach
 * definitions): the live object, which later enhancements change in place; nothing is changed here.
 */
export function readApi(api: unknown): ApiPlan {
  if (!isRtkApi(api)) {
    throw new TypeError(
      `normalizeApi(api, schemas): api must be an RTK Query api made with createApi; received ${describeType(api)}` +
        (process.env.NODE_ENV !== 'production' ? ' without reducerPath, endpoints, util and enhanceEndpoints.' : '.'),
    );
  }
  const { reducerPath } = api;
  const endpoints = new Map<string, DeclaredEndpoint>();

  const declareOne = (name: string, schema: unknown): DeclaredEndpoint => {
    const rtkEndpoints = api.endpoints;
    const rtk = ownField(rtkEndpoints, name);
    if (!isRtkEndpoint(rtk)) {
      throw new Error(
        `normalizeApi: the RTK Query api '${reducerPath}' has no endpoint '${name}', which schemas declares.` +
          (process.env.NODE_ENV !== 'production'
            ? ` Its endpoints: ${Object.keys(rtkEndpoints).join(', ') || '(none)'}. Check the name, or inject the endpoint (api.injectEndpoints) ` +
              'and then declare it with entitiesApi.inject({ name: schema }).'
            : ''),
      );
    }
    if (schema === undefined || schema === null) {
      throw new TypeError(
        `normalizeApi: schemas.${name} is ${String(schema)}` +
          (process.env.NODE_ENV !== 'production'
            ? `; give the endpoint '${name}' a schema (an Entity, [Entity], a schema.Collection…), or leave it out.`
            : '.'),
      );
    }
    let definition: unknown;
    api.enhanceEndpoints({ endpoints: { [name]: (found: unknown) => void (definition = found) } });
    const kind = field(definition, 'type');
    const label = `${name} (RTK Query '${reducerPath}')`;
    if (!isKind(kind)) {
      throw new Error(
        `normalizeApi: ${label} is of kind ${String(kind)}, which normalizeApi does not know` +
          (process.env.NODE_ENV !== 'production'
            ? ': declare schemas for queries, infinite queries and mutations.'
            : '.'),
      );
    }
    if (kind === 'infinitequery' && isRecord(schema) && !isArray(schema) && 'pages' in schema) {
      throw new TypeError(
        `normalizeApi: ${label} is an infinite query, and its schema declares 'pages'.` +
          (process.env.NODE_ENV !== 'production'
            ? ' Give the schema of ONE page ' +
              `(for pages shaped { items, next }: { ${name}: { items: [Post] } }): RTK Query keeps the pages in data.pages.`
            : ''),
      );
    }
    const stored = kind === 'infinitequery' ? new ObjectSchema({ pages: new ArraySchema(schema) }) : schema;
    return {
      name,
      kind,
      schema,
      stored,
      get merges() {
        return typeof field(definition, 'merge') === 'function';
      },
      get tagsFollowData() {
        return typeof field(definition, 'providesTags') === 'function';
      },
      rtk,
      label,
    };
  };

  // held weakly: a store that is gone takes its middleware, and the watcher, with it
  const watchers = new Set<WeakRef<{ declared(): void }>>();

  return {
    api,
    reducerPath,
    util: api.util,
    endpoints,
    connected: new WeakMap(),
    watch(watcher) {
      watchers.add(new WeakRef(watcher));
    },
    declare(schemas) {
      if (!isRecord(schemas) || isArray(schemas)) {
        throw new TypeError(
          `normalizeApi(api, schemas): schemas must map endpoint names of the api '${reducerPath}' to schemas; received ${describeType(schemas)}.`,
        );
      }
      // every declaration is checked before any is added: a mistake adds none of them
      const declared = Object.keys(schemas).map((name) => declareOne(name, schemas[name]));
      for (const endpoint of declared) endpoints.set(endpoint.name, endpoint);
      for (const ref of watchers) {
        const watcher = ref.deref();
        if (watcher === undefined) watchers.delete(ref);
        else watcher.declared();
      }
      return declared;
    },
  };
}
