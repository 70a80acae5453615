import { isPlainObject } from '../utils/isPlainObject.js';
import { isRecord } from '../utils/isRecord.js';

/**
 * `previous` when `next` holds the same things (arrays and plain objects compared item by item,
 * everything else by `===`), else `next`. Lets a rebuilt read keep the identity of an unchanged result.
 */
export function keepIdentity<T>(previous: unknown, next: T): T {
  return equivalent(previous, next) ? (previous as T) : next;
}

function equivalent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equivalent(a[i], b[i])) return false;
    return true;
  }
  if (!isRecord(a) || !isRecord(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !equivalent(a[key], b[key])) return false;
  }
  return true;
}
