/**
 * Whether an object is a plain object, as JSON makes them: its prototype is `Object.prototype` or
 * `null`. Arrays, Dates, Maps and class instances are not.
 */
export function isPlainObject(value: object): value is { readonly [field: string]: unknown } {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
