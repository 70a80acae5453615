import type { DenormalizeDelegate, EntityRecord, EntityTables, StoredSchema } from '../../schema/interface.js';
import { entityKey } from '../../schema/entityKey.js';
import { getOwn } from '../../utils/ownProperty.js';
import { toSchemaClass } from '../shorthand.js';
import { addChild, EntityEntry, trimHistory } from './EntityEntry.js';
import type { EntryMap, Kept } from './EntryMap.js';
import { isFresh } from './isFresh.js';
import { tableKeys } from '../tableKeys.js';

/** Entities nested deeper than this are filled from a queue instead of the call stack. */
const MAX_NESTING = 200;

/**
 * One read through the memo: the delegate schemas denormalize with. It holds what this read needs
 * (its tables, their generation, its arguments, the entity being filled); the entries it finds or
 * builds live in the memo's `EntryMap` and outlive it.
 */
export class MemoRead implements DenormalizeDelegate {
  private building: EntityEntry | undefined;
  /** How many builds are nested on the call stack. */
  private depth = 0;
  /** Entries whose nested fields are filled after the stack unwinds (very deep graphs). */
  private readonly unfilled: EntityEntry[] = [];
  /** The entries read at the top level, outside any entity: what this read returns is made of them. */
  readonly roots: EntityEntry[] = [];
  /** The instances kept alone that were read at the top level, as pairs: a record, then its instance. */
  readonly bare: object[] = [];

  constructor(
    private readonly entries: EntryMap,
    private readonly tables: EntityTables,
    private readonly generation: number,
    readonly args: readonly unknown[],
  ) {}

  /** A whole read: denormalizes, then fills the instances that were too deep for the call stack. */
  read(schema: unknown, input: unknown): unknown {
    const output = this.unvisit(schema, input);
    for (let entry = this.unfilled.pop(); entry !== undefined; entry = this.unfilled.pop()) this.fill(entry);
    return output;
  }

  unvisit(schema: unknown, input: unknown): unknown {
    const schemaClass = toSchemaClass(schema);
    if (schemaClass === undefined) return input;
    if ((input === undefined || input === null) && !schemaClass.readsTables) return input;
    return schemaClass.denormalize(input, this);
  }

  entity(entity: StoredSchema, pk: string): object | undefined {
    const key = entityKey(entity);
    const record = getOwn(this.tables[key], pk);
    const building = this.building;
    let entry: EntityEntry | undefined;
    if (record !== undefined) {
      let newest: Kept | undefined = this.entries.get(record);
      if (newest !== undefined && !(newest instanceof EntityEntry)) {
        // an instance kept alone is fresh: it was found by the stored record
        if (isInstanceOf(newest, entity)) return this.reuseBare(entity, pk, record, newest);
        newest = undefined;
      }
      entry =
        newest !== undefined && newest.entity === entity && isFresh(newest, this.tables, this.generation)
          ? newest
          : this.recall(newest, entity, record);
      if (entry === undefined) {
        entry = this.build(entity, pk, record, newest);
        const alone = entry.children === undefined && entry.older === undefined;
        // only an instance of the entity's class can be told from another's by itself (a Collection
        // reads as a plain array or object, which says nothing of the Collection it came from)
        if (building === undefined && alone && isInstanceOf(entry.output, entity)) {
          // it read no other entity: its instance alone is kept in place of the entry
          this.entries.replace(record, entry.output as object);
          this.bare.push(record, entry.output as object);
          return entry.output;
        }
      }
    } else {
      entry = new EntityEntry(entity, pk, record, undefined, this.generation, true, undefined);
    }
    if (building === undefined) this.roots.push(entry);
    else addChild(building, entry);
    return entry.output;
  }

  getPks(key: string): readonly string[] {
    return tableKeys(this.tables[key]);
  }

  /** An earlier entry of this record that is fresh again (after a rollback), made the newest. */
  private recall(newest: EntityEntry | undefined, entity: StoredSchema, record: EntityRecord): EntityEntry | undefined {
    if (newest === undefined) return undefined;
    for (let before = newest, entry = newest.older; entry !== undefined; before = entry, entry = entry.older) {
      if (entry.entity !== entity || !isFresh(entry, this.tables, this.generation)) continue;
      before.older = entry.older;
      entry.older = newest;
      trimHistory(entry, 'older');
      this.entries.set(record, entry);
      return entry;
    }
    return undefined;
  }

  /** An instance kept alone, read again: at the top level as it is; inside another entity, it gets an entry. */
  private reuseBare(entity: StoredSchema, pk: string, record: EntityRecord, output: object): object {
    const building = this.building;
    if (building === undefined) {
      this.bare.push(record, output);
      return output;
    }
    const entry = new EntityEntry(entity, pk, record, output, this.generation, true, undefined);
    this.entries.set(record, entry);
    addChild(building, entry);
    return output;
  }

  private build(entity: StoredSchema, pk: string, record: EntityRecord, older: EntityEntry | undefined): EntityEntry {
    const output = entity.fromJS(record);
    const entry = new EntityEntry(entity, pk, record, output, this.generation, true, older);
    if (older !== undefined) trimHistory(entry, 'older');
    // registered before its fields are filled, so a cycle back to it finds this instance
    this.entries.set(record, entry);
    if (this.depth >= MAX_NESTING) this.unfilled.push(entry);
    else this.fill(entry);
    return entry;
  }

  private fill(entry: EntityEntry): void {
    const outer = this.building;
    this.building = entry;
    this.depth++;
    try {
      entry.entity.denormalizeFields(entry.output as object, entry.record as EntityRecord, this);
    } finally {
      this.building = outer;
      this.depth--;
    }
  }
}

/**
 * Whether `output` was made by `entity.fromJS` for this very class: its prototype is the class's
 * (not a subclass's or a Collection's container, and whatever fields the record gave it).
 */
function isInstanceOf(output: unknown, entity: StoredSchema): boolean {
  const { prototype } = entity as { readonly prototype?: unknown };
  return (
    prototype !== undefined &&
    typeof output === 'object' &&
    output !== null &&
    Object.getPrototypeOf(output) === prototype
  );
}
