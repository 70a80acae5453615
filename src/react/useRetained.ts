import { useEffect } from 'react';
import type { Controller } from '../redux/Controller.js';
import type { HooksContext } from './hooksContext.js';

/**
 * While the component is mounted, tells the store it shows some data (`retain` returns the
 * release), so the data is not collected (`docs/guide/long-running.md`); it goes `keepUnusedDataFor` after unmount.
 * `deps` stand for what `retain` retains.
 */
export function useRetained(
  ctx: HooksContext,
  retain: ((controller: Controller) => () => void) | undefined,
  deps: readonly unknown[],
): void {
  const store = ctx.useStore();
  useEffect(() => {
    return retain?.(ctx.controllerFor(store));
  }, [ctx, store, ...deps]);
}
