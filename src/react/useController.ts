import type { Controller } from '../redux/Controller.js';
import type { HooksContext } from './hooksContext.js';

/**
 * The `Controller` of the store in react-redux's context: fetch, invalidate, reset, set and read
 * imperatively, e.g. in event handlers. One Controller per store, so it is stable across renders
 * and components.
 *
 * @see docs/guide/react.md
 */
export interface UseController {
  /**
   * @returns the store's Controller
   * @example
   * ```tsx
   * function AddUser() {
   *   const ctrl = useController();
   *   return <button onClick={() => ctrl.fetch(createUser, { name: 'Bo' })}>Add</button>;
   * }
   * ```
   */
  (): Controller;
}

/** Builds `useController` for one mount point. */
export function buildUseController(ctx: HooksContext): UseController {
  return function useController(): Controller {
    return ctx.controllerFor(ctx.useStore());
  };
}
