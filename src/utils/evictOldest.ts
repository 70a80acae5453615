/**
 * Deletes the entry a Map received first (Maps keep insertion order): how the bounded selector
 * caches make room. Does nothing on an empty Map.
 */
export function evictOldest<K, V>(map: Map<K, V>): void {
  for (const key of map.keys()) {
    map.delete(key);
    return;
  }
}
