import { toSchemaClass } from '../../normalizr/shorthand.js';
import type { Collection } from '../../schema/Collection.js';
import { isCollection } from '../../schema/isCollection.js';
import { ObjectSchema } from '../../schema/ObjectSchema.js';
import { describeValue } from '../../utils/describeValue.js';
import type { DeclaredEndpoint } from '../definition/readApi.js';

/** The Collections an entry's data is stored in: the schema itself, or a field of an object schema. */
function listsOf(schema: unknown): Collection[] {
  const schemaClass = toSchemaClass(schema);
  if (isCollection(schemaClass)) return [schemaClass];
  if (!(schemaClass instanceof ObjectSchema)) return [];
  return Object.values(schemaClass.schema as { readonly [field: string]: unknown }).flatMap((field) => {
    const inner = toSchemaClass(field);
    return isCollection(inner) ? [inner] : [];
  });
}

/**
 * Why an entry of `declared` cannot be stored for this argument, if it cannot: a `schema.Collection`
 * tells its lists apart by the fields of an object argument, so a plain argument (`getTodos(1)`)
 * would put every argument's items in one list, shown by every entry. `undefined` when it can.
 */
export function listArgumentProblem(declared: DeclaredEndpoint, arg: unknown): string | undefined {
  if (arg === undefined || arg === null || typeof arg === 'object') return undefined;
  const shared = listsOf(declared.stored).find((list) => list.queryKey([arg]) === list.queryKey([]));
  if (shared === undefined) return undefined;
  return (
    `${declared.label}: its argument ${describeValue(arg)} does not tell its list apart: a schema.Collection keeps one list ` +
    `per set of argument fields, and a ${typeof arg} has none. ` +
    `Give the Collection an argsKey naming the argument, e.g. new schema.Collection([Todo], { argsKey: (userId: number) => ({ userId }) }).`
  );
}
