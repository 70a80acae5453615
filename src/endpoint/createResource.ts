import { Collection, type CollectionOptions } from '../schema/Collection.js';
import { Invalidate } from '../schema/Invalidate.js';
import type { EntitySchema } from '../schema/interface.js';
import { entityKey } from '../schema/entityKey.js';
import { RestEndpoint } from './RestEndpoint.js';
import type { RestEndpointOptions } from './RestEndpointOptions.js';
import type { SearchParams } from './searchString.js';
import type { DefaultBody, HttpMethod } from './RestArgs.js';
import { listPath } from './listPath.js';
import type { EntityBody } from './EntityBody.js';
import { optimisticResponses } from './optimisticResponses.js';
import { field } from '../utils/field.js';
import { isRecord } from '../utils/isRecord.js';

type Instance<S> = S extends abstract new (...args: any[]) => infer I ? I : never;
type Common = Pick<
  RestEndpointOptions<string, unknown, 'GET', undefined, SearchParams, unknown>,
  | 'urlPrefix'
  | 'requestInit'
  | 'getHeaders'
  | 'dataExpiryLength'
  | 'errorExpiryLength'
  | 'pollFrequency'
  | 'keepUnusedDataFor'
  | 'timeout'
  | 'errorPolicy'
>;

/**
 * Options of `createResource`.
 *
 * @see docs/guide/resources.md
 */
export interface ResourceOptions<P extends string, S extends EntitySchema> extends Common {
  /** The path of one item, e.g. `'/trade/:id'`; lists use it with the last parameter dropped. */
  readonly path: P;
  /** The Entity class of the items. */
  readonly schema: S;
  /** The Collection class for lists (a subclass with other filters). @default schema.Collection */
  readonly Collection?: new (schema: [S], options?: CollectionOptions) => Collection<[S]>;
  /** Argument names that do not restrict which lists a new item joins. @default names starting with `order` */
  readonly nonFilterArgumentKeys?: CollectionOptions['nonFilterArgumentKeys'];
  /** The argument that names a page, for `getList.getPage`. @default 'cursor' */
  readonly paginationField?: string;
  /** Shows `update`, `partialUpdate`, `delete` and `getList.push` results before the server answers. @default false */
  readonly optimistic?: boolean;
}

/**
 * The endpoints of a resource, built by `createResource`.
 *
 * @see docs/guide/resources.md
 */
export type ResourceMembers<P extends string, S extends EntitySchema> = ReturnType<typeof buildMembers<P, S>>;

type MemberOptions = Partial<RestEndpointOptions<string, unknown, HttpMethod, unknown, SearchParams, unknown>>;
type MethodOf<O, Base> = O extends { method: infer M extends HttpMethod }
  ? M
  : Base extends RestEndpoint<string, unknown, infer M, any, any, any>
    ? M
    : 'GET';

/** The endpoint `extend` makes from options: their path, schema and method, else the base member's. */
export type ExtendedMember<O, Base> =
  Base extends RestEndpoint<infer P, infer S, any, any, infer Q, infer R>
    ? RestEndpoint<
        O extends { path: infer P2 extends string } ? P2 : P,
        O extends { schema: infer S2 } ? S2 : S,
        MethodOf<O, Base>,
        O extends { body: infer B } ? B : DefaultBody<MethodOf<O, Base>>,
        Q,
        R
      >
    : never;

/**
 * A resource: its endpoints plus `extend`, which returns a new resource.
 *
 * @see docs/guide/resources.md
 */
export type Resource<M extends object> = M & {
  /** Adds or replaces one member: `extend('name', options)` extends the member of that name, or `get`. */
  extend<N extends string, const O extends MemberOptions>(
    name: N,
    options: O,
  ): Resource<
    Omit<M, N> & { [K in N]: ExtendedMember<O, N extends keyof M ? M[N] : M extends { get: infer G } ? G : never> }
  >;
  /** Adds or replaces members from options: each extends the member of that name, or `get`. */
  extend<const O extends Record<string, MemberOptions>>(
    members: O,
  ): Resource<
    Omit<M, keyof O> & {
      [K in keyof O]: ExtendedMember<O[K], K extends keyof M ? M[K] : M extends { get: infer G } ? G : never>;
    }
  >;
  /** Adds or replaces members built from the current ones. */
  extend<X extends object>(build: (base: M) => X): Resource<Omit<M, keyof X> & X>;
};

