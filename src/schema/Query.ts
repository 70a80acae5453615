import type { DenormalizeDelegate, NormalizeDelegate, QueryDelegate, SchemaClass } from './interface.js';
import type { Denormalize } from './types.js';

/**
 * The derive function of a `schema.Query`: called with the wrapped schema's read value, then the
 * read's arguments; its result is the Query's read.
 */
export type QueryProcess<S, R, A extends readonly unknown[]> = (value: Denormalize<S>, ...args: A) => R;

/** The item type of a list schema's read: `Trade` for `schema.All(Trade)`. */
type ItemOf<S> = Denormalize<S> extends readonly (infer I)[] ? I : never;

/**
 * A live view's definition: the items of the wrapped list that pass `where`, sorted by `orderBy`
 * (ties by primary key), the first `limit` of them. Kept up to date by what each write changed.
 *
 * @typeParam T the item type (`Trade` for `schema.All(Trade)`)
 * @typeParam A the read's arguments
 */
export interface QueryOptions<T = any, A extends readonly unknown[] = readonly any[]> {
  /** Keeps the items it returns true for. Called with the item, then the read's arguments. */
  readonly where?: (item: T, ...args: A) => boolean;
  /** The sort key of an item: numbers or strings, one kind for all items. Ties go by primary key (with kinds, by kind first). */
  readonly orderBy?: (item: T) => number | string;
  /** `'asc'` (the default) or `'desc'`: the exact reverse of `'asc'`, ties included. */
  readonly order?: 'asc' | 'desc';
  /** How many items to keep from the start: a whole number, or a function of the read's arguments giving one. */
  readonly limit?: number | ((...args: A) => number);
}

/**
 * How a built Query stores `process`: method-typed (checked bivariantly), so a specific Query still
 * fits where any `Query` is accepted. The constructor takes the strict `QueryProcess`.
 */
type StoredProcess<S, R, A extends readonly unknown[]> = {
  process(value: Denormalize<S>, ...args: A): R;
}['process'];

/**
 * A derived read of a queryable schema (such as `schema.All`), in one of two forms:
 *
 * - **A function** of the wrapped schema's read (typed as `Denormalize<S>`) and the read's arguments:
 *   its result is the Query's read, recomputed when a table the schema reads changed.
 * - **A live view**, `{ where, orderBy, order, limit }` over a `schema.All`: the matching items in
 *   order, maintained from what each write changed. A write re-checks only the items it changed
 *   (and those whose nested records changed), moves them by binary search and keeps every other
 *   item's instance; a view nobody reads costs nothing until it is read again.
 *
 * Memoized like every read: same tables and arguments give the same result. Each distinct
 * arguments value is its own view.
 *
 * @param schema the schema read first
 * @param process derives the result from that read and the read's arguments, or the view's options
 *
 * @example
 * ```ts
 * const todosOfUser = new schema.Query(new schema.All(Todo), (todos, { userId }: { userId: number }) =>
 *   todos.filter((todo) => todo.userId === userId));
 * const largestOfCoin = new schema.Query(new schema.All(Trade), {
 *   where: (trade, coin: string) => trade.coin === coin,
 *   orderBy: (trade) => Number(trade.amount),
 *   order: 'desc',
 *   limit: 50,
 * });
 * ```
 * @see docs/guide/live-views.md
 */
export class Query<
  S = unknown,
  R = Denormalize<S>,
  A extends readonly unknown[] = readonly any[],
> implements SchemaClass {
  /** The schema read before `process`. */
  declare readonly schema: S;
  /** Derives the result from the schema's value and the read's arguments (the function form). */
  declare readonly process: StoredProcess<S, R, A>;
  /** The live view's definition (the options form). */
  declare readonly options: QueryOptions | undefined;
  /** True when the wrapped schema lists tables without needing an input. */
  declare readonly readsTables: boolean;
  /** What garbage collection follows, rather than run `process`: the wrapped schema. */
  declare readonly reaches: S;

  constructor(schema: S, process: QueryProcess<S, R, A>);
  constructor(schema: S, options: QueryOptions<ItemOf<S>, A>);
  constructor(schema: S, derive: QueryProcess<S, R, A> | QueryOptions<ItemOf<S>, A>) {
    this.schema = schema;
    if (typeof derive === 'function') this.process = derive;
    else {
      this.options = derive as QueryOptions;
      if (process.env.NODE_ENV !== 'production') assertLimit(this, derive.limit);
    }
    this.reaches = schema;
    this.readsTables = (schema as Partial<SchemaClass>).readsTables === true;
  }

  /** Normalizes with the wrapped schema. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    return delegate.visit(this.schema, input, parent, key);
  }

  /** Reads the wrapped schema, then derives; a live view is kept by the memo's view engine. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): R {
    if (this.options) {
      if (process.env.NODE_ENV !== 'production' && delegate.cache?.views === undefined)
        throw new Error(
          `${viewName(this)} has options (where, orderBy, order, limit): it is kept by the views of ` +
            "'rtk-entities/views', given to createDataMiddleware({ views }).",
        );
      return delegate.cache!.views!(delegate as never, this, input) as R;
    }
    return this.process(delegate.unvisit(this.schema, input) as Denormalize<S>, ...(delegate.args as unknown as A));
  }

  /** The wrapped schema's query. */
  queryKey(args: readonly unknown[], delegate: QueryDelegate): unknown {
    return (this.schema as Partial<SchemaClass>).queryKey?.(args, delegate);
  }

  /** The wrapped schema's tables. */
  tableKeys(add: (schema: unknown) => void): void {
    add(this.schema);
  }
}

/**
 * How errors name a view: `schema.Query of Trade`.
 */
export function viewName(query: Query): string {
  const { entities } = query.schema as { entities?: () => readonly { key: string }[] };
  return `schema.Query of ${
    entities
      ? entities
          .call(query.schema)
          .map((entity) => entity.key)
          .join(' | ')
      : 'a list'
  }`;
}

/**
 * A development check of a view's `limit` (a number is checked here, a function's result when read).
 * @throws RangeError naming the view when it is not a whole number of at least 0
 */
export function assertLimit(query: Query, limit: unknown): void {
  if (limit !== undefined && typeof limit !== 'function' && !(Number.isInteger(limit) && (limit as number) >= 0))
    throw new RangeError(`${viewName(query)}: limit must be a whole number of at least 0; received ${String(limit)}.`);
}
