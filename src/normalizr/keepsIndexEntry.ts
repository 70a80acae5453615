import type { EntityMeta, EntityRecord, WriteMeta } from '../schema/interface.js';
import { startedBefore } from '../schema/startedBefore.js';

/**
 * Whether an index entry stays with the record it names (`holder`) when a write that started at
 * `incoming` gives another record the same value: when the holder still holds the value and was
 * written by a write that started later. Entries follow start order as records do, so every tab
 * names the same record whichever order the writes reach it in. (Indexed fields are meant to be
 * unique, as Data Client's: a value two records hold at once names the one written later.)
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
  const held = holder.record?.[field];
  return (
    held !== undefined &&
    held !== null &&
    `${held}` === value &&
    holder.meta !== undefined &&
    startedBefore(incoming, holder.meta)
  );
}
