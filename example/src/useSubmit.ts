import { useState } from 'react';
import { NetworkError } from 'rtk-entities';

/** A form's request state: `run(action)` marks it busy, and keeps the error to show, if any. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(await messageOf(caught));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run };
}

/** The `error` field of a server's JSON body (`{ error }`), if it has one. */
function serverReason(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
    ? body.error
    : undefined;
}

/** The server's own explanation when there is one: from our NetworkError, or RTK Query's `{ status, data }`. */
async function messageOf(error: unknown): Promise<string> {
  if (error instanceof NetworkError) {
    const reason = serverReason(await error.response.json().catch(() => undefined));
    if (reason !== undefined) return reason;
  }
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const reason = serverReason(error.data);
    if (reason !== undefined) return reason;
  }
  return error instanceof Error ? error.message : String(error);
}
