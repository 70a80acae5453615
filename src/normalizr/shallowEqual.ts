/** True when two records have the same own fields with `===` values. */
export function shallowEqual(a: { readonly [field: string]: unknown }, b: { readonly [field: string]: unknown }): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (a[key] !== b[key] || !Object.prototype.hasOwnProperty.call(b, key)) return false;
  }
  return true;
}
