import type { EntityTables } from '../../schema/interface.js';
import { isStoredSchema } from '../../schema/isStoredSchema.js';
import { stableStringify } from '../../utils/stableStringify.js';
import { collectTableKeys } from '../collectTableKeys.js';
import { keepIdentity } from '../keepIdentity.js';
import { toSchemaClass } from '../shorthand.js';
import { trimHistory, type EntityEntry } from './EntityEntry.js';
import { EntryMap } from './EntryMap.js';
import { MemoRead } from './MemoRead.js';
import { objectId } from './objectId.js';

/** One top-level read and the tables it depends on, by number (never by reference). */
interface TopEntry {
  readonly schema: object;
  readonly argsKey: string;
  /** The tables object it was last found current for (`objectId`). */
  generation: number;
  readonly keys: readonly string[];
  /** `objectId` of each table in `keys` when it was read. */
  readonly tableIds: readonly number[];
  readonly output: unknown;
  /** The entries `output` is made of, and the entry map's `retired` count when they were read. */
  readonly roots: readonly EntityEntry[];
  /** The instances kept alone that `output` holds, as pairs: a record, then its instance. */
  readonly bare: readonly object[];
  readonly retired: number;
  /** Earlier reads, newest first, so returning to their tables (a rollback) returns their very output. */
  previous: TopEntry | undefined;
}

/**
 * Memoized denormalization, built to live as long as the store. Entities are cached by their stored
 * record (records are immutable and keep their reference while unchanged), so an entity is rebuilt
 * only when its record or a record it contains changes; everything else keeps its identity. A
 * top-level read is also cached on the tables its schema can reach: when none of them changed, the
 * previous result comes back at once.
 *
 * Memory: nothing here keeps an old version of the store alive. Entries remember the tables they
 * were checked against by number (`objectId`), not by reference, and an entry goes when its record
 * does (`EntryMap`). Beyond the records still stored, the memo keeps a short history per record
 * and per top-level read (`HISTORY`), so a rollback returns its objects.
 *
 * @see README.md#first-use
 */
export class MemoCache {
  private readonly entries = new EntryMap();
  private readonly tops = new WeakMap<object, TopEntry>();

  /**
   * Reads `input` (a normalized result) back into instances, from `tables`.
   * @param schema the schema `input` was normalized with
   * @param input the normalized result (ignored by table-listing schemas such as `schema.All`)
   * @param tables the entity tables, `tables[key][pk]`
   * @param args the read's arguments (used by `schema.Query`)
   * @returns the same object as last time when nothing it contains changed
   */
  denormalize(schema: unknown, input: unknown, tables: EntityTables, args: readonly unknown[] = []): unknown {
    const schemaClass = toSchemaClass(schema);
    if (schemaClass === undefined) return input;
    this.entries.retireFull();
    const generation = objectId(tables);
    // a listing keys its memo by what it lists (equal Alls share it); any other read by its input
    const listing = schemaClass.readsTables === true;
    const identity: object = (listing && schemaClass.listToken) || schemaClass;
    const holder = listing ? identity : typeof input === 'object' && input !== null ? input : undefined;
    if (holder === undefined) {
      const read = new MemoRead(this.entries, tables, generation, args);
      const output = read.read(schemaClass, input);
      // one entity by its primary key: nothing else remembers what this read returned
      if (isStoredSchema(schemaClass)) this.entries.tenure(read.roots, read.bare);
      return output;
    }
    const argsKey = args.length === 0 ? '' : stableStringify(args);
    const latest = this.tops.get(holder);
    const same = latest !== undefined && latest.schema === identity;
    if (same) {
      let before: TopEntry | undefined;
      for (let entry: TopEntry | undefined = latest; entry !== undefined; before = entry, entry = entry.previous) {
        if (entry.argsKey !== argsKey || !unchanged(entry, tables, generation)) continue;
        entry.generation = generation;
        if (before !== undefined) {
          // an earlier read matches again (a rollback): it becomes the latest
          before.previous = entry.previous;
          entry.previous = latest;
          trimHistory(entry, 'previous');
          this.tops.set(holder, entry);
        }
        return entry.output;
      }
      // the entries of the last read may have left the young maps since: keep them findable, so
      // what did not change comes back as the very same objects (earlier reads need no entries:
      // returning to their tables returns their output as it is)
      if (this.entries.retired >= latest.retired + 2) this.entries.tenure(latest.roots, latest.bare);
    }
    const read = new MemoRead(this.entries, tables, generation, args);
    let output = read.read(schemaClass, input);
    if (same) output = keepIdentity(latest.output, output);
    const keys = collectTableKeys(schemaClass);
    const tableIds = keys.map((key) => objectId(tables[key]));
    const entry: TopEntry = {
      schema: identity,
      argsKey,
      generation,
      keys,
      tableIds,
      output,
      roots: read.roots,
      bare: read.bare,
      retired: this.entries.retired,
      previous: same ? latest : undefined,
    };
    trimHistory(entry, 'previous');
    this.tops.set(holder, entry);
    return output;
  }
}

function unchanged(entry: TopEntry, tables: EntityTables, generation: number): boolean {
  if (entry.generation === generation) return true;
  for (let i = 0; i < entry.keys.length; i++)
    if (objectId(tables[entry.keys[i] as string]) !== entry.tableIds[i]) return false;
  return true;
}
