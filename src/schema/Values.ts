import type { DenormalizeDelegate, NormalizeDelegate, SchemaClass } from './interface.js';
import { Polymorphic } from './Polymorphic.js';
import { shapeError } from './shapeError.js';
import { isRecord } from '../utils/isRecord.js';
import { setOwn } from '../utils/ownProperty.js';
import { isArray } from '../utils/isArray.js';

/**
 * An object used as a dictionary: every value has the schema (or one picked by `schemaAttribute`).
 *
 * @example
 * ```ts
 * new schema.Values(User); // { [anyKey]: User }
 * ```
 * @see docs/guide/schemas.md
 */
export class Values<D = unknown> extends Polymorphic<D> implements SchemaClass {
  /** Normalizes every value of the dictionary. */
  normalize(
    input: unknown,
    _parent: unknown,
    key: string | undefined,
    delegate: NormalizeDelegate,
  ): Record<string, unknown> {
    if (!isRecord(input) || isArray(input)) {
      throw shapeError('schema.Values', 'an object', input, delegate, key);
    }
    const output: Record<string, unknown> = {};
    for (const name of Object.keys(input)) {
      const value = this.normalizeValue(input[name], input, name, delegate);
      if (value !== undefined && value !== null) setOwn(output, name, value);
    }
    return output;
  }

  /** Denormalizes every value, dropping the ones no longer stored. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): Record<string, unknown> {
    const output: Record<string, unknown> = {};
    if (!isRecord(input)) return output;
    for (const name of Object.keys(input)) {
      const value = this.denormalizeValue(input[name], delegate);
      if (value !== undefined && value !== null) setOwn(output, name, value);
    }
    return output;
  }
}
