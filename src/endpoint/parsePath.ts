/** One piece of a path template. */
export type PathToken =
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'wildcard'; readonly name: string }
  | { readonly kind: 'group'; readonly tokens: readonly PathToken[] };

const NAME_CHAR = /[A-Za-z0-9_$]/;

/**
 * Splits a path template into tokens: `:name` a required parameter, `*name` a wildcard, `{…}` an
 * optional group (dropped when a parameter inside it is missing), `\` escapes the next character.
 *
 * @param path the template, e.g. `/users{/:id}`
 * @param endpointName names the endpoint in errors
 * @throws TypeError on an unnamed parameter or unbalanced braces
 */
export function parsePath(path: string, endpointName: string): readonly PathToken[] {
  const fail = (problem: string, at: number): never => {
    throw new TypeError(
      `${endpointName}: invalid path template ${JSON.stringify(path)}: ${problem} at index ${at}. Escape literal characters with a backslash.`,
    );
  };
  const stack: PathToken[][] = [[]];
  let text = '';
  const current = () => stack[stack.length - 1] as PathToken[];
  const flushText = () => {
    if (text !== '') current().push({ kind: 'text', value: text });
    text = '';
  };

  for (let i = 0; i < path.length; i++) {
    const char = path.charAt(i);
    if (char === '\\') {
      if (i + 1 >= path.length) fail('a trailing backslash', i);
      text += path[++i];
    } else if (char === '{') {
      flushText();
      stack.push([]);
    } else if (char === '}') {
      if (stack.length === 1) fail("a '}' without its '{'", i);
      flushText();
      const tokens = stack.pop() as PathToken[];
      current().push({ kind: 'group', tokens });
    } else if (char === ':' || char === '*') {
      let end = i + 1;
      while (end < path.length && NAME_CHAR.test(path.charAt(end))) end++;
      if (end === i + 1) {
        const hint = path.startsWith('http') ? ' (put the origin in urlPrefix, not in path)' : '';
        fail(`'${char}' is not followed by a parameter name${hint}`, i);
      }
      const name = path.slice(i + 1, end);
      const modifier = path[end];
      const endsSegment = end + 1 >= path.length || '/{}'.includes(path.charAt(end + 1));
      // `:id?` and `:id+` mean optional and repeated in Express; here `?` would start a fixed query
      if (char === ':' && modifier === '?' && endsSegment) {
        fail(
          `':${name}?' is an Express-style optional parameter, which this syntax does not have: write '{/:${name}}' for an optional segment`,
          i,
        );
      }
      if (char === ':' && (modifier === '+' || modifier === '*') && endsSegment) {
        fail(
          `':${name}${modifier}' is an Express-style repeated parameter, which this syntax does not have: write '*${name}' for a wildcard`,
          i,
        );
      }
      flushText();
      current().push({ kind: char === ':' ? 'param' : 'wildcard', name });
      i = end - 1;
    } else {
      text += char;
    }
  }
  if (stack.length !== 1) fail("a '{' is never closed", path.length);
  flushText();
  return current();
}

/** Every parameter name in the tokens, groups included. */
export function paramNames(tokens: readonly PathToken[], into = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.kind === 'group') paramNames(token.tokens, into);
    else if (token.kind !== 'text') into.add(token.name);
  }
  return into;
}
