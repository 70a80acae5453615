import { Invalidate } from '../../schema/Invalidate.js';
import type { NormalizeDelegate } from '../../schema/interface.js';
import { field } from '../../utils/field.js';

/**
 * `schema.Invalidate` for a primary key given on its own (`deleteTrade(5)`), wrapped as `{ pk }`:
 * `normalize` takes objects only at the top. Stores and reads the same as the Invalidate (the key).
 */
export class InvalidateByKey extends Invalidate {
  /** Deletes the entity `input.pk` names; returns its primary key. */
  override normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate) {
    return super.normalize(field(input, 'pk'), parent, key, delegate);
  }
}
