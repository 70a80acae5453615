import type { EntityMeta, EntityRecord, WriteMeta } from '../schema/interface.js';
import { startedBefore } from '../schema/startedBefore.js';

/**
 * The value a record gives an indexed field (`Entity.indexes`), as the index keys it: the field as
 * a string, or `undefined` when the record has none (absent, `null`, or no record).
 */
export function indexValue(record: EntityRecord | undefined, field: string): string | undefined {
  const value = record?.[field];
  return value === undefined || value === null ? undefined : `${value}`;
}

/**
 * Whether an index entry stays with the record it names (`holder`) when a write that started at
 * `incoming` gives another record the same value: when the holder still holds the value and a
 * write that started later wrote it. Entries follow start order as records do, so every tab names
 * the same record whichever order the writes reach it in. (Indexed fields are meant to be unique,
 * as Data Client's: a value two records hold at once names the one written later.)
 *
 * @param holder the record the entry names, as the write leaves it, and its meta
 * @param value the indexed value, as the index keys it
 */
export function keepsIndexEntry(
  holder: { readonly record: EntityRecord | undefined; readonly meta: EntityMeta | undefined },
  field: string,
  value: string,
  incoming: WriteMeta,
): boolean {
  return (
    indexValue(holder.record, field) === value && holder.meta !== undefined && startedBefore(incoming, holder.meta)
  );
}
