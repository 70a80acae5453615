import { useEffect, useState, useTransition } from 'react';

/**
 * `value`, once it has stayed the same for `delay` ms: for a search box whose every keystroke must
 * not fetch. The update is a transition, so a read that suspends on the new value (`useSuspense`)
 * keeps the old screen, and `isPending` is true, until its data is there. Needs no store.
 *
 * @param value the value that changes often (an immutable one: compared by `Object.is`)
 * @param delay how long (ms) it must stay the same
 * @param updatable `false` holds the debounced value where it is @default true
 * @returns `[debounced, isPending]`: the settled value, and whether the update to it is still rendering
 * @example
 * ```tsx
 * function PostsOf({ userId }: { userId: string }) {
 *   const [debounced, isPending] = useDebounce(userId, 200);
 *   const posts = useSuspense(getPosts, { userId: debounced });
 *   return <ul style={{ opacity: isPending ? 0.5 : 1 }}>{posts.map((post) => <li key={post.id}>{post.content}</li>)}</ul>;
 * }
 * ```
 * @see docs/guide/react.md#more-hooks
 */
export function useDebounce<T>(value: T, delay: number, updatable = true): [debounced: T, isPending: boolean] {
  const [debounced, setDebounced] = useState(value);
  const [isPending, startTransition] = useTransition();
  useEffect(() => {
    if (!updatable) return undefined;
    const timer = setTimeout(() => startTransition(() => setDebounced(() => value)), delay);
    return () => clearTimeout(timer);
  }, [value, delay, updatable]);
  return [debounced, isPending];
}
