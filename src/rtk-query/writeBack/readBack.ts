import { freezeNewParts } from '../middleware/freezeNewParts.js';
import { PlainRead } from './PlainRead.js';
import type { RawIndex } from './RawIndex.js';
import { shareUnchanged } from './shareUnchanged.js';
import type { StoredTables } from '../../storage/table.js';

/** One RTK Query cache entry as a write-back reads it: its schema, argument, data and entity objects. */
export interface ReadBackEntry {
  /** The schema its data is normalized with. */
  readonly stored: unknown;
  readonly originalArgs: unknown;
  /** The entry's data as RTK Query holds it. */
  readonly data: unknown;
  /** The entity objects of `data`. */
  readonly index: RawIndex;
}

/**
 * The entry's data as `tables` give it now, to write back into RTK Query's entry (docs/guide/rtk-query.md):
 * plain data in the entry's own shape (`PlainRead`), every part that did not change the very part
 * `entry.data` holds (`shareUnchanged`), frozen where RTK Query froze what it stores. `undefined`
 * when nothing changed, or when the entry is not written back (a derived schema, an entity gone).
 *
 * @param result the entry's normalized result in the entities slice
 */
export function readBack(entry: ReadBackEntry, tables: StoredTables, result: unknown): unknown {
  const read = new PlainRead(tables, entry.index, [entry.originalArgs]);
  const plain = read.read(entry.stored, result);
  if (plain === undefined) return undefined;
  const value = shareUnchanged(entry.data, plain, (part) => read.isEntity(part));
  if (value === entry.data) return undefined;
  // RTK Query freezes what it stores (Immer's auto-freeze, on unless the app turned it off)
  if (Object.isFrozen(entry.data)) freezeNewParts(value);
  return value;
}
