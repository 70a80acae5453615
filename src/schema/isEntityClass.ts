import { Entity } from './Entity.js';
import type { EntitySchema } from './interface.js';

/** True for classes that extend `Entity`. */
export function isEntityClass(schema: unknown): schema is EntitySchema {
  return typeof schema === 'function' && schema.prototype instanceof Entity;
}
