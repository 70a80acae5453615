import { useEffect } from 'react';
import { findMiddleware } from '../redux/connection.js';
import { missingMiddlewareMessage } from '../redux/mountHints.js';
import { mountPointOf } from '../redux/mountPoint.js';
import { isProduction, warnOnce } from '../utils/devWarning.js';
import type { HooksContext } from './hooksContext.js';

/**
 * For the hooks that only read (`useCache`): in development, a store without the mount point's
 * data middleware is reported once, naming the fix. Such a read never errs, and never sees data
 * arrive: nothing in that store can fetch.
 */
export function useMiddlewareCheck(ctx: HooksContext): void {
  const store = ctx.useStore();
  useEffect(() => {
    if (isProduction()) return;
    const mount = mountPointOf(ctx.entities);
    if (mount === undefined || findMiddleware(mount, store.dispatch) !== undefined) return;
    const problem = missingMiddlewareMessage(mount.reducerPath).replace(/^rtk-entities: /, '');
    warnOnce(`middleware:${mount.reducerPath}`, `${problem} Without it, useCache reads nothing new.`, 'error');
  }, [ctx, store]);
}
