import type { DenormalizeDelegate, NormalizeDelegate, QueryDelegate, SchemaClass } from './interface.js';
import type { Denormalize } from './types.js';

/**
 * The derive function of a `schema.Query`: called with the wrapped schema's read value, then the
 * read's arguments; its result is the Query's read.
 */
export type QueryProcess<S, R, A extends readonly unknown[]> = (value: Denormalize<S>, ...args: A) => R;

/**
 * How a built Query stores `process`: method-typed (checked bivariantly), so a specific Query still
 * fits where any `Query` is accepted. The constructor takes the strict `QueryProcess`.
 */
type StoredProcess<S, R, A extends readonly unknown[]> = {
  process(value: Denormalize<S>, ...args: A): R;
}['process'];

/**
 * A derived read: a queryable schema (such as `schema.All`) plus a function of its value and the
 * read's arguments. Memoized like every read: same tables and arguments give the same result.
 * `process` receives the wrapped schema's read, typed as `Denormalize<S>`; its result is the read
 * of the Query.
 *
 * @param schema the schema read first
 * @param process derives the result from that read and the read's arguments
 *
 * @example
 * ```ts
 * const todosOfUser = new schema.Query(new schema.All(Todo), (todos, { userId }: { userId: number }) =>
 *   todos.filter((todo) => todo.userId === userId));
 * ```
 * @see docs/guide/schemas.md
 */
export class Query<S = unknown, R = unknown, A extends readonly unknown[] = readonly any[]> implements SchemaClass {
  /** The schema read before `process`. */
  declare readonly schema: S;
  /** Derives the result from the schema's value and the read's arguments. */
  declare readonly process: StoredProcess<S, R, A>;
  /** True when the wrapped schema lists tables without needing an input. */
  declare readonly readsTables: boolean;
  /** What garbage collection follows, rather than run `process`: the wrapped schema. */
  declare readonly reaches: S;

  constructor(schema: S, process: QueryProcess<S, R, A>) {
    this.schema = schema;
    this.process = process;
    this.reaches = schema;
    this.readsTables = (schema as Partial<SchemaClass>).readsTables === true;
  }

  /** Normalizes with the wrapped schema. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    return delegate.visit(this.schema, input, parent, key);
  }

  /** Reads the wrapped schema, then derives. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): R {
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
