import type { RequestStart } from './interface.js';

/**
 * Whether request `a` started before request `b`: by clock time, then, within one millisecond, by
 * the store's request number. The one order every merge, list and endpoint result follows, so the
 * later-started response wins whatever order the answers arrive in.
 */
export function startedBefore(a: RequestStart, b: RequestStart): boolean {
  return a.fetchedAt < b.fetchedAt || (a.fetchedAt === b.fetchedAt && (a.seq ?? 0) < (b.seq ?? 0));
}
