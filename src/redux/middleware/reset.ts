import type { HandlerBuilder } from './types.js';

/**
 * What `resetEntireStore` does besides emptying the slice (the reducer's part): the requests in
 * flight are aborted and their responses dropped (their promises reject with a `ResetError`), new
 * reads no longer join them, optimistic responses go, and the collector forgets what was stored.
 * It runs before the reducer sees the reset.
 */
export const buildResetHandler: HandlerBuilder = ({ instance, requests, dedupe, optimistic, collector }) => ({
  onAction(action) {
    if (!instance.actions.reset.match(action)) return;
    requests.dropAll();
    dedupe.clear();
    optimistic.clear();
    collector.reset();
  },
});
