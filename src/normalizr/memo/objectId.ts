const ids = new WeakMap<object, number>();
let last = 0;

/**
 * A number that stands for `object` while it lives (0 for `undefined`): memo entries remember the
 * tables they were checked against by these numbers, so they never keep an old table alive.
 */
export function objectId(object: object | undefined): number {
  if (object === undefined) return 0;
  let id = ids.get(object);
  if (id === undefined) ids.set(object, (id = ++last));
  return id;
}
