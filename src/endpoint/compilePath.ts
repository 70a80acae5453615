import { describeValue } from '../utils/describeValue.js';
import { getOwn } from '../utils/ownProperty.js';
import { isObjectLike } from '../utils/isRecord.js';
import { assertWellFormed } from './wellFormed.js';
import { isArray } from '../utils/isArray.js';

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

/** One piece of a template: literal text, a parameter (`:name`, or `*name`, a wildcard), or an optional group. */
type Token = string | { readonly name: string; readonly wildcard: boolean } | Token[];

/** An escaped character (`\x`), a parameter, a brace, or literal text. */
const TOKEN = /\\([\s\S]?)|([:*])([\w$]*)|([{}])|[^\\:*{}]+/g;

/**
 * Splits a template into tokens: `:name` a required parameter, `*name` a wildcard, `{…}` an
 * optional group (dropped when a parameter inside it is missing), `\` escapes the next character.
 * A malformed template is a development error, naming the endpoint and the problem; a production
 * build reads its stray characters as text.
 *
 * @throws TypeError (development) on an unnamed parameter, an Express-style `:id?` or `:path+`, or
 *   unbalanced braces
 */
function parse(path: string, endpointName: string): { tokens: Token[]; names: Set<string> } {
  const groups: Token[][] = [[]];
  const names = new Set<string>();
  for (const match of path.matchAll(TOKEN)) {
    const [text, escaped, sigil, name, brace] = match;
    const tokens = groups.at(-1) as Token[];
    if (escaped !== undefined) {
      if (process.env.NODE_ENV !== 'production' && escaped === '')
        invalidTemplate(path, endpointName, 'a trailing backslash', match.index);
      tokens.push(escaped);
    } else if (brace === '{') {
      groups.push([]);
    } else if (brace === '}' && groups.length > 1) {
      (groups.at(-2) as Token[]).push(groups.pop() as Token[]);
    } else if (sigil !== undefined && name) {
      if (process.env.NODE_ENV !== 'production') expressStyle(path, endpointName, match.index, name);
      names.add(name);
      tokens.push({ name, wildcard: sigil === '*' });
    } else {
      // literal text, or (development: an error) a stray '}', ':' or '*'
      if (process.env.NODE_ENV !== 'production' && (brace ?? sigil) !== undefined) {
        if (brace === '}') invalidTemplate(path, endpointName, "a '}' without its '{'", match.index);
        const hint = path.startsWith('http') ? ' (put the origin in urlPrefix, not in path)' : '';
        invalidTemplate(path, endpointName, `'${sigil}' is not followed by a parameter name${hint}`, match.index);
      }
      tokens.push(text);
    }
  }
  if (process.env.NODE_ENV !== 'production' && groups.length > 1)
    invalidTemplate(path, endpointName, "a '{' is never closed", path.length);
  while (groups.length > 1) (groups.at(-2) as Token[]).push(groups.pop() as Token[]);
  return { tokens: groups[0] as Token[], names };
}

/** The development error for a malformed template. */
function invalidTemplate(path: string, endpointName: string, problem: string, at: number): never {
  throw new TypeError(
    `${endpointName}: invalid path template ${JSON.stringify(path)}: ${problem} at index ${at}. Escape literal characters with a backslash.`,
  );
}

/**
 * Refuses Express's `:id?` (optional) and `:id+`/`:id*` (repeated) at the end of a segment: here
 * `?` would start a fixed query and `+` be literal text. Development only.
 */
function expressStyle(path: string, endpointName: string, at: number, name: string): void {
  const end = at + 1 + name.length;
  const modifier = path[end];
  if (path[at] !== ':' || !(end + 1 >= path.length || '/{}'.includes(path.charAt(end + 1)))) return;
  if (modifier === '?') {
    invalidTemplate(
      path,
      endpointName,
      `':${name}?' is an Express-style optional parameter, which this syntax does not have: write '{/:${name}}' for an optional segment`,
      at,
    );
  }
  if (modifier === '+' || modifier === '*') {
    invalidTemplate(
      path,
      endpointName,
      `':${name}${modifier}' is an Express-style repeated parameter, which this syntax does not have: write '*${name}' for a wildcard`,
      at,
    );
  }
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
  const { tokens, names } = parse(path, endpointName);
  const where = `${endpointName}: path parameter`;

  const segment = (value: unknown, name: string): string => {
    if (value === undefined || value === null || isObjectLike(value) || typeof value === 'symbol') {
      throw new TypeError(`${where} '${name}' must be a string or number; received ${describeValue(value)}.`);
    }
    const text = String(value);
    const decoded = fullyDecoded(text);
    if (decoded === '.' || decoded === '..') {
      throw new TypeError(
        `${where} '${name}' is ${JSON.stringify(text)}, a dot segment` +
          (process.env.NODE_ENV !== 'production'
            ? ' that would move the request to another path. Dot segments are rejected, percent-encoded or not; pass an actual name.'
            : '.'),
      );
    }
    assertWellFormed(text, `${where} '${name}'`);
    return encodeURIComponent(text);
  };

  /** Renders tokens; inside a group, a missing parameter drops the whole group (`undefined`). */
  const render = (list: Token[], params: Readonly<Record<string, unknown>>, inGroup: boolean): string | undefined => {
    let out = '';
    for (const token of list) {
      if (typeof token === 'string') {
        out += token;
      } else if (isArray(token)) {
        out += render(token, params, true) ?? '';
      } else {
        const { name, wildcard } = token;
        const value = getOwn(params, name);
        if (value === undefined || value === null || value === '' || (isArray(value) && value.length === 0)) {
          if (inGroup) return undefined;
          throw new TypeError(
            `${where} '${name}' is missing for ${JSON.stringify(path)}` +
              (process.env.NODE_ENV !== 'production' ? `: pass it in the params, e.g. { ${name}: … }.` : '.'),
          );
        }
        if (!wildcard) {
          out += segment(value, name);
        } else if (isArray(value)) {
          out += value.map((part: unknown) => segment(part, name)).join('/');
        } else {
          throw new TypeError(
            `${where} '${name}' is a wildcard and takes an array of segments` +
              (process.env.NODE_ENV !== 'production' ? ", e.g. ['a', 'b']" : '') +
              `; received ${describeValue(value)}.`,
          );
        }
      }
    }
    return out;
  };

  return { names, build: (params) => render(tokens, params, false) as string };
}
