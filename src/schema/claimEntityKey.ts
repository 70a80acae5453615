import type { EntitySchema } from './interface.js';
import { entryOf } from '../utils/entryOf.js';

/** Per mount point (a slice), the class that declares each `static key`, as the check has seen them. */
const holdersByMount = new WeakMap<object, Map<string, EntitySchema>>();

/** The class that declares `entity`'s key: itself, or the ancestor it inherits the key from. */
function declarer(entity: EntitySchema): EntitySchema {
  let current: unknown = entity;
  while (typeof current === 'function' && !Object.hasOwn(current, 'key')) current = Object.getPrototypeOf(current);
  return typeof current === 'function' ? (current as unknown as EntitySchema) : entity;
}

/**
 * Development check: in one slice (`mount`), one `static key` names one table, so two classes
 * that each declare the same key would silently share one. Throws naming both classes and the fix.
 * Subclasses inheriting a key share their parent's table, which is no slip; nor is a class of the
 * same name declaring a key over (a module evaluated again by hot reloading). Development only:
 * called behind an inline `process.env.NODE_ENV !== 'production'` test (`tableInputs`).
 *
 * @throws TypeError when another class of another name already declares `key` in this slice
 */
export function claimEntityKey(mount: object, key: string, entity: EntitySchema): void {
  const holders = entryOf(holdersByMount, mount, () => new Map());
  const claimant = declarer(entity);
  const holder = holders.get(key);
  if (holder === undefined || holder === claimant || holder.name === claimant.name) {
    holders.set(key, claimant);
    return;
  }
  throw new TypeError(
    `rtk-entities: Entity classes ${holder.name} and ${claimant.name} both have static key '${key}', so they would ` +
      `share one table and read each other's records. Give ${claimant.name} its own: static override key = '${claimant.name}';`,
  );
}
