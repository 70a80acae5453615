import { bodyStart } from './bodyStart.js';

const JSON_TYPE = /[/+]json\b/i;

/** What the default parser needs to know about its endpoint. */
export interface ParseTarget {
  /** Names the endpoint in errors. */
  readonly name: string;
  /** With a schema the body must be JSON: text cannot be normalized. */
  readonly schema: unknown;
}

/**
 * The default response parser: `204`/`205` or an empty body → `null`; a JSON content type → the
 * parsed JSON; any other body → its text, unless the endpoint has a schema (then a TypeError that
 * quotes the body, since an HTML page usually means the request reached the wrong server).
 *
 * @param response a 2xx response
 * @param endpoint the endpoint that made the request
 */
export async function parseResponse(response: Response, endpoint: ParseTarget): Promise<unknown> {
  return (await readResponse(response, endpoint)).value;
}

/** What the default parser read: the value, and whether the response had no body at all. */
export interface ReadResponse {
  readonly value: unknown;
  /** 204/205, or a body of zero characters (a JSON `null` is a body). */
  readonly empty: boolean;
}

/** The statuses that have no body by definition: 204 No Content and 205 Reset Content. */
export const NO_BODY_STATUS: { readonly [status: number]: string } = { 204: 'No Content', 205: 'Reset Content' };

/** `parseResponse`, also telling an empty body from a JSON `null`. */
export async function readResponse(response: Response, endpoint: ParseTarget): Promise<ReadResponse> {
  // a status that has no body is not read
  const text = NO_BODY_STATUS[response.status] === undefined ? await response.text() : '';
  if (text === '') return { value: null, empty: true };
  return { value: parseText(text, response, endpoint), empty: false };
}

function parseText(text: string, response: Response, endpoint: ParseTarget): unknown {
  const contentType = response.headers.get('content-type');
  if (contentType !== null && JSON_TYPE.test(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw new TypeError(
        `${endpoint.name}: the response is labelled ${contentType} but its body is not valid JSON ` +
          `(${cause instanceof Error ? cause.message : String(cause)}). Body starts with ${bodyStart(text)}.`,
        { cause },
      );
    }
  }
  if (endpoint.schema !== undefined) {
    throw new TypeError(
      `${endpoint.name}: expected a JSON response to normalize with its schema, but received ` +
        `${contentType ?? 'a body without content-type'}. Body starts with ${bodyStart(text)}.` +
        (process.env.NODE_ENV !== 'production'
          ? ' Check urlPrefix and path (an HTML page usually means the wrong server answered), or set parseResponse.'
          : ''),
    );
  }
  return text;
}
