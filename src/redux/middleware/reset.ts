import type { HandlerBuilder } from './types.js';

/**
 * What `resetEntireStore` does besides emptying the slice (the reducer's part), before the reducer
 * sees it: every record of the middleware is cleared. The requests in flight are aborted and their
 * responses dropped (their promises reject with a `ResetError`), new reads no longer join them,
 * optimistic responses go, and the collector forgets what was stored.
 */
export const buildResetHandler: HandlerBuilder = ({ mount, requests, dedupe, optimistic, collector }) => ({
  onAction(action) {
    if (!mount.actions.reset.match(action)) return;
    for (const record of [requests, dedupe, optimistic, collector]) record.clear();
  },
});
