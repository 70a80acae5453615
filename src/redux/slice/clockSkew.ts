import { describeValue } from '../../utils/describeValue.js';

/**
 * How far ahead of this store's clock a time that came from elsewhere may be: a write another tab
 * posted, a saved or preloaded state. Clocks of one machine agree and a server's is close; a time
 * further ahead would win every comparison of starts (`startedBefore`) and stay fresh, so it would
 * pin its data against every later write.
 *
 * @see docs/guide/errors-and-guarantees.md
 */
export const MAX_CLOCK_SKEW = 5 * 60_000;

/**
 * What is wrong with a time (epoch ms) that came from elsewhere, or `undefined`: it is not a finite
 * number (JSON has no `Infinity`, and turns it into `null`), or, when `now` is given, it is more
 * than `MAX_CLOCK_SKEW` ahead of `now`. (An expiry is in the future by design: it is checked
 * without `now`.)
 *
 * @param now this store's clock; left out, only that the time is finite is checked
 */
export function timeProblem(time: unknown, now = Infinity): string | undefined {
  if (typeof time !== 'number' || !Number.isFinite(time)) return `is ${describeValue(time)}, not a finite number`;
  if (time > now + MAX_CLOCK_SKEW) {
    return `is ${time}, more than ${MAX_CLOCK_SKEW / 60_000} minutes ahead of this store's clock (${now})`;
  }
  return undefined;
}

/**
 * What is wrong with the times of a write's meta that came from elsewhere (`fetchedAt` and `date`
 * finite and not ahead of `now` by more than the skew, `seq` if any and `expiresAt` finite), or
 * `undefined`. A start alone (`startOnly`) has no `date` or `expiresAt`.
 *
 * @returns e.g. `fetchedAt is 9000000000000000, more than 5 minutes ahead of this store's clock (…)`
 */
export function metaProblem(
  meta: { readonly [field in (typeof WRITE)[number]]?: unknown },
  now: number,
  startOnly = false,
): string | undefined {
  for (const field of startOnly ? START : WRITE) {
    const value = meta[field];
    const problem =
      field === 'seq' && value === undefined
        ? undefined
        : timeProblem(value, field === 'fetchedAt' || field === 'date' ? now : undefined);
    if (problem !== undefined) return `${field} ${problem}`;
  }
  return undefined;
}

const START = ['fetchedAt', 'seq'] as const;
const WRITE = [...START, 'date', 'expiresAt'] as const;
