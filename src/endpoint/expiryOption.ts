import { describeValue } from '../utils/describeValue.js';

/**
 * Development check of an endpoint's expiry options (`dataExpiryLength`, `errorExpiryLength`:
 * milliseconds) as it is defined: each is absent, or a number from 0 up (`Infinity`: never
 * expires). In production an expiry that is not one counts as 0 (`expiry.ts`): stale on arrival,
 * requested once.
 *
 * @throws TypeError naming the endpoint and the option for anything else: `NaN`, a negative number
 *   or a string would make every read find the data stale, and request it again
 */
export function assertExpiryOptions(endpoint: {
  readonly name: string;
  readonly dataExpiryLength?: unknown;
  readonly errorExpiryLength?: unknown;
}): void {
  for (const option of ['dataExpiryLength', 'errorExpiryLength'] as const) {
    const value = endpoint[option];
    if (value === undefined || (typeof value === 'number' && value >= 0)) continue;
    throw new TypeError(
      `${endpoint.name}: ${option} should be a number of milliseconds from 0 up (Infinity: never expires), not ${describeValue(value)}.`,
    );
  }
}
