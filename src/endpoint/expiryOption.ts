import { describeValue } from '../utils/describeValue.js';

/**
 * An expiry option (`dataExpiryLength`, `errorExpiryLength`: milliseconds) as given when an endpoint
 * is defined: absent, or a number from 0 up (`Infinity`: never expires).
 *
 * @param endpointName names the endpoint in the error
 * @throws TypeError naming the endpoint and the option for anything else: `NaN`, a negative number
 *   or a string would make every read find the data stale, and request it again
 */
export function expiryOption(value: unknown, option: string, endpointName: string): number | undefined {
  if (value === undefined || (typeof value === 'number' && value >= 0)) return value;
  throw new TypeError(
    `${endpointName}: ${option} should be a number of milliseconds from 0 up (Infinity: never expires), not ${describeValue(value)}.`,
  );
}
