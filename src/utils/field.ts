import { isRecord } from './isRecord.js';

/**
 * `value[name]` when `value` is an object (inherited fields included), else `undefined`: reads a
 * field of a value whose shape is not known (an error, an action, RTK Query's state), where
 * `value[name]` could throw (`null`, `undefined`) or read a primitive's prototype.
 *
 * @example
 * ```ts
 * field(error, 'status'); // the status of whatever was thrown, or undefined
 * ```
 */
export function field(value: unknown, name: string): unknown {
  return isRecord(value) ? value[name] : undefined;
}

/** `value[name]` when it is `value`'s own field, else `undefined`: a table keyed by outside strings (RTK Query's entries), where `toString` is a key like any other. */
export function ownField(value: unknown, name: string): unknown {
  return isRecord(value) && Object.hasOwn(value, name) ? value[name] : undefined;
}

/** `value[name]` when it is a string, else `undefined`. */
export function stringField(value: unknown, name: string): string | undefined {
  const found = field(value, name);
  return typeof found === 'string' ? found : undefined;
}
