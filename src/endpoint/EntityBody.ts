import type { Entity } from '../schema/Entity.js';

/**
 * The data fields of an Entity instance (methods left out), all optional: the body of a create or
 * update. A nested entity field takes the nested entity's body, or just its primary key.
 *
 * @see docs/guide/resources.md
 */
export type EntityBody<T> = {
  [K in keyof T as T[K] extends (...args: any[]) => unknown ? never : K]?: T[K] extends Entity
    ? EntityBody<T[K]> | string | number
    : T[K];
};
