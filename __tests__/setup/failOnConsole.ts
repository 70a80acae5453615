/**
 * Fails any test that writes to console.warn or console.error without expecting it. A test that
 * expects output replaces the method with `jest.spyOn(console, 'warn').mockImplementation(...)`.
 */
import { format } from 'node:util';

let unexpected: string[] = [];
/**
 * RTK's development checks report how long they took when the machine is slow; the checks
 * themselves still ran and passed. Shared CI machines are noisy, so that one notice is not a failure.
 */
const checkTiming = /^(Serializable|Immutable)StateInvariantMiddleware took \d+ms/;
/**
 * Between tests, that notice is dropped too: a store's collector sweeps on a timer, which may fire after
 * a file's last test, and jest fails the run on anything logged once a file's tests are done.
 */
const jestWarn = console.warn;
const between = {
  warn: (...args: unknown[]) => {
    if (!checkTiming.test(format(...args))) jestWarn(...args);
  },
  error: console.error,
};
console.warn = between.warn;

beforeEach(() => {
  unexpected = [];
  console.warn = (...args: unknown[]) => {
    const message = format(...args);
    if (!checkTiming.test(message)) unexpected.push(`console.warn: ${message}`);
  };
  console.error = (...args: unknown[]) => unexpected.push(`console.error: ${format(...args)}`);
});

afterEach(() => {
  console.warn = between.warn;
  console.error = between.error;
  if (unexpected.length > 0) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
