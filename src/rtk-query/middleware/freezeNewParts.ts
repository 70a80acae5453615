import { freeze } from '@reduxjs/toolkit';
import { isPlainObject } from '../../utils/isPlainObject.js';
import { isArray } from '../../utils/isArray.js';

/**
 * Freezes `value` as Immer's auto-freeze would (RTK Query's reducer freezes what it stores), and
 * stops at parts already frozen (what it shares with data RTK Query froze before). Plain objects
 * and arrays, most of what a response holds, are frozen here in a plain loop: Immer's own walk of
 * what it is handed then ends at once. Anything else goes to Immer's `freeze`, which locks Maps and
 * Sets its way and leaves class instances, typed arrays and dates as they are.
 */
export function freezeNewParts(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  if (isArray(value)) {
    Object.freeze(value);
    for (let i = 0; i < value.length; i++) freezeNewParts(value[i]);
  } else if (isPlainObject(value)) {
    Object.freeze(value);
    // a plain object inherits no enumerable key: `in` walks its own, with no list of them made
    for (const key in value) freezeNewParts(value[key]);
  } else freeze(value, true);
}
