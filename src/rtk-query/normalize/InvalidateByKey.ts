import type { Invalidate } from '../../schema/Invalidate.js';
import type { DenormalizeDelegate, NormalizeDelegate, SchemaClass } from '../../schema/interface.js';
import { field } from '../../utils/field.js';

/**
 * `schema.Invalidate` for a primary key given on its own (`deleteTrade(5)`), wrapped as `{ pk }`:
 * `normalize` takes objects only at the top. Stores the same result as the Invalidate (the key).
 */
export class InvalidateByKey implements SchemaClass {
  constructor(readonly invalidate: Invalidate) {}

  /** Deletes the entity `input.pk` names; returns its primary key. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    return this.invalidate.normalize(field(input, 'pk'), parent, key, delegate);
  }

  /** Reads the entity, as the Invalidate does. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return this.invalidate.denormalize(input, delegate);
  }

  /** The entity's table. */
  tableKeys(add: (schema: unknown) => void): void {
    this.invalidate.tableKeys(add);
  }
}
