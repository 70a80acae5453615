import { isRecord } from '../utils/isRecord.js';
import { isArray } from '../utils/isArray.js';

/**
 * The arguments a list was fetched with, as stored in its key: every value a string.
 *
 * @see docs/guide/schemas.md
 */
export type CollectionKey = { readonly [name: string]: string };

/** Which argument names never restrict membership: by default sort orders (`order`, `orderBy`…). */
export function defaultNonFilterArgumentKey(name: string): boolean {
  return name.startsWith('order');
}

/** The params and body of a mutation as one object (path params, then body fields). */
export function mutationFields(args: readonly unknown[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const arg of args) {
    if (isRecord(arg) && !isArray(arg)) Object.assign(fields, arg);
  }
  return fields;
}

/**
 * The default membership test: a list takes a new item when every argument the list was fetched
 * with (apart from the non-filter ones) equals the mutation's param or body field of that name.
 * A list fetched with no arguments takes every item.
 */
export function buildDefaultCollectionFilter(nonFilterArgumentKey: (name: string) => boolean) {
  return (...args: readonly unknown[]) => {
    const fields = mutationFields(args);
    return (collectionKey: CollectionKey): boolean =>
      Object.keys(collectionKey).every(
        (name) =>
          nonFilterArgumentKey(name) || (fields[name] !== undefined && `${fields[name]}` === collectionKey[name]),
      );
  };
}
