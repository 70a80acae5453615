/** A memoized function: its results for the last few lists of arguments. */
interface Recent {
  readonly args: readonly unknown[];
  readonly result: unknown;
}

/**
 * A `memoize` for reselect's `createSelector` (as `memoize` or `argsMemoize`) that keeps the results
 * of the last `size` lists of arguments, compared item by item with `===`, newest first: each store
 * that reads the selector in turn finds its own latest result. A new result equal to the newest one
 * by `resultEqualityCheck` is returned as that one. Nothing is kept in a `WeakMap`, so a selector
 * that recomputes after every write (new state, new tables) allocates no cache nodes.
 */
export function recentMemoize<F extends (...args: never[]) => unknown>(
  func: F,
  { size = 4, resultEqualityCheck }: { size?: number; resultEqualityCheck?: (a: unknown, b: unknown) => boolean } = {},
): F {
  const recent: Recent[] = [];
  return function memoized(...args: unknown[]): unknown {
    for (let i = 0; i < recent.length; i++) {
      const entry = recent[i] as Recent;
      if (!sameArgs(entry.args, args)) continue;
      if (i > 0) recent.unshift(...recent.splice(i, 1));
      return entry.result;
    }
    let result = func(...(args as Parameters<F>));
    const newest = recent[0];
    if (newest !== undefined && resultEqualityCheck?.(newest.result, result) === true) result = newest.result;
    recent.unshift({ args, result });
    if (recent.length > size) recent.pop();
    return result;
  } as unknown as F;
}

function sameArgs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
