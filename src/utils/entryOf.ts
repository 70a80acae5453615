import { evictOldest } from './evictOldest.js';

/**
 * The value of `key` in `map` (a Map or a WeakMap), made by `make` and set there the first time:
 * how the caches keyed by an object or a string find their entry. With `most`, a Map that holds
 * that many entries first lets go of its oldest.
 */
export function entryOf<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown; readonly size?: number },
  key: K,
  make: () => V,
  most?: number,
): V {
  let value = map.get(key);
  if (value === undefined) {
    // without `most` (or for a WeakMap, which has no size) the compare is with `undefined`: false
    if (map.size! >= most!) evictOldest(map as Map<K, V>);
    map.set(key, (value = make()));
  }
  return value;
}
