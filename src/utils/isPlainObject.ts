import { isRecord } from './isRecord.js';

/**
 * Whether `value` is a plain object, as JSON makes them: its prototype is `Object.prototype` or
 * `null`. Arrays, Dates, Maps and class instances are not.
 */
export function isPlainObject(value: unknown): value is { readonly [field: string]: unknown } {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
