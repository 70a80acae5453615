import { isRecord } from '../../utils/isRecord.js';

/** True when `a` and `b` have the same own fields with identical (`===`) values. */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  // no key lists: results are compared after every write a selector reads
  let fields = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    if (!Object.hasOwn(b, key) || a[key] !== b[key]) return false;
    fields++;
  }
  for (const key in b) if (Object.hasOwn(b, key)) fields--;
  return fields === 0;
}
