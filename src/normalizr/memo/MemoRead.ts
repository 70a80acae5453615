import type { DenormalizeDelegate, EntityRecord, EntityTables, StoredSchema } from '../../schema/interface.js';
import { entityKey } from '../../schema/entityKey.js';
import { getOwn } from '../../utils/ownProperty.js';
import { toSchemaClass } from '../shorthand.js';
import { addChild, trimHistory, type EntityEntry } from './EntityEntry.js';
import type { EntryMap } from './EntryMap.js';
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
    let entry: EntityEntry | undefined;
    if (record !== undefined) {
      const newest = this.entries.get(record);
      entry = newest !== undefined && newest.entity === entity && isFresh(newest, this.tables, this.generation) ? newest : this.recall(newest, entity, record);
      entry ??= this.build(entity, pk, record, newest);
    } else {
      entry = { entity, pk, record, output: undefined, children: undefined, checkedAt: this.generation, fresh: true, checking: false, older: undefined };
    }
    const building = this.building;
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

  private build(entity: StoredSchema, pk: string, record: EntityRecord, older: EntityEntry | undefined): EntityEntry {
    const output = entity.fromJS(record);
    const entry: EntityEntry = { entity, pk, record, output, children: undefined, checkedAt: this.generation, fresh: true, checking: false, older };
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
