import { describeValue } from '../utils/describeValue.js';

const LIMIT = 100;

/** The first ~100 characters of a response body, quoted, for error messages. */
export function bodyStart(text: string): string {
  return text.length > LIMIT ? `${describeValue(text.slice(0, LIMIT))}…` : describeValue(text);
}
