/** A request body ready for fetch, and the Content-Type it needs from us (if any). */
export interface EncodedBody {
  readonly body: BodyInit | undefined;
  readonly contentType: string | undefined;
}

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
 * Encodes a request body: FormData, URLSearchParams, strings, Blobs, buffers and streams pass
 * through untouched; anything else is sent as JSON with `Content-Type: application/json`.
 *
 * @param body the body argument of the call; `undefined` sends no body
 */
export function encodeBody(body: unknown): EncodedBody {
  if (body === undefined) return { body: undefined, contentType: undefined };
  if (isNativeBody(body)) return { body, contentType: undefined };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}
