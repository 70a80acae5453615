import { describeValue } from '../utils/describeValue.js';
import { assertWellFormed } from './wellFormed.js';
import { isObjectLike } from '../utils/isRecord.js';
import { isArray } from '../utils/isArray.js';

/**
 * A value for one search (query string) parameter; `undefined` leaves the parameter out.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type SearchParamValue = string | number | boolean | undefined;

/**
 * Search parameters: any names, primitive values.
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export type SearchParams = Record<string, SearchParamValue>;

/**
 * The query string for every parameter the path does not use, sorted by name so that equal
 * params give one URL (and one cache key). `undefined` values are left out; an array repeats
 * its name (`?tag=a&tag=b`).
 *
 * @param params the call's params
 * @param pathNames names the path consumes; they are not repeated in the query
 * @param endpointName names the endpoint in errors
 * @returns `''` or `?a=1&b=2`
 */
export function searchString(
  params: Readonly<Record<string, unknown>>,
  pathNames: ReadonlySet<string>,
  endpointName: string,
): string {
  const query = new URLSearchParams();
  const append = (name: string, value: unknown) => {
    if (value === undefined) return;
    const where = `${endpointName}: search parameter '${name}'`;
    if (isObjectLike(value) || typeof value === 'symbol') {
      // a function would put its source into the URL; a Date would read like a string in the message
      throw new TypeError(
        `${where} must be a string, number or boolean; received ${describeValue(value)}.` +
          (process.env.NODE_ENV !== 'production'
            ? value instanceof Date
              ? ` Pass ${name}.toISOString(), or its time in ms.`
              : ' Serialize it yourself, e.g. with JSON.stringify.'
            : ''),
      );
    }
    const text = String(value);
    assertWellFormed(text, where);
    query.append(name, text);
  };
  for (const name of Object.keys(params).sort()) {
    if (pathNames.has(name)) continue;
    const value = params[name];
    if (isArray(value)) for (const item of value as unknown[]) append(name, item);
    else append(name, value);
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}
