/** True when `a` and `b` have the same own fields with identical (`===`) values. */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
}
