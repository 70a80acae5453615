import type { ErrorComponentProps } from 'rtk-entities/react';
import { describeError } from './describeError';

/** A failed read: what failed, the server's reason, and a Retry that fetches again. */
export function ErrorNotice({ error, retry }: { error: unknown; retry: () => void }) {
  const { title, reason, details } = describeError(error);
  return (
    <div className="error-notice" role="alert" data-testid="error-notice">
      <p className="error-title">{title}</p>
      <p className="error-reason user-text">{reason}</p>
      {details === '' ? null : (
        <details>
          <summary>Details</summary>
          <code className="user-text">{details}</code>
        </details>
      )}
      <button type="button" className="button" onClick={retry} data-testid="retry">
        Retry
      </button>
    </div>
  );
}

/** `ErrorNotice` as an `AsyncBoundary`'s `errorComponent`: its reset fetches again. */
export function BoundaryError({ error, resetErrorBoundary }: ErrorComponentProps) {
  return <ErrorNotice error={error} retry={resetErrorBoundary} />;
}
