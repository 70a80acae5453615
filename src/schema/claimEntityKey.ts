import { isProduction } from '../utils/devWarning.js';
import type { EntitySchema } from './interface.js';

/** The class that holds each `static key`, as the development check has seen them. */
const holders = new Map<string, EntitySchema>();

/** Whether one class extends the other (a subclass sharing its parent's table, as it inherits its key). */
function related(one: EntitySchema, other: EntitySchema): boolean {
  return Object.prototype.isPrototypeOf.call(one, other) || Object.prototype.isPrototypeOf.call(other, one);
}

/**
 * Development check: one `static key` names one table, so two unrelated Entity classes with the
 * same key would silently share one. Throws naming both classes and the fix. A subclass sharing
 * its parent's table, or a class of the same name taking a key over (a module reloaded by hot
 * reloading), is not a slip. Nothing in production.
 *
 * @throws TypeError when an unrelated class already holds `key`
 */
export function claimEntityKey(key: string, entity: EntitySchema): void {
  if (isProduction()) return;
  const holder = holders.get(key);
  if (holder === undefined || holder.name === entity.name) {
    holders.set(key, entity);
    return;
  }
  if (holder === entity || related(holder, entity)) return;
  throw new TypeError(
    `rtk-entities: Entity classes ${holder.name} and ${entity.name} both have static key '${key}', so they would ` +
      `share one table and read each other's records. Give ${entity.name} its own: static override key = '${entity.name}';`,
  );
}
