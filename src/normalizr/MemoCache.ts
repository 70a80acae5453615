import type { DenormalizeDelegate, EntityRecord, StoredSchema, EntityTables } from '../schema/interface.js';
import { entityKey } from '../schema/entityKey.js';
import { getOwn } from '../schema/ownProperty.js';
import { stableStringify } from '../schema/stableStringify.js';
import { toSchemaClass } from './shorthand.js';
import { collectTableKeys } from './collectTableKeys.js';
import { keepIdentity } from './keepIdentity.js';

/** Entities nested deeper than this are filled from a queue instead of the call stack. */
const MAX_NESTING = 200;

/** One denormalized entity and what it was built from. */
interface EntityEntry {
  readonly entity: StoredSchema;
  readonly key: string;
  readonly pk: string;
  /** The record it was built from; `undefined` records that the entity was missing. */
  readonly record: EntityRecord | undefined;
  readonly output: object | undefined;
  /** Entities read while building this one (its nested fields), in order. */
  children: EntityEntry[] | undefined;
  /** The tables of the last freshness check, and its answer. */
  checkedTables: EntityTables | undefined;
  fresh: boolean;
  checking: boolean;
  /** Earlier entries of the same record, newest first: a rollback finds its objects again. */
  older: EntityEntry | undefined;
}

/** One top-level read and the tables it depends on. */
interface TopEntry {
  readonly schema: object;
  readonly argsKey: string;
  tables: EntityTables;
  readonly keys: readonly string[];
  readonly refs: readonly unknown[];
  readonly output: unknown;
  /** Earlier reads, newest first, so returning to their tables (a rollback) returns their very output. */
  previous: TopEntry | undefined;
}

/** How many results are kept per record and per top-level read. */
const HISTORY = 4;

/** Cuts a newest-first chain after `HISTORY` links. */
function trim<T extends { [K in L]: T | undefined }, L extends string>(head: T, link: L): void {
  let node: T | undefined = head;
  for (let kept = 1; node !== undefined && kept < HISTORY; kept++) node = node[link];
  if (node !== undefined) node[link] = undefined as T[L];
}

/**
 * Memoized denormalization. Entities are cached by their stored record (records are immutable and
 * keep their reference while unchanged), so an entity is rebuilt only when its record or a record it
 * contains changes; everything else keeps its identity. A top-level read is also cached on the
 * tables its schema can reach: when none of them changed, the previous result comes back at once.
 */
export class MemoCache implements DenormalizeDelegate {
  private readonly records = new WeakMap<EntityRecord, EntityEntry>();
  private readonly tops = new WeakMap<object, TopEntry>();
  private tables: EntityTables = {};
  private readArgs: readonly unknown[] = [];
  private building: EntityEntry | undefined;
  /** How many builds are nested on the call stack. */
  private buildDepth = 0;
  /** Entries whose nested fields are filled after the stack unwinds (very deep graphs). */
  private readonly unfilled: EntityEntry[] = [];

  /** Arguments of the current read. */
  get args(): readonly unknown[] {
    return this.readArgs;
  }

  /**
   * Reads `input` (a normalized result) back into instances, from `tables`.
   * @returns the same object as last time when nothing it contains changed
   */
  denormalize(schema: unknown, input: unknown, tables: EntityTables, args: readonly unknown[] = []): unknown {
    const saved = { tables: this.tables, args: this.readArgs, building: this.building, depth: this.buildDepth };
    this.tables = tables;
    this.readArgs = args;
    this.building = undefined;
    this.buildDepth = 0;
    try {
      const schemaClass = toSchemaClass(schema);
      if (schemaClass === undefined) return input;
      // a listing keys its memo by what it lists (equal Alls share it); any other read by its input
      const listing = schemaClass.readsTables === true;
      const identity: object = (listing && schemaClass.listToken) || schemaClass;
      const holder = listing ? identity : typeof input === 'object' && input !== null ? input : undefined;
      if (holder === undefined) return this.read(schemaClass, input);
      const argsKey = args.length === 0 ? '' : stableStringify(args);
      const latest = this.tops.get(holder);
      const same = latest !== undefined && latest.schema === identity;
      if (same) {
        let before: TopEntry | undefined;
        for (let entry: TopEntry | undefined = latest; entry !== undefined; before = entry, entry = entry.previous) {
          if (entry.argsKey !== argsKey || !unchanged(entry, tables)) continue;
          entry.tables = tables;
          if (before !== undefined) {
            // an earlier read matches again (a rollback): it becomes the latest
            before.previous = entry.previous;
            entry.previous = latest;
            trim(entry, 'previous');
            this.tops.set(holder, entry);
          }
          return entry.output;
        }
      }
      let output = this.read(schemaClass, input);
      if (same) output = keepIdentity(latest.output, output);
      const keys = collectTableKeys(schemaClass);
      const entry: TopEntry = { schema: identity, argsKey, tables, keys, refs: keys.map((key) => tables[key]), output, previous: same ? latest : undefined };
      trim(entry, 'previous');
      this.tops.set(holder, entry);
      return output;
    } finally {
      this.tables = saved.tables;
      this.readArgs = saved.args;
      this.building = saved.building;
      this.buildDepth = saved.depth;
    }
  }

