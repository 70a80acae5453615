import type { RequestStart } from './interface.js';

/**
 * Whether request `a` started before request `b`: the one order every merge, list and endpoint
 * result follows, so the later-started write wins whatever order the answers arrive in.
 *
 * By clock time (`fetchedAt`, epoch ms) first. Within one millisecond, by the id of the tab that
 * started it (`tab`, a random id each store with a `broadcastChannel` makes once; a store that
 * shares nothing has none, which sorts first), then by that tab's request number (`seq`). Across
 * tabs only the clock and the tab id are compared: each tab numbers its own requests, so a number
 * means nothing in another tab, while every tab compares two tab ids alike; so every tab on a
 * channel orders the same writes the same way, whichever order their messages arrive in.
 */
export function startedBefore(a: RequestStart, b: RequestStart): boolean {
  if (a.fetchedAt !== b.fetchedAt) return a.fetchedAt < b.fetchedAt;
  const tabA = a.tab ?? '';
  const tabB = b.tab ?? '';
  if (tabA !== tabB) return tabA < tabB;
  return (a.seq ?? 0) < (b.seq ?? 0);
}
