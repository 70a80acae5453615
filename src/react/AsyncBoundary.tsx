import { Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundary, type ErrorComponentProps } from './ErrorBoundary.js';
import type { HookError } from './hookError.js';

/**
 * Props of `AsyncBoundary`.
 *
 * @see docs/guide/react.md
 */
export interface AsyncBoundaryProps {
  /** Shown while a child suspends (e.g. `useSuspense` waiting for data). */
  readonly fallback: ReactNode;
  /** Shown when a child throws (e.g. `useSuspense` on a 404). @default a `role="alert"` message with a retry button */
  readonly errorComponent?: ComponentType<ErrorComponentProps> | undefined;
  /** Called once per caught error, e.g. to report it. */
  readonly onError?: ((error: HookError, info: ErrorInfo) => void) | undefined;
  readonly children?: ReactNode;
}

/**
 * `<Suspense>` and an error boundary in one: the fallback while children load, `errorComponent`
 * when they fail, with a reset that fetches again. Place it around anything using `useSuspense`
 * or `useLive`.
 *
 * @example
 * ```tsx
 * <AsyncBoundary
 *   fallback={<p>Loading…</p>}
 *   errorComponent={({ error, resetErrorBoundary }) => (
 *     <p role="alert">{error.status === 404 ? 'Not found' : error.message} <button onClick={resetErrorBoundary}>Retry</button></p>
 *   )}
 * >
 *   <Users />
 * </AsyncBoundary>
 * ```
 * @see docs/guide/react.md
 */
export function AsyncBoundary({ fallback, errorComponent, onError, children }: AsyncBoundaryProps) {
  return (
    <ErrorBoundary errorComponent={errorComponent} onError={onError}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
