import { entryOf } from '../../utils/entryOf.js';

/** How many selectors are kept per owner (an endpoint, a queryable); the oldest goes first. */
const MAX_SELECTORS_PER_OWNER = 500;

/**
 * Selectors made once per owner (an endpoint, a queryable) and key (a call's key, its arguments'),
 * so every reader of the same call gets the same selector back and shares its memo. Owners are held
 * weakly, and each keeps at most 500 selectors: a page that reads ever new arguments stays bounded.
 */
export function buildSelectorCache<S>() {
  const byOwner = new WeakMap<object, Map<string, S>>();
  return (owner: object, key: string, build: () => S): S => {
    const byKey = entryOf(byOwner, owner, () => new Map());
    return entryOf(byKey, key, build, MAX_SELECTORS_PER_OWNER);
  };
}
