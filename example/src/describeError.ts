// What the page says about a failure, whoever made it: a hook's stored error (thrown to an error
// boundary), a rejected `ctrl.fetch` (NetworkError, FetchError), or RTK Query's error objects
// ({ status, data }, { status: 'FETCH_ERROR', error }). Never "[object Object]".
import { FetchError, NetworkError } from 'rtk-entities';

/** A failure as the page shows it: a short title, the server's reason or what to do, and the raw message. */
export interface ErrorDescription {
  readonly title: string;
  readonly reason: string;
  /** The full technical message, for the "Details" disclosure; empty when the reason says it all. */
  readonly details: string;
}

const UNREACHABLE: Omit<ErrorDescription, 'details'> = {
  title: 'The server cannot be reached',
  reason: 'Is "npm run example" still running? Start it again, then retry.',
};

/** A field of an unknown value, or `undefined`. */
function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * The `error` of the example server's JSON body `{ error }`, if `body` is one: an object, its JSON
 * text, or that text quoted as a JSON string (as a stored error's message quotes the body).
 */
export function serverReason(body: unknown): string | undefined {
  if (typeof body === 'string') {
    try {
      return serverReason(JSON.parse(body));
    } catch {
      return undefined;
    }
  }
  const reason = field(body, 'error') ?? field(body, 'message');
  return typeof reason === 'string' ? reason : undefined;
}

/** "The server refused this (409)", by HTTP status. */
function titleOf(status: number): string {
  if (status === 404) return `Not found (${status})`;
  if (status >= 500) return `The server failed (${status})`;
  return `The server refused this (${status})`;
}

/**
 * Describes any failure. A stored error's message ends with the start of the server's body
 * (`... Body starts with {"error":"No account 1."}.`): its `error` becomes the reason.
 */
export function describeError(error: unknown): ErrorDescription {
  const message = field(error, 'message');
  const text = typeof message === 'string' ? message : '';
  const status = field(error, 'status');
  if (error instanceof FetchError || field(error, 'name') === 'FetchError' || status === 'FETCH_ERROR')
    return { ...UNREACHABLE, details: text || String(field(error, 'error') ?? '') };
  if (typeof status === 'number') {
    const reason =
      serverReason(field(error, 'data')) ?? serverReason(/Body starts with (.*)\.$/s.exec(text)?.[1]) ?? text;
    return { title: titleOf(status), reason: reason || 'No reason given.', details: reason === text ? '' : text };
  }
  if (status === 'PARSING_ERROR')
    return {
      title: 'The server answered something else than JSON',
      reason: String(field(error, 'error')),
      details: '',
    };
  if (typeof status === 'string')
    return { title: 'The request failed', reason: String(field(error, 'error') ?? status), details: '' };
  return { title: 'Something went wrong', reason: text || 'An unknown error.', details: '' };
}

/** What a form shows for a failed request: the server's own reason when the body has one. */
export async function submitErrorMessage(error: unknown): Promise<string> {
  if (error instanceof NetworkError) {
    const reason = serverReason(
      await error.response
        .clone()
        .json()
        .catch(() => undefined),
    );
    if (reason !== undefined) return reason;
  }
  const { title, reason } = describeError(error);
  return error instanceof FetchError || field(error, 'status') === 'FETCH_ERROR' ? `${title}. ${reason}` : reason;
}
