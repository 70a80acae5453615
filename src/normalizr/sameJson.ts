import { isPlainObject } from '../utils/isPlainObject.js';
import { isRecord } from '../utils/isRecord.js';
import { isArray } from '../utils/isArray.js';

/** How deep `sameJson` compares; anything deeper counts as changed. */
const MAX_DEPTH = 64;

/**
 * True when two values hold the same JSON: `===`, or arrays and plain objects whose items and own
 * fields hold the same JSON in turn. A refetch brings new objects and arrays (such as the primary
 * keys of nested entities) even when nothing changed; this lets the stored record or result stay,
 * so every read of it keeps its identity (RTK Query's structural sharing, for whole values).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  return sameValue(a, b, 0);
}

function sameFields(
  a: { readonly [field: string]: unknown },
  b: { readonly [field: string]: unknown },
  depth: number,
): boolean {
  // counted, not listed: two `Object.keys` arrays per compare were a tenth of normalize's time, which
  // compares every repeat of an entity in a response (a plain object inherits no enumerable field)
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(b, key) || !sameValue(a[key], b[key], depth)) return false;
    count++;
  }
  for (const _ in b) count--;
  return count === 0;
}

function sameValue(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (!isRecord(a) || !isRecord(b) || depth >= MAX_DEPTH) return false;
  if (isArray(a)) {
    if (!isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  return sameFields(a, b, depth + 1);
}
