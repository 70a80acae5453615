import type { EntityTables } from '../../schema/interface.js';
import { getOwn } from '../../utils/ownProperty.js';
import { childAt, childCount, type EntityEntry } from './EntityEntry.js';

/**
 * Whether an entry still matches `tables`: its record and, recursively, every record it contains.
 * Checked once per generation of tables, depth-first with an explicit stack (graphs may be deeper
 * than the call stack). An answer reached through a cycle is provisional: if the entry the check
 * started from turns out stale, every provisional answer is withdrawn.
 */
export function isFresh(root: EntityEntry, tables: EntityTables, generation: number): boolean {
  if (root.checkedAt === generation) return root.fresh;
  const stack: EntityEntry[] = [];
  const positions: number[] = [];
  const provisional: EntityEntry[] = [];
  let sawCycle = false;
  const open = (entry: EntityEntry) => {
    entry.checkedAt = generation;
    entry.checking = true;
    entry.fresh = getOwn(tables[entry.entity.key], entry.pk) === entry.record;
    stack.push(entry);
    positions.push(0);
  };
  open(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as EntityEntry;
    const position = positions[positions.length - 1] as number;
    if (top.fresh && position < childCount(top)) {
      positions[positions.length - 1] = position + 1;
      const child = childAt(top, position);
      if (child.checkedAt !== generation) open(child);
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