  /** A whole read: denormalizes, then fills the instances that were too deep for the call stack. */
  private read(schema: unknown, input: unknown): unknown {
    const output = this.unvisit(schema, input);
    for (let entry = this.unfilled.pop(); entry !== undefined; entry = this.unfilled.pop()) this.fill(entry);
    return output;
  }

  /** Denormalizes `input` with `schema` (part of the delegate protocol). */
  unvisit(schema: unknown, input: unknown): unknown {
    const schemaClass = toSchemaClass(schema);
    if (schemaClass === undefined) return input;
    if ((input === undefined || input === null) && !schemaClass.readsTables) return input;
    return schemaClass.denormalize(input, this);
  }

  /** The instance of `entity` at `pk`: cached while its record and nested records are unchanged. */
  entity(entity: StoredSchema, pk: string): object | undefined {
    const key = entityKey(entity);
    const record = getOwn(this.tables[key], pk);
    let entry = record === undefined ? undefined : this.records.get(record);
    if (entry !== undefined && (entry.entity !== entity || !this.isFresh(entry))) entry = this.recall(entry, entity, record as EntityRecord);
    if (entry === undefined) entry = record === undefined ? missingEntry(entity, key, pk, this.tables) : this.build(entity, key, pk, record);
    const building = this.building;
    if (building !== undefined) {
      // an exact array for the first child, not an empty one grown by push: most entities hold one
      // or two others, and the memo keeps every entry (−128 bytes per one-child entity)
      if (building.children === undefined) building.children = [entry];
      else building.children.push(entry);
    }
    return entry.output;
  }

  /** Every primary key of a table, in table order. */
  getPks(key: string): readonly string[] {
    const table = this.tables[key];
    return table === undefined ? [] : Object.keys(table);
  }

  /** An earlier entry of this record that is fresh again (after a rollback), made the newest. */
  private recall(newest: EntityEntry, entity: StoredSchema, record: EntityRecord): EntityEntry | undefined {
    for (let before = newest, entry = newest.older; entry !== undefined; before = entry, entry = entry.older) {
      if (entry.entity !== entity || !this.isFresh(entry)) continue;
      before.older = entry.older;
      entry.older = newest;
      trim(entry, 'older');
      this.records.set(record, entry);
      return entry;
    }
    return undefined;
  }

  private build(entity: StoredSchema, key: string, pk: string, record: EntityRecord): EntityEntry {
    const output = entity.fromJS(record);
    const older = this.records.get(record);
    const entry: EntityEntry = { entity, key, pk, record, output, children: undefined, checkedTables: this.tables, fresh: true, checking: false, older };
    if (older !== undefined) trim(entry, 'older');
    // registered before its fields are filled, so a cycle back to it finds this instance
    this.records.set(record, entry);
    if (this.buildDepth >= MAX_NESTING) this.unfilled.push(entry);
    else this.fill(entry);
    return entry;
  }

  private fill(entry: EntityEntry): void {
    const outer = this.building;
    this.building = entry;
    this.buildDepth++;
    try {
      entry.entity.denormalizeFields(entry.output as object, entry.record as EntityRecord, this);
    } finally {
      this.building = outer;
      this.buildDepth--;
    }
  }

  /**
   * Whether an entry still matches the tables: its record and, recursively, every record it
   * contains. Checked once per tables object, depth-first with an explicit stack (graphs may be
   * deeper than the call stack). An answer reached through a cycle is provisional: if the entry
   * the check started from turns out stale, every provisional answer is withdrawn.
   */
  private isFresh(root: EntityEntry): boolean {
    const tables = this.tables;
    if (root.checkedTables === tables) return root.fresh;
    const open = (entry: EntityEntry) => {
      entry.checkedTables = tables;
      entry.checking = true;
      entry.fresh = getOwn(tables[entry.key], entry.pk) === entry.record;
      stack.push(entry);
      positions.push(0);
    };
    const stack: EntityEntry[] = [];
    const positions: number[] = [];
    const provisional: EntityEntry[] = [];
    let sawCycle = false;
    open(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as EntityEntry;
      const position = positions[positions.length - 1] as number;
      const children = top.children;
      if (top.fresh && children !== undefined && position < children.length) {
        positions[positions.length - 1] = position + 1;
        const child = children[position] as EntityEntry;
        if (child.checkedTables !== tables) open(child);
        else {
          if (child.checking) sawCycle = true;
          if (!child.fresh) top.fresh = false;
        }
        continue;
      }
      top.checking = false;
      stack.pop();
      positions.pop();
      if (sawCycle && top.fresh) provisional.push(top);
      const parent = stack[stack.length - 1];
      if (!top.fresh && parent !== undefined) parent.fresh = false;
    }
    if (!root.fresh) for (const entry of provisional) entry.fresh = false;
    return root.fresh;
  }
}

function missingEntry(entity: StoredSchema, key: string, pk: string, tables: EntityTables): EntityEntry {
  return { entity, key, pk, record: undefined, output: undefined, children: undefined, checkedTables: tables, fresh: true, checking: false, older: undefined };
}

function unchanged(entry: TopEntry, tables: EntityTables): boolean {
  if (entry.tables === tables) return true;
  for (let i = 0; i < entry.keys.length; i++) if (tables[entry.keys[i] as string] !== entry.refs[i]) return false;
  return true;
}
