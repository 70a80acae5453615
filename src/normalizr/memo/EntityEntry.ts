import type { EntityRecord, StoredSchema } from '../../schema/interface.js';

/**
 * One denormalized entity and what it was built from. An entry holds no tables: freshness is
 * remembered by the generation of the tables it was last checked against (a number), so an entry
 * that is never read again pins nothing but its own record, output and children.
 *
 * An entity that read no other while it was built, and was read outside any other entity (a row
 * of a flat list), needs none of this: it is fresh whenever its record is the stored one, which is
 * how it is found. The memo keeps such an entity as its instance alone (`EntryMap`), and makes an
 * entry for it only when another entity comes to hold it.
 */
export class EntityEntry {
  /** Entries read while building this one (its nested fields), in order: one alone, or an array. */
  children: EntityEntry | EntityEntry[] | undefined = undefined;
  /** True while a freshness check is inside this entry (a cycle leads back to it). */
  checking = false;

  constructor(
    /** Its schema; `entity.key` names its table. */
    readonly entity: StoredSchema,
    readonly pk: string,
    /** The record it was built from; `undefined` records that the entity was missing. */
    readonly record: EntityRecord | undefined,
    readonly output: object | undefined,
    /** The generation of the tables of the last freshness check (0: never checked). */
    public checkedAt: number,
    /** The answer of that check. */
    public fresh: boolean,
    /** Earlier entries of the same record, newest first: a rollback finds its objects again. */
    public older: EntityEntry | undefined,
  ) {}
}

/** How many results are kept per record and per top-level read. */
export const HISTORY = 4;

/** Cuts a newest-first chain after `HISTORY` links. */
export function trimHistory<T extends { [K in L]: T | undefined }, L extends string>(head: T, link: L): void {
  let node: T | undefined = head;
  for (let kept = 1; node !== undefined && kept < HISTORY; kept++) node = node[link];
  if (node !== undefined) node[link] = undefined as T[L];
}

/** How many entries `entry` holds. */
export function childCount(entry: EntityEntry): number {
  const { children } = entry;
  return children === undefined ? 0 : Array.isArray(children) ? children.length : 1;
}

/** The `index`th entry `entry` holds. */
export function childAt(entry: EntityEntry, index: number): EntityEntry {
  const { children } = entry;
  return (Array.isArray(children) ? children[index] : children) as EntityEntry;
}

/** Records that `parent` holds `child` (read while building it). */
export function addChild(parent: EntityEntry, child: EntityEntry): void {
  const { children } = parent;
  if (children === undefined) parent.children = child;
  else if (Array.isArray(children)) children.push(child);
  else parent.children = [children, child];
}
