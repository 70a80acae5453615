/**
 * The lists each array `joinLists` made holds the items of, in order: two arrays joined from lists of the same
 * lengths hold the same items where they share a list, so comparing them costs the lists they do not share.
 */
export const joinedFrom = new WeakMap<object, readonly (readonly unknown[])[]>();

/** A new array of the items of `lists`, in order (one copy, in native code), that remembers them (`joinedFrom`). */
export function joinLists<T>(lists: readonly (readonly T[])[]): T[] {
  const joined = ([] as T[]).concat(...lists);
  joinedFrom.set(joined, lists);
  return joined;
}
