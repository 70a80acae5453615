import type {
  EntityIndexes,
  EntityMetaStamps,
  EntitySchema,
  EntityTables,
  StoreView,
  WriteMeta,
} from '../schema/interface.js';
import { describeType, describeValue } from '../utils/describeValue.js';
import { NormalizeWrites } from './NormalizeWrites.js';
import { sameJson } from './sameJson.js';
import { toSchemaClass } from './shorthand.js';
import { schemaName } from './schemaName.js';
import { whileNormalizing } from '../schema/shapeError.js';
import { isRecord } from '../utils/isRecord.js';

/**
 * Options of `normalize` beyond the schema and input.
 *
 * @see docs/guide/schemas.md#first-use
 */
export interface NormalizeOptions {
  /** What is stored already: records are merged into it, Collections find their lists in it. */
  readonly store?: StoreView;
  /** Timing of this write. @default fetchedAt and date now, never expires */
  readonly meta?: WriteMeta;
  /** Describes the request in error messages, e.g. `GET /users`. */
  readonly source?: string;
  /**
   * Sees each entity item of the input with its primary key before it is written; returning
   * `false` skips writing it (only its key goes into the result): for items the store already
   * holds as they are, such as the unchanged items of a cache entry written again.
   */
  readonly visitEntity?: (entity: EntitySchema, pk: string, input: object) => boolean;
  /**
   * Stored records take the written values but keep their meta: the write is a local edit of what
   * is stored (RTK Query's `updateQueryData`), not newer data, so a response to a request already
   * in flight still overwrites it. New records take the write's meta. @default false
   */
  readonly keepStoredMeta?: boolean;
}

/**
 * What `normalize` returns: the result with entities replaced by primary keys, and the writes.
 *
 * @see docs/guide/schemas.md#first-use
 */
export interface NormalizedData<R = unknown> {
  /** The input with every entity replaced by its primary key (`{ id, schema }` when polymorphic). */
  readonly result: R;
  /** Every record the input touched, merged with the stored one: `entities[key][pk]`. */
  readonly entities: EntityTables;
  /**
   * The meta this response writes, as the store keeps it: per kind, a stamp listing the records
   * that take this response's meta, and one with `deleted: true` listing the records it deletes
   * (absent from `entities`). A record that keeps a newer stored meta is in no stamp.
   */
  readonly entitiesMeta: EntityMetaStamps;
  /** Index entries written. */
  readonly indexes: EntityIndexes;
}

/**
 * Splits a response into flat entity tables, following `schema`. Pure: the store passed in options
 * is read, never changed. Throws a `TypeError` naming the schema, the field and the value when the
 * input does not fit; then nothing is returned, so nothing is half-written.
 *
 * @param schema how the input is shaped
 * @param input the parsed response
 * @param args the request's arguments
 * @returns the result and the records to write
 * @see docs/guide/schemas.md#first-use
 */
export function normalize<R = unknown>(
  schema: unknown,
  input: unknown,
  args: readonly unknown[] = [],
  options: NormalizeOptions = {},
): NormalizedData<R> {
  const now = Date.now();
  const meta = options.meta ?? { fetchedAt: now, date: now, expiresAt: Number.MAX_SAFE_INTEGER };
  const writes = new NormalizeWrites(meta, args, options);
  if (toSchemaClass(schema) !== undefined && !isRecord(input)) {
    throw new TypeError(unexpectedInput(schema, input, options.source));
  }
  const result = writes.visit(schema, input, input, undefined) as R;
  writes.drain();
  // a list of new records and the stamp listing them name the same keys: one array of them, not two
  for (const [stamp] of Object.values(writes.entitiesMeta))
    if (sameJson(stamp.pks, result)) stamp.pks = result as string[];
  return { result, entities: writes.entities, entitiesMeta: writes.entitiesMeta, indexes: writes.indexes };
}

function unexpectedInput(schema: unknown, input: unknown, source: string | undefined): string {
  const where = `${schemaName(schema)} expected an object or array ${whileNormalizing(source)}, but received ${describeType(input)}`;
  if (typeof input === 'string' && parsesAsJson(input)) {
    return (
      `${where}: a string that is itself JSON.` +
      (process.env.NODE_ENV !== 'production'
        ? ' The response was probably not parsed (is its content-type JSON?).'
        : '') +
      ` Received: ${describeValue(input)}`
    );
  }
  return `${where}. Received: ${describeValue(input)}`;
}

function parsesAsJson(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed);
  } catch {
    return false;
  }
}
