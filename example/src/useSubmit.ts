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

/** The server's own explanation (`{ error }`) when there is one. */
async function messageOf(error: unknown): Promise<string> {
  if (error instanceof NetworkError) {
    const body: unknown = await error.response.json().catch(() => undefined);
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') return body.error;
  }
  return error instanceof Error ? error.message : String(error);
}
