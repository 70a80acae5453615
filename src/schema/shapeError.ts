import { describeType, describeValue } from '../utils/describeValue.js';
import type { NormalizeDelegate } from './interface.js';

/**
 * The error for an input of the wrong shape, naming the schema, the request and the field:
 * `User expected an object while normalizing GET /users (field 'author'), but received a string. Received: "x"`.
 *
 * @param name the schema, as messages name it (`User`, `schema.Array`)
 * @param expected what it takes (`an object`, `an array`)
 * @param field the field of the parent the input sits at, if any
 */
export function shapeError(
  name: string,
  expected: string,
  input: unknown,
  delegate: Pick<NormalizeDelegate, 'source'>,
  field: string | undefined,
): TypeError {
  return new TypeError(
    `${name} expected ${expected} ${whileNormalizing(delegate.source, field)}, ` +
      `but received ${describeType(input)}. Received: ${describeValue(input)}`,
  );
}

/**
 * Where a normalization failed, for its message: `while normalizing GET /users (field 'author')`; no
 * field at the top of a response, `a response` when the caller named none.
 */
export function whileNormalizing(source: string | undefined, field?: string): string {
  return `while normalizing ${source ?? 'a response'}${field === undefined ? '' : ` (field '${field}')`}`;
}
