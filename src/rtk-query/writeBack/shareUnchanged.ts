import { isPlainObject } from '../../utils/isPlainObject.js';
import { isArray } from '../../utils/isArray.js';

/**
 * `next` with every part that equals the same part of `old` replaced by `old`'s, so an unchanged
 * value is `old` itself and a changed one keeps the references of what did not change (RTK Query's
 * structural sharing, for a write-back). Arrays and plain objects are compared part by part;
 * `isWhole` values (entity objects, already shared with `old`'s) are compared by reference alone.
 */
export function shareUnchanged(old: unknown, next: unknown, isWhole: (value: object) => boolean): unknown {
  if (old === next || typeof next !== 'object' || next === null || isWhole(next)) return next;
  if (typeof old !== 'object' || old === null) return next;
  if (isArray(next)) {
    if (!isArray(old)) return next;
    // copied from the first item that differs: an unchanged list allocates nothing
    let shared: unknown[] | undefined = old.length === next.length ? undefined : [];
    for (let i = 0; i < next.length; i++) {
      const value = shareUnchanged(old[i], next[i], isWhole);
      if (shared === undefined && value !== old[i]) shared = old.slice(0, i);
      shared?.push(value);
    }
    return shared ?? old;
  }
  if (isArray(old) || !isPlainObject(old) || !isPlainObject(next)) return next;
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(old).length;
  const shared: Record<string, unknown> = {};
  for (const key of keys) {
    const value = shareUnchanged(Object.hasOwn(old, key) ? old[key] : undefined, next[key], isWhole);
    if (value !== old[key] || !Object.hasOwn(old, key)) same = false;
    // a field named __proto__ (JSON.parse makes them) stays a field
    Object.defineProperty(shared, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return same ? old : shared;
}
