import type { DenormalizeDelegate, NormalizeDelegate, SchemaClass } from './interface.js';
import { Polymorphic } from './Polymorphic.js';
import { shapeError } from './shapeError.js';
import { isArray } from '../utils/isArray.js';

/**
 * A list of items of one schema, or of several picked by `schemaAttribute`. `[X]` is its shorthand.
 * Reads drop items that are no longer stored (deleted entities).
 *
 * @example
 * ```ts
 * new schema.Array(User);
 * new schema.Array({ link: Link, post: Post }, 'type');
 * ```
 * @see docs/guide/schemas.md
 */
export class ArraySchema<D = unknown> extends Polymorphic<D> implements SchemaClass {
  /** Normalizes each item; items with no matching mapping are kept as they are. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown[] {
    if (!isArray(input)) {
      const name = this.constructor.name === 'ArraySchema' ? 'Array' : this.constructor.name;
      throw shapeError(`schema.${name}`, 'an array', input, delegate, key);
    }
    const output = new Array<unknown>(input.length);
    for (let i = 0; i < input.length; i++) output[i] = this.normalizeValue(input[i], parent, key, delegate);
    return output;
  }

  /** Denormalizes each item, dropping the ones that are no longer stored. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown[] {
    if (!isArray(input)) return input as unknown[];
    // sized once: grown by push, a short list keeps a backing store several times its length
    const output = new Array<unknown>(input.length);
    let count = 0;
    for (const item of input) {
      const value = this.denormalizeValue(item, delegate);
      if (value !== undefined && value !== null) output[count++] = value;
    }
    if (count < output.length) output.length = count;
    return output;
  }
}
