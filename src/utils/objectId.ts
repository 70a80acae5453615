const ids = new WeakMap<object, number>();
let last = 0;

/**
 * A number that stands for `object` while it lives (0 for `undefined`): caches remember what they
 * read by these numbers (the memo's results their tables, `recentMemoize` its arguments), so they
 * never keep an old table or state alive.
 */
export function objectId(object: object | undefined): number {
  if (object === undefined) return 0;
  let id = ids.get(object);
  if (id === undefined) ids.set(object, (id = ++last));
  return id;
}
