import { useState } from 'react';
import { submitErrorMessage } from './describeError';

/**
 * A form's request state: `run(action)` marks it busy, and keeps the error to show, if any; `clear()`
 * drops it (the form calls it as soon as the user edits what was refused).
 */
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
      setError(await submitErrorMessage(caught));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run, clear: () => setError(undefined) };
}
