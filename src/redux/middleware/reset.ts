import type { MountPoint } from '../mountPoint.js';
import type { Collector, RequestRegistry } from './types.js';

/**
 * What `resetEntireStore` does besides emptying the slice (the reducer's part), before the reducer
 * sees it: the middleware's records are cleared. Every request in flight is aborted and dropped
 * (its promise rejects with a `ResetError`, and no new read joins it), its optimistic response goes
 * with it, and the collector forgets what was stored.
 *
 * @returns what the middleware calls with every action on its way to the reducer
 */
export function buildReset(mount: MountPoint, registry: RequestRegistry, collector: Collector) {
  return (action: unknown): void => {
    if (!mount.actions.reset.match(action)) return;
    registry.clear();
    collector.clear();
  };
}
