import type { Denormalize } from '../schema/types.js';

/**
 * What a fetch of endpoint `E` resolves to (and selectors return): `Denormalize<S>` for its
 * schema `S`, or, without a schema, what its `request` resolves to.
 *
 * @example
 * ```ts
 * type Users = ResultOf<typeof getUsers>; // User[]
 * ```
 * @see docs/guide/getting-started.md#your-first-store
 */
export type ResultOf<E> = E extends { readonly schema: infer S; request(...args: infer _Args): Promise<infer R> }
  ? [S] extends [undefined]
    ? R
    : Denormalize<S>
  : never;
