import { isArray } from './isArray.js';

const LIMIT = 200;

/**
 * A short, printable form of any value for error messages: JSON where JSON shows the value as it
 * is, truncated; otherwise what it is (`a Date (1970-01-01T00:00:00.000Z)`, `a Map: [["id",1]]`,
 * `a function (lookup)`), never a function's source.
 */
export function describeValue(value: unknown): string {
  const text = describeSpecial(value) ?? jsonOf(value);
  return text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text;
}

/** Names a value's shape the way a user thinks of JSON: `null`, `an array`, `a string`, … */
export function describeType(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

/** The name of a function for messages: `notify`, or `an anonymous function`. */
export function functionName(fn: unknown): string {
  const { name } = fn as { name?: unknown };
  return typeof name === 'string' && name !== '' ? name : 'an anonymous function';
}

/**
 * What JSON would misreport or drop: Maps, Sets, BigInts, `NaN` and infinities; in development also Dates (they read
 * like strings), functions (by name) and symbols. In production a function or a symbol reads as its type.
 */
function describeSpecial(value: unknown): string | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? undefined : String(value);
    case 'bigint':
      return `a BigInt (${value}n)`;
    case 'object':
      break;
    default:
      // a function or a symbol is named in development only; any other type reads as JSON writes it
      if (process.env.NODE_ENV !== 'production') {
        if (typeof value === 'function') return `a function (${functionName(value)})`;
        if (typeof value === 'symbol') return `a symbol (${String(value)})`;
      }
      return undefined;
  }
  if (process.env.NODE_ENV !== 'production' && value instanceof Date)
    return Number.isNaN(value.getTime()) ? 'an invalid Date' : `a Date (${value.toISOString()})`;
  if (value instanceof Map || value instanceof Set)
    return `a ${value instanceof Map ? 'Map' : 'Set'}: ${jsonOf([...value])}`;
  return undefined;
}

/** The JSON text of `value`: its type where JSON writes nothing (`undefined`, `function`: never its source), `[object …]` where it throws (a cycle, a BigInt). */
export function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return Object.prototype.toString.call(value);
  }
}
