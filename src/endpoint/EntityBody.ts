/** The data fields of an Entity instance (methods left out), all optional: the body of a create or update. */
export type EntityBody<T> = {
  [K in keyof T as T[K] extends (...args: any[]) => unknown ? never : K]?: T[K];
};
