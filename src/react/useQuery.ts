import { useMemo } from 'react';
import { stableStringify } from '../utils/stableStringify.js';
import type { Denormalize } from '../schema/types.js';
import type { HooksContext } from './hooksContext.js';
import { useRetained } from './useRetained.js';

/**
 * Reads a queryable from the store alone, like `selectQuery`: `schema.All` lists every cached
 * entity of its kinds, an Entity finds one by primary key (or indexed field), `schema.Query`
 * derives. Never fetches. Re-renders only when a table the queryable reads changes and the result
 * with it: a write to an unrelated entity does not re-render. While mounted, what it reads is not
 * collected.
 *
 * @see docs/guide/react.md
 */
export interface UseQuery {
  /**
   * @param queryable a `schema.All`, an Entity class, a `schema.Query`...
   * @param args what the queryable needs, e.g. `{ id }` for an Entity; `null` skips the read
   * @returns the denormalized result, or `undefined` when the store does not have it
   * @example
   * ```tsx
   * const allUsers = new schema.All(User);
   * function UserCount() {
   *   const users = useQuery(allUsers);
   *   const ann = useQuery(User, { id: '1' });
   *   return <span>{users?.length ?? 0} users, {ann?.name}</span>;
   * }
   * ```
   */
  <S>(queryable: S, ...args: readonly unknown[]): Denormalize<S> | undefined;
}

const skipped = (): undefined => undefined;

/** Builds `useQuery` for one mount point. */
export function createUseQuery(ctx: HooksContext): UseQuery {
  return function useQuery<S>(queryable: S, ...args: readonly unknown[]): Denormalize<S> | undefined {
    const skip = args[0] === null;
    // selectQuery makes a new selector per call: keep one per queryable and equal arguments
    const argsKey = skip ? '' : stableStringify(args);
    const select = useMemo(
      () => (skip ? skipped : ctx.querySelector(queryable, args, argsKey)),
      [ctx, queryable, argsKey, skip],
    );
    useRetained(ctx, skip ? undefined : (controller) => controller.retainQuery(queryable, ...args), [
      queryable,
      argsKey,
    ]);
    return ctx.useSelector(select);
  };
}
