import { describeValue } from '../utils/describeValue.js';
import { getOwn } from '../utils/ownProperty.js';
import { paramNames, parsePath, type PathToken } from './parsePath.js';
import { assertWellFormed } from './wellFormed.js';

/** A parsed path template that fills in its parameters. */
export interface PathTemplate {
  /** The parameter names the path uses; any other parameter goes to the query string. */
  readonly names: ReadonlySet<string>;
  /**
   * The path with every parameter percent-encoded.
   * @throws TypeError when a required parameter is missing or a value is `.`/`..` (encoded or not)
   */
  build(params: Readonly<Record<string, unknown>>): string;
}

/** Percent-decodes until nothing changes, so `%252e` is seen as `.` too. */
function fullyDecoded(text: string): string {
  let current = text;
  for (let i = 0; i < 8; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * Compiles a path template once; `build` then runs per request.
 *
 * @param path the template (`/trade/:id`, `/users{/:id}`, `/files/*rest`)
 * @param endpointName names the endpoint in errors
 */
export function compilePath(path: string, endpointName: string): PathTemplate {
  const tokens = parsePath(path, endpointName);
  const where = `${endpointName}: path parameter`;

  const segment = (value: unknown, name: string): string => {
    if (
      typeof value !== 'string' &&
      typeof value !== 'number' &&
      typeof value !== 'bigint' &&
      typeof value !== 'boolean'
    ) {
      throw new TypeError(`${where} '${name}' must be a string or number; received ${describeValue(value)}.`);
    }
    const text = String(value);
    const decoded = fullyDecoded(text);
    if (decoded === '.' || decoded === '..') {
      throw new TypeError(
        `${where} '${name}' is ${JSON.stringify(text)}, a dot segment that would move the request to another path. ` +
          'Dot segments are rejected, percent-encoded or not; pass an actual name.',
      );
    }
    assertWellFormed(text, `${where} '${name}'`);
    return encodeURIComponent(text);
  };

  const missing = (name: string): never => {
    throw new TypeError(
      `${where} '${name}' is missing for ${JSON.stringify(path)}: pass it in the params, e.g. { ${name}: … }.`,
    );
  };

  /** Renders tokens; inside a group, a missing parameter drops the whole group (`undefined`). */
  const render = (
    list: readonly PathToken[],
    params: Readonly<Record<string, unknown>>,
    inGroup: boolean,
  ): string | undefined => {
    let out = '';
    for (const token of list) {
      if (token.kind === 'text') {
        out += token.value;
      } else if (token.kind === 'group') {
        out += render(token.tokens, params, true) ?? '';
      } else {
        const value = getOwn(params, token.name);
        const empty =
          value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
        if (empty) {
          if (inGroup) return undefined;
          return missing(token.name);
        }
        if (token.kind === 'param') {
          out += segment(value, token.name);
        } else if (Array.isArray(value)) {
          out += value.map((part: unknown) => segment(part, token.name)).join('/');
        } else {
          throw new TypeError(
            `${where} '${token.name}' is a wildcard and takes an array of segments, e.g. ['a', 'b']; received ${describeValue(value)}.`,
          );
        }
      }
    }
    return out;
  };

  return {
    names: paramNames(tokens),
    build: (params) => render(tokens, params, false) as string,
  };
}
