/**
 * Fails any test that writes to console.warn or console.error without expecting it. A test that
 * expects output replaces the method with `jest.spyOn(console, 'warn').mockImplementation(...)`.
 */
import { format } from 'node:util';

const original = { warn: console.warn, error: console.error };
let unexpected: string[] = [];
/**
 * RTK's development checks report how long they took when the machine is slow; the checks
 * themselves still ran and passed. Shared CI machines are noisy, so that one notice is not a failure.
 */
const checkTiming = /^(Serializable|Immutable)StateInvariantMiddleware took \d+ms/;

beforeEach(() => {
  unexpected = [];
  console.warn = (...args: unknown[]) => {
    const message = format(...args);
    if (!checkTiming.test(message)) unexpected.push(`console.warn: ${message}`);
  };
  console.error = (...args: unknown[]) => unexpected.push(`console.error: ${format(...args)}`);
});

afterEach(() => {
  console.warn = original.warn;
  console.error = original.error;
  if (unexpected.length > 0) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
