import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { retryError } from '../utils/retryOnReset.js';
import type { HookError } from './hookError.js';

/**
 * What an error boundary's `errorComponent` receives.
 *
 * @see docs/guide/react.md
 */
export interface ErrorComponentProps {
  /** What the children threw; a hook's failure carries the stored `name`, `message` and `status`. */
  readonly error: HookError;
  /** Renders the children again; a failed hook read fetches again. */
  readonly resetErrorBoundary: () => void;
}

/**
 * Props of `ErrorBoundary`.
 *
 * @see docs/guide/react.md
 */
export interface ErrorBoundaryProps {
  /** Rendered instead of the children after they throw. @default a `role="alert"` message with a retry button */
  readonly errorComponent?: ComponentType<ErrorComponentProps> | undefined;
  /** Called once per caught error, e.g. to report it. */
  readonly onError?: ((error: HookError, info: ErrorInfo) => void) | undefined;
  readonly children?: ReactNode;
}

interface ErrorBoundaryState {
  readonly error: HookError | undefined;
}

/** The error component used when none is given: the message and a retry button. */
export function DefaultErrorComponent({ error, resetErrorBoundary }: ErrorComponentProps) {
  return (
    <div role="alert">
      <p>{error.message}</p>
      <button type="button" onClick={resetErrorBoundary}>
        Retry
      </button>
    </div>
  );
}

/**
 * Catches what its children throw while rendering and shows `errorComponent` instead, with a reset
 * that retries. `AsyncBoundary` combines it with `<Suspense>`.
 *
 * @example
 * ```tsx
 * <ErrorBoundary errorComponent={({ error, resetErrorBoundary }) => <Retry onClick={resetErrorBoundary}>{error.message}</Retry>}>
 *   <Suspense fallback={<Spinner />}><Users /></Suspense>
 * </ErrorBoundary>
 * ```
 * @see docs/guide/react.md
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined };

  static getDerivedStateFromError(thrown: unknown): ErrorBoundaryState {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  override componentDidCatch(_thrown: unknown, info: ErrorInfo): void {
    // the state holds the thrown value as an Error already (getDerivedStateFromError)
    if (this.state.error !== undefined) this.props.onError?.(this.state.error, info);
  }

  /** Shows the children again; the hook that threw fetches again on this render. */
  readonly reset = (): void => {
    retryError(this.state.error);
    this.setState({ error: undefined });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const ErrorView = this.props.errorComponent ?? DefaultErrorComponent;
    return <ErrorView error={error} resetErrorBoundary={this.reset} />;
  }
}
