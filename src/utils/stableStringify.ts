import { describeValue } from './describeValue.js';
import { field } from './field.js';
import { isPlainObject } from './isPlainObject.js';
import { isArray } from './isArray.js';

/** Keys deeper than this are refused before they could overflow the stack. */
const MAX_DEPTH = 1_000;

/**
 * A string that is equal for equal values and different for different ones: JSON with object keys
 * sorted, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` give one string. Plain JSON data prints as
 * `JSON.stringify` prints it; what JSON would lose or merge is written in forms no JSON text has:
 * `Map([…])`, `Set([…])`, `Date(…)`, `undefined` (in arrays), `NaN`, `Infinity`, `12n`. Used for
 * cache keys built from arguments.
 *
 * @param value what to key
 * @param name how errors call `value`, e.g. `args`: the path of a problem starts with it
 * @throws TypeError for a function or symbol (no value to compare), a value that contains itself,
 *   and nesting deeper than 1,000 levels; the message says where in `value` the problem is
 */
export function stableStringify(value: unknown, name = ''): string {
  return flatKey(value) ?? write(value, name, []) ?? 'undefined';
}

/** Throws what is wrong at `path`; `valueless`: a value with nothing to compare (a function, a symbol, an empty instance). */
function refuse(path: string, problem: string, valueless = false): never {
  const why = valueless && process.env.NODE_ENV !== 'production' ? ', which has no value to compare' : '';
  throw new TypeError(`${path === '' ? 'the value' : path} ${problem}${why}.`);
}

/** The key of `item` at `path` inside the objects `ancestors` (`undefined` for `undefined`, as JSON leaves it out). */
function write(item: unknown, path: string, ancestors: object[]): string | undefined {
  const primitive = primitiveKey(item);
  if (primitive !== undefined) return primitive;
  if (typeof item === 'bigint') return `${item}n`;
  if (item === undefined) return undefined;
  // a function or a symbol
  if (typeof item !== 'object') return refuse(path, `is ${describeValue(item)}`, true);
  if (ancestors.includes(item as object)) return refuse(path, 'contains itself (a circular reference)');
  if (ancestors.length >= MAX_DEPTH) return refuse(path, `is nested more than ${MAX_DEPTH} levels deep`);
  ancestors.push(item as object);
  try {
    return writeObject(item as object, path, ancestors);
  } finally {
    ancestors.pop();
  }
}

function writeObject(object: object, path: string, ancestors: object[]): string {
  const at = (item: unknown, where: string): string => write(item, where, ancestors) ?? 'undefined';
  if (isArray(object)) return listKey(object, (entry, i) => at(entry, `${path}[${i}]`)) as string;
  if (object instanceof Date) return `Date(${Number.isNaN(object.getTime()) ? 'Invalid' : object.toISOString()})`;
  if (object instanceof Map || object instanceof Set) {
    const isMap = object instanceof Map;
    const entries = [...object].map((entry: unknown, i) => {
      if (!isMap) return at(entry, `${path}<item ${i}>`);
      const [key, item] = entry as [unknown, unknown];
      return `[${at(key, `${path}<key ${i}>`)},${at(item, `${path}.get(${String(key)})`)}]`;
    });
    return `${isMap ? 'Map' : 'Set'}([${entries.sort().join(',')}])`;
  }
  if (object instanceof RegExp) return `RegExp(${JSON.stringify(String(object))})`;
  const { toJSON } = object as { toJSON?: unknown };
  if (typeof toJSON === 'function') return at(toJSON.call(object), path);
  const names = Object.keys(object).sort();
  if (names.length === 0 && !isPlainObject(object)) {
    return refuse(path, `is ${describeInstance(object)} with no fields of its own`, true);
  }
  const fields: string[] = [];
  for (const name of names) {
    const text = write(field(object, name), `${path}.${name}`, ancestors);
    if (text !== undefined) fields.push(`${JSON.stringify(name)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}

/**
 * The key of the commonest arguments, a JSON primitive or an array of them, written as the full walk
 * writes it but with nothing allocated on the way; `undefined` for anything else.
 */
function flatKey(value: unknown): string | undefined {
  return isArray(value) ? listKey(value, primitiveKey) : primitiveKey(value);
}

/**
 * An array's items by index, comma-separated in brackets (a hole writes nothing), read the same way
 * by both paths whatever methods the array overrides; `undefined` as soon as `itemKey` gives up.
 */
function listKey(
  array: readonly unknown[],
  itemKey: (item: unknown, index: number) => string | undefined,
): string | undefined {
  const { length } = array;
  let text = '';
  for (let i = 0; i < length; i++) {
    const item = i in array ? itemKey(array[i], i) : '';
    if (item === undefined) return undefined;
    text += `,${item}`;
  }
  return `[${text.slice(1)}]`;
}

function primitiveKey(item: unknown): string | undefined {
  switch (typeof item) {
    case 'string':
      return JSON.stringify(item);
    // JSON writes a finite number as `String` does; `NaN` and the infinities as themselves
    case 'number':
    case 'boolean':
      return String(item);
    default:
      return item === null ? 'null' : undefined;
  }
}

function describeInstance(object: object): string {
  const name = (object.constructor as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object';
}
