/**
 * Whether `value` is an object whose fields can be read by name: every object but `null`, arrays
 * and class instances included, functions not. The guard to use instead of casting to `Record<string, unknown>`.
 */
export function isRecord(value: unknown): value is { readonly [field: string]: unknown } {
  return typeof value === 'object' && value !== null;
}

/** Whether `value` is an object or a function: anything that has an identity (a WeakMap key) and may carry fields. */
export function isObjectLike(value: unknown): value is object {
  return typeof value === 'function' || isRecord(value);
}
