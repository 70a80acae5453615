const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses a string that holds half of a UTF-16 surrogate pair: it has no UTF-8 form, so
 * `encodeURIComponent` throws a bare `URIError` and `URLSearchParams` silently turns it into U+FFFD
 * (two different values would then share one URL and one cache key).
 *
 * @param text the parameter's value
 * @param where names the endpoint and the parameter, e.g. `GET /users: search parameter 'q'`
 * @throws TypeError naming `where` and showing the value
 */
export function assertWellFormed(text: string, where: string): void {
  if (LONE_SURROGATE.test(text)) {
    throw new TypeError(
      `${where} holds ${JSON.stringify(text)}, a string with a lone surrogate` +
        (process.env.NODE_ENV !== 'production'
          ? ' (half of a UTF-16 pair) that has no UTF-8 form to percent-encode. Pass the whole character, or leave it out.'
          : '.'),
    );
  }
}
