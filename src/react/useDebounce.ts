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
 * function Search({ query }: { query: string }) {
 *   const [debounced, isPending] = useDebounce(query, 200);
 *   const results = useSuspense(searchTodos, { q: debounced });
 *   return <ul style={{ opacity: isPending ? 0.5 : 1 }}>{results.map((todo) => <li key={todo.id}>{todo.title}</li>)}</ul>;
 * }
 * ```
 * @see README.md#more-hooks
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
