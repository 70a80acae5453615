import { describeValue } from '../utils/describeValue.js';
import { isArray } from '../utils/isArray.js';

/** A request body ready for fetch, and the Content-Type it needs from us (if any). */
export interface EncodedBody {
  readonly body: BodyInit | undefined;
  readonly contentType: string | undefined;
}

/**
 * Bodies nesting deeper than this are refused: `JSON.stringify` recurses, and overflows the call
 * stack a few thousand levels down with a bare `RangeError` naming nothing.
 */
const MAX_BODY_DEPTH = 1_000;

/** Bodies fetch already knows how to send; it also sets their Content-Type (multipart boundary included). */
function isNativeBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/**
 * Why JSON would not send `value` (at `path`) as the caller means it, or `undefined`: a Map or Set
 * becomes `{}`, a function or symbol as the whole body sends no body at all, a BigInt, a circular
 * value or one nesting too deep throws. A function or symbol field is left out, as JSON does by design.
 */
function unsendable(value: unknown, path: string, ancestors: object[]): string | undefined {
  const at = path === 'body' ? 'the body' : path;
  const top = ancestors.length === 0;
  switch (typeof value) {
    case 'function':
    case 'symbol':
      return top
        ? `${at} is ${describeValue(value)}${process.env.NODE_ENV !== 'production' ? ', which JSON cannot send (fetch would send no body at all). Send data.' : '.'}`
        : undefined;
    case 'bigint':
      return `${at} is ${describeValue(value)}${process.env.NODE_ENV !== 'production' ? ', which JSON cannot send. Send it as a string.' : '.'}`;
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return undefined;
  if (ancestors.length >= MAX_BODY_DEPTH) {
    const where = path.length > 40 ? `${path.slice(0, 40)}…` : path;
    return `${where} nests deeper than ${MAX_BODY_DEPTH} levels${process.env.NODE_ENV !== 'production' ? ', which JSON.stringify cannot send (it overflows the call stack). Flatten the body.' : '.'}`;
  }
  if (value instanceof Map || value instanceof Set)
    return (
      `${at} is ${describeValue(value)}` +
      (process.env.NODE_ENV !== 'production'
        ? `, which JSON sends as {}. Send ${value instanceof Map ? 'Object.fromEntries(map)' : '[...set]'} instead.`
        : '.')
    );
  if (ancestors.includes(value))
    return `${at} contains itself (a circular reference)${process.env.NODE_ENV !== 'production' ? ', which JSON cannot send' : ''}.`;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined; // a Date, or a value that says how it is sent
  ancestors.push(value);
  try {
    // an array's items by index, holes included (JSON sends them as null); an object's own fields
    const list = isArray(value);
    for (const name of list ? value.keys() : Object.keys(value)) {
      const item = (value as { readonly [name: string | number]: unknown })[name];
      const problem = unsendable(item, list ? `${path}[${name}]` : `${path}.${name}`, ancestors);
      if (problem !== undefined) return problem;
    }
    return undefined;
  } finally {
    ancestors.pop();
  }
}

/**
 * Encodes a request body: FormData, URLSearchParams, strings, Blobs, buffers and streams pass
 * through untouched; anything else is sent as JSON with `Content-Type: application/json`.
 *
 * @param body the body argument of the call; `undefined` sends no body
 * @param endpointName names the endpoint in errors
 * @throws TypeError, before any request, for a body JSON would not send as given (a Map or Set,
 *   a function, a symbol, a BigInt, a circular value, more than 1,000 levels deep), naming where in the body it is
 */
export function encodeBody(body: unknown, endpointName: string): EncodedBody {
  if (body === undefined) return { body: undefined, contentType: undefined };
  if (isNativeBody(body)) return { body, contentType: undefined };
  assertSendable(body, endpointName);
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * Throws what `encodeBody` would throw for `body`, without encoding it: lets a call be refused
 * before anything is stored for it.
 */
export function assertSendable(body: unknown, endpointName: string): void {
  if (body === undefined || isNativeBody(body)) return;
  const problem = unsendable(body, 'body', []);
  if (problem !== undefined) throw new TypeError(`${endpointName}: ${problem}`);
}
