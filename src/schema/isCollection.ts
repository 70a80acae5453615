import type { Collection } from './Collection.js';
import { isStoredSchema } from './isStoredSchema.js';

/**
 * True for a `schema.Collection` (a subclass, or its `changes` writer), told by its shape: a stored
 * schema that is an object (an Entity is a class) with a membership test for mutations. A check
 * that needs no `instanceof Collection` brings none of the lists' code into a bundle that has no list.
 */
export function isCollection(schema: unknown): schema is Collection {
  return (
    typeof schema === 'object' &&
    isStoredSchema(schema) &&
    typeof (schema as Partial<Collection>).createCollectionFilter === 'function'
  );
}
