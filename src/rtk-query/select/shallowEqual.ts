import { isRecord } from '../../utils/isRecord.js';

/** True when `a` and `b` have the same fields with identical (`===`) values (results: plain objects, whose fields are all their own). */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  // no key lists: results are compared after every write a selector reads
  let fields = 0;
  for (const key in a) {
    if (!(key in b) || a[key] !== b[key]) return false;
    fields++;
  }
  for (const _ in b) fields--;
  return fields === 0;
}
