/**
 * Fails any test that writes to console.warn or console.error without expecting it. A test that
 * expects output replaces the method with `jest.spyOn(console, 'warn').mockImplementation(...)`.
 */
import { format } from 'node:util';

const original = { warn: console.warn, error: console.error };
let unexpected: string[] = [];

beforeEach(() => {
  unexpected = [];
  console.warn = (...args: unknown[]) => unexpected.push(`console.warn: ${format(...args)}`);
  console.error = (...args: unknown[]) => unexpected.push(`console.error: ${format(...args)}`);
});

afterEach(() => {
  console.warn = original.warn;
  console.error = original.error;
  if (unexpected.length > 0) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
