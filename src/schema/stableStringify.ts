/**
 * JSON with object keys sorted, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` give one string.
 * Used for cache keys built from arguments.
 */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const name of Object.keys(item).sort()) {
      Object.defineProperty(sorted, name, { value: (item as Record<string, unknown>)[name], enumerable: true });
    }
    return sorted;
  }) ?? 'undefined';
}
