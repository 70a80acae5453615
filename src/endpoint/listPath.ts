/**
 * The list path of a resource path: the last parameter dropped, a wildcard included.
 * `'/trade/:id'` → `'/trade'`, `'/users/:userId/todos/:id'` → `'/users/:userId/todos'`,
 * `'/trade{/:id}'` → `'/trade'`, `'/repos/:owner/*path'` → `'/repos/:owner'`.
 *
 * @see docs/guide/resources.md
 */
export type ListPath<P extends string> = P extends `${infer Head}{/:${string}}`
  ? Head
  : P extends `${infer Head}{/*${string}}`
    ? Head
    : P extends `${infer Head}/${infer Tail}`
      ? Tail extends `${string}/${string}`
        ? `${Head}/${ListPath<Tail>}`
        : Tail extends `:${string}` | `*${string}`
          ? Head extends ''
            ? '/'
            : Head
          : P
      : P;

/** `ListPath` at run time. */
export function listPath<P extends string>(path: P): ListPath<P> {
  const optional = /\{\/[:*][^}]*\}$/;
  if (optional.test(path)) return path.replace(optional, '') as ListPath<P>;
  const segments = path.split('/');
  const last = segments.at(-1) as string; // split gives at least one segment
  if (!last.startsWith(':') && !last.startsWith('*')) return path as ListPath<P>;
  return (segments.slice(0, -1).join('/') || '/') as ListPath<P>;
}
