import type { EntityRecord, StoredSchema } from '../../schema/interface.js';
import type { Shelf } from './Shelf.js';

/**
 * A table's list of primary keys that a version read (a `schema.All` nested in it): it holds while the
 * key list is the same array, at the same length.
 */
export class KeysRead {
  declare readonly key: string;
  declare readonly keys: readonly string[];
  /** How many keys it read: a key list grows in place (`keysOf`). */
  declare readonly length: number;

  constructor(key: string, keys: readonly string[]) {
    this.key = key;
    this.keys = keys;
    this.length = keys.length;
  }
}

/**
 * Anything a version read while it was built, besides its own record: another entity, a key list, or the read's
 * arguments (a `schema.Query` nested in it) as one string (`argsKeyOf`).
 */
export type Read = Version | KeysRead | string;

/**
 * One built value of one entity: the instance (or Collection list) read from one record, with
 * what else it read. `MemoCache` decides when a version can be returned again.
 */
export class Version {
  /** An older version of the same record, built when it held other things (the history a rollback returns to). @internal */
  older: Version | undefined = undefined;
  /** What it read while it was built, in order: nothing, one read, or an array of them. @internal */
  reads: Read | Read[] | undefined = undefined;
  /** The lowest walk number it reaches while the memo checks it (see `EntityMemo`'s `current`). @internal */
  low = 0;
  /** The shelf it is kept on, and its position there when it was put there (a hint: positions move). @internal */
  shelf: Shelf | undefined = undefined;
  at = 0;

  declare readonly entity: StoredSchema;
  /** `entity.key`: the table its record is stored in. */
  declare readonly key: string;
  declare readonly pk: string;
  /** The record it was built from; `undefined` records that the entity was not stored. @internal */
  declare readonly record: EntityRecord | undefined;
  /** @internal */
  declare readonly output: object | undefined;
  /** The read it was last checked in and the answer, packed: `MemoCache` owns it. @internal */
  declare mark: number;

  constructor(
    entity: StoredSchema,
    key: string,
    pk: string,
    record: EntityRecord | undefined,
    output: object | undefined,
    mark: number,
  ) {
    this.entity = entity;
    this.key = key;
    this.pk = pk;
    this.record = record;
    this.output = output;
    this.mark = mark;
  }
}
