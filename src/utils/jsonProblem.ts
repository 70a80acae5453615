import { describeValue } from './describeValue.js';
import { isPlainObject } from './isPlainObject.js';
import { isArray } from './isArray.js';

/**
 * How deep data kept as it is may nest (a response without a schema, fields no schema covers).
 * Redux Toolkit's development checks recurse through the state and overflow the stack a little
 * below 2,000 levels, `JSON.stringify` a few thousand levels down; 500 leaves room for the stack
 * the app is already using. Entities nested in entities do not count: they are stored flat.
 */
export const MAX_STORED_DEPTH = 500;

/**
 * Why `value` is not plain JSON data, or `undefined`: what the store keeps must come back from
 * `JSON.stringify` unchanged (persistence, server rendering, other tabs, RTK's checks). Refused: a
 * BigInt, a function or a symbol, anywhere (a field JSON would leave out is still a value the store
 * would hold); a number JSON turns into `null` (`NaN`, `Infinity`); an object that is neither a
 * plain object nor an array (a Date, a Map, a class instance); a value that contains itself; and
 * nesting deeper than `MAX_STORED_DEPTH` levels.
 *
 * @param path where `value` sits, for the message (`Todo "1"`)
 * @returns what is wrong and where, e.g. `Todo "1".due is a BigInt (12n)`
 */
export function jsonProblem(value: unknown, path: string): string | undefined {
  return problemIn(value, path, []);
}

function problemIn(value: unknown, path: string, ancestors: object[]): string | undefined {
  switch (typeof value) {
    case 'bigint':
    case 'function':
    case 'symbol':
      return `${path} is ${describeValue(value)}`;
    case 'number':
      return Number.isFinite(value)
        ? undefined
        : `${path} is ${value}${process.env.NODE_ENV !== 'production' ? ', which JSON turns into null' : ''}`;
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return undefined;
  if (!isArray(value) && !isPlainObject(value)) return `${path} is ${describeValue(value)}, not plain data`;
  if (ancestors.includes(value)) return `${path} contains itself (a circular reference)`;
  if (ancestors.length >= MAX_STORED_DEPTH) return `${path} nests deeper than ${MAX_STORED_DEPTH} levels`;
  ancestors.push(value);
  try {
    for (const name of Object.keys(value)) {
      const at = isArray(value) ? `${path}[${name}]` : `${path}.${name}`;
      const problem = problemIn((value as { readonly [field: string]: unknown })[name], at, ancestors);
      if (problem !== undefined) return problem;
    }
    return undefined;
  } finally {
    ancestors.pop();
  }
}
