import { useCallback, useState } from 'react';

/**
 * Tracks an async function's calls as React state: while any call is in flight `loading` is true,
 * and a call that fails sets `error` (cleared by the next call). The wrapped function resolves with
 * the result, or with `undefined` when the call failed (the failure is in `error`, not thrown).
 * Needs no store: it works outside react-redux's `<Provider>` too.
 *
 * @param fn the async function to track, e.g. a call of `ctrl.fetch`
 * @param deps what `fn` depends on, as `useCallback`'s list @default `[fn]`
 * @returns `[wrapped, loading, error]`; `wrapped` is the same function while `deps` are equal
 * @example
 * ```tsx
 * function AddUser({ name }: { name: string }) {
 *   const ctrl = useController();
 *   const [add, adding, error] = useLoading(() => ctrl.fetch(createUser, { name }), [name]);
 *   return <button disabled={adding} onClick={add}>{error ? 'Retry' : 'Add'}</button>;
 * }
 * ```
 * @see docs/guide/react.md#more-hooks
 */
// `Promise<any>`, not `Promise<unknown>`: the constraint is the context a `.then(...)` in `fn` is
// inferred in, and `unknown` there would type what `fn` resolves to as `unknown`
export function useLoading<F extends (...args: any[]) => Promise<any>>(
  fn: F,
  deps?: readonly unknown[],
): [
  wrapped: (...args: Parameters<F>) => Promise<Awaited<ReturnType<F>> | undefined>,
  loading: boolean,
  error: Error | undefined,
] {
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<Error | undefined>(undefined);
  const wrapped = useCallback(
    async (...args: Parameters<F>): Promise<Awaited<ReturnType<F>> | undefined> => {
      setPending((count) => count + 1);
      setError(undefined);
      try {
        return (await fn(...args)) as Awaited<ReturnType<F>>;
      } catch (failure) {
        setError(failure instanceof Error ? failure : new Error(String(failure), { cause: failure }));
        return undefined;
      } finally {
        setPending((count) => count - 1);
      }
    },
    deps ?? [fn],
  );
  return [wrapped, pending > 0, error];
}
