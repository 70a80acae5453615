import { Invalidate } from '../../schema/Invalidate.js';
import { isRecord } from '../../utils/isRecord.js';
import { InvalidateByKey } from './InvalidateByKey.js';
import { isArray } from '../../utils/isArray.js';

/** No body: `null` (RTK Query's `fetchBaseQuery` gives it for a 204), `undefined`, `''` or `{}`. */
function isEmpty(response: unknown): boolean {
  if (response === null || response === undefined || response === '') return true;
  return isRecord(response) && !isArray(response) && Object.keys(response).length === 0;
}

/**
 * What a mutation's response is normalized as: the response with the declared schema, except that
 * a `schema.Invalidate` given no body (a 204 to a DELETE) deletes the entity the call's argument
 * names, as `createResource`'s `delete` does: an object holding its primary key, or the key itself.
 */
export function mutationInput(
  schema: unknown,
  response: unknown,
  originalArgs: unknown,
): { readonly schema: unknown; readonly input: unknown } {
  if (!(schema instanceof Invalidate) || !isEmpty(response)) return { schema, input: response };
  return isRecord(originalArgs)
    ? { schema, input: originalArgs }
    : { schema: new InvalidateByKey(schema.schema), input: { pk: originalArgs } };
}
