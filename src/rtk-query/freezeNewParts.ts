/**
 * Freezes `value` and every object in it that is not frozen yet, stopping at frozen parts (what it
 * shares with data RTK Query already froze). RTK Query's reducer freezes what it stores (Immer's
 * auto-freeze) by walking every part it is handed that is not frozen; a write-back handed over
 * frozen is stored without that walk.
 */
export function freezeNewParts(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) freezeNewParts(value[i]);
  else for (const key of Object.keys(value)) freezeNewParts((value as Record<string, unknown>)[key]);
}