function buildMembers<P extends string, S extends EntitySchema>(options: ResourceOptions<P, S>) {
  const {
    path,
    schema,
    Collection: CollectionClass = Collection,
    nonFilterArgumentKeys,
    paginationField = 'cursor',
    optimistic = false,
    ...common
  } = options;
  const key = entityKey(schema);
  type Body = EntityBody<Instance<S>>;
  const body = {} as Body; // types the body; its value is never sent
  const optimisticFor = optimistic ? optimisticResponses : undefined;

  const collection = new CollectionClass(
    [schema],
    nonFilterArgumentKeys === undefined ? {} : { nonFilterArgumentKeys },
  );
  const get = new RestEndpoint({ ...common, path, schema, name: `${key}.get` });
  const list = new RestEndpoint({ ...common, path: listPath(path), schema: collection, name: `${key}.getList` });
  const push = list.extend({
    method: 'POST',
    schema: collection.push,
    body,
    name: `${key}.getList.push`,
    getOptimisticResponse: optimisticFor?.create,
  });
  const getList = Object.assign(list, {
    /** POSTs a new item and appends it to every stored list it belongs in. */
    push,
    /** POSTs a new item and prepends it to every stored list it belongs in. */
    unshift: push.extend({ schema: collection.unshift, name: `${key}.getList.unshift` }),
    /** POSTs entries and merges them into every stored Values list they belong in. */
    assign: push.extend({ schema: collection.assign, name: `${key}.getList.assign` }),
    /** PATCHes the list to take items out of every stored list they belong in (the filter push uses). */
    remove: list.extend({ method: 'PATCH', schema: collection.remove, body, name: `${key}.getList.remove` }),
    /**
     * PATCHes one item (its path, e.g. `/todos/:id`) whose filter fields change: it leaves the stored
     * lists it no longer matches and joins those it now matches; lists it matches still keep it in place.
     */
    move: get.extend({
      method: 'PATCH',
      schema: collection.move,
      body,
      name: `${key}.getList.move`,
      getOptimisticResponse: optimisticFor?.update,
    }),
    /** GETs a further page (`paginationField` in the params) and appends it to the list, without duplicates. */
    getPage: list.extend({ schema: collection.paginate(paginationField), name: `${key}.getList.getPage` }),
  });
  return {
    /** GETs one item. */
    get,
    /** GETs a list (stored per arguments), with `.push`, `.unshift`, `.assign`, `.remove`, `.move` and `.getPage`. */
    getList,
    /** PUTs a whole item. */
    update: get.extend({
      method: 'PUT',
      body,
      name: `${key}.update`,
      getOptimisticResponse: optimisticFor?.update,
    }),
    /** PATCHes some fields of an item. */
    partialUpdate: get.extend({
      method: 'PATCH',
      body,
      name: `${key}.partialUpdate`,
      getOptimisticResponse: optimisticFor?.update,
    }),
    /** DELETEs an item: it leaves every list, every All and every read by id. */
    delete: get.extend({
      method: 'DELETE',
      schema: new Invalidate(schema),
      name: `${key}.delete`,
      // an empty DELETE response (204, `{}`) names the item through the params
      process: (value: unknown, ...args: unknown[]) =>
        isRecord(value) && Object.keys(value).length > 0 ? value : args[0],
      getOptimisticResponse: optimisticFor?.remove,
    }),
  };
}

/**
 * The REST endpoints of one kind of Entity: `get`, `getList` (with `push`, `unshift`, `assign`,
 * `remove`, `move`, `getPage`), `update`, `partialUpdate` and `delete`. Member names such as
 * `Trade.getList.push` appear in errors and DevTools.
 *
 * @example
 * ```ts
 * const TradeResource = createResource({ urlPrefix: API, path: '/trade/:id', schema: Trade }).extend((Base) => ({
 *   create: Base.getList.push.extend({ schema: { trade: Base.getList.push.schema, account: Account } }),
 * }));
 * await ctrl.fetch(TradeResource.create, { amount: '5', coin: 'btc' }); // the trade joins its lists, the account updates
 * ```
 * @see docs/guide/resources.md
 */
export function createResource<P extends string, S extends EntitySchema>(
  options: ResourceOptions<P, S>,
): Resource<ResourceMembers<P, S>> {
  return withExtend(buildMembers(options), entityKey(options.schema));
}

type AnyEndpoint = RestEndpoint<string, unknown, any, any, any, any>;

function withExtend<M extends object>(members: M, key: string): Resource<M> {
  const extend = (first: string | object | ((base: M) => object), options?: object) => {
    // one member by name is the object form with one entry
    const byName = typeof first === 'string' ? { [first]: options ?? {} } : first;
    const added =
      typeof byName === 'function'
        ? named(byName(members), key)
        : Object.fromEntries(
            Object.entries(byName).map(([name, memberOptions]) => {
              // the member of that name, else `get`, extended
              const base = (field(members, name) ?? field(members, 'get')) as AnyEndpoint;
              return [name, base.extend({ name: `${key}.${name}`, ...(memberOptions as object) })];
            }),
          );
    return withExtend({ ...members, ...added }, key);
  };
  return { ...members, extend } as Resource<M>;
}

/**
 * Names endpoints added by `extend(Base => …)` after their member (`Trade.create`), when they
 * still carry the generated name of the member they were extended from.
 */
function named(added: object, key: string): object {
  return Object.fromEntries(
    Object.entries(added).map(([member, endpoint]) => {
      const candidate = endpoint as Partial<AnyEndpoint>;
      const generated =
        typeof candidate.name === 'string' &&
        candidate.name.startsWith(`${key}.`) &&
        candidate.name !== `${key}.${member}`;
      return [
        member,
        generated && typeof candidate.extend === 'function' ? candidate.extend({ name: `${key}.${member}` }) : endpoint,
      ];
    }),
  );
}
