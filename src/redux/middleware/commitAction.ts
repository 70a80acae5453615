import type { UnknownAction } from '@reduxjs/toolkit';
import type { EntitiesState } from '../slice/state.js';

/**
 * Reports an error that must not fail the operation that met it, as EventTarget reports a throwing
 * listener: through `reportError` where the platform has it (browsers), else as an uncaught error
 * on the next turn (Node).
 */
export function reportError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === 'function') report(error);
  else
    setTimeout(() => {
      throw error;
    }, 0);
}

/**
 * A dispatch for the middleware's own actions. Redux calls the store's subscribers inside
 * `dispatch`, after the reducer: when one throws, the action is already committed, and the error
 * is the subscriber's, not the request's. So an error thrown after the slice changed is reported
 * and the request goes on; one thrown before (by the reducer, or a middleware further on) still
 * fails it.
 *
 * @param dispatch the store's dispatch
 * @param slice reads the slice, to tell whether the action was applied
 */
export function buildCommit(dispatch: (action: UnknownAction) => unknown, slice: () => EntitiesState) {
  return (action: UnknownAction): void => {
    const before = slice();
    try {
      dispatch(action);
    } catch (error) {
      if (slice() === before) throw error;
      reportError(error);
    }
  };
}
