import { objectId } from './objectId.js';
import { isObjectLike } from './isRecord.js';

/** One list of arguments a memoized function was called with, and its result. */
interface Recent {
  /** Each argument's `objectId`, or `NOT_AN_OBJECT`. */
  readonly ids: readonly number[];
  /** The arguments that are not objects, as they are (`undefined` where an object was). */
  readonly values: readonly unknown[];
  readonly result: unknown;
}

/** The id of an argument that is no object: it is compared by value. */
const NOT_AN_OBJECT = -1;

/**
 * A `memoize` for reselect's `createSelector` (as `memoize` or `argsMemoize`) that keeps the results
 * of the last `size` lists of arguments, compared item by item, newest first: each store that reads
 * the selector in turn finds its own latest result. A new result equal to the newest one by
 * `resultEqualityCheck` is returned as that one. Objects among the arguments (a state, a table) are
 * kept as numbers (`objectId`), never by reference, so a selector read once keeps no earlier
 * version of the store alive; and nothing is kept in a `WeakMap` tree per selector, so one that
 * recomputes after every write (new state, new tables) allocates no cache nodes.
 */
export function recentMemoize<F extends (...args: never[]) => unknown>(
  func: F,
  { size = 4, resultEqualityCheck }: { size?: number; resultEqualityCheck?: (a: unknown, b: unknown) => boolean } = {},
): F {
  const recent: Recent[] = [];
  return function memoized(...args: unknown[]): unknown {
    const ids = args.map(idOf);
    for (let i = 0; i < recent.length; i++) {
      const entry = recent[i] as Recent;
      if (!sameArgs(entry, ids, args)) continue;
      if (i > 0) recent.unshift(...recent.splice(i, 1));
      return entry.result;
    }
    let result = func(...(args as Parameters<F>));
    const newest = recent[0];
    if (newest !== undefined && resultEqualityCheck?.(newest.result, result) === true) result = newest.result;
    const values = args.map((arg, i) => (ids[i] === NOT_AN_OBJECT ? arg : undefined));
    recent.unshift({ ids, values, result });
    if (recent.length > size) recent.pop();
    return result;
  } as unknown as F;
}

function idOf(arg: unknown): number {
  return isObjectLike(arg) ? objectId(arg) : NOT_AN_OBJECT;
}

function sameArgs(entry: Recent, ids: readonly number[], args: readonly unknown[]): boolean {
  if (entry.ids.length !== ids.length) return false;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (entry.ids[i] !== id || (id === NOT_AN_OBJECT && entry.values[i] !== args[i])) return false;
  }
  return true;
}
