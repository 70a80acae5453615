import type { EntityTable } from '../schema/interface.js';
import { createTable, setOwn } from '../utils/ownProperty.js';

const known = new WeakMap<object, readonly string[]>();

const NO_KEYS: readonly string[] = Object.freeze([]);

/** Property keys that JavaScript enumerates first, in numeric order: canonical array indexes. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

/**
 * `Object.keys(table)`, remembered per table: listing a table of 10,000 records costs about a
 * millisecond (tables are dictionaries), and a write already knows the keys of the table it makes.
 */
export function tableKeys(table: EntityTable | undefined): readonly string[] {
  // one list for every absent table, so what read one still reads the same while it stays absent
  if (table === undefined) return NO_KEYS;
  let keys = known.get(table);
  if (keys === undefined) known.set(table, (keys = Object.keys(table)));
  return keys;
}

/** A copy of `table` (a write copies the table it changes), through its remembered keys. */
export function copyKeyed(table: EntityTable | undefined): { [pk: string]: EntityTable[string] } {
  const copy = createTable<EntityTable[string]>();
  if (table === undefined) return copy;
  const keys = tableKeys(table);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    setOwn(copy, key, table[key]);
  }
  return copy;
}

/**
 * Records the keys of `copy`, a copy of `table` with `added` keys put in after it (none removed),
 * when they follow from the copied table's: the same order `Object.keys` gives, since JavaScript
 * lists added keys last unless they are array indexes (then it is left to `Object.keys`).
 */
export function rememberKeys(copy: EntityTable, table: EntityTable | undefined, added: readonly string[]): void {
  if (added.some((key) => ARRAY_INDEX.test(key) && Number(key) < 4_294_967_295)) return;
  const before = table === undefined ? [] : tableKeys(table);
  known.set(copy, added.length === 0 ? before : [...before, ...added]);
}
