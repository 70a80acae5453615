import type { EntityRecord, EntityTables } from '../../schema/interface.js';
import { getOwn } from '../../utils/ownProperty.js';
import { MAX_STORED_DEPTH, jsonProblem } from '../../utils/jsonProblem.js';
import { isRecord } from '../../utils/isRecord.js';
import type { StoredTables } from '../../storage/table.js';
import { recordOf } from '../../storage/table.js';
import { isArray } from '../../utils/isArray.js';

/** What one response would store. */
export interface StoredWrites {
  readonly result: unknown;
  readonly entities: EntityTables;
}

/**
 * Refuses writes that would put data nested deeper than `MAX_STORED_DEPTH` into the state, where
 * every later dispatch would overflow the stack in development, and `JSON.stringify(state)` always.
 *
 * @param endpointName names the endpoint in the error
 * @throws TypeError naming the endpoint, the limit and where the deep data starts
 */
export function assertStorableDepth(writes: StoredWrites, endpointName: string): void {
  let where: string | undefined;
  if (deeperThan(writes.result, MAX_STORED_DEPTH)) where = `result${pathToDepth(writes.result)}`;
  for (const key in writes.entities) {
    const table = writes.entities[key];
    for (const pk in table) {
      if (where !== undefined) break;
      if (deeperThan(table[pk], MAX_STORED_DEPTH)) where = `${key} ${pk}${pathToDepth(table[pk])}`;
    }
  }
  if (where === undefined) return;
  throw new TypeError(
    `${endpointName}: the response holds data nested deeper than ${MAX_STORED_DEPTH} levels (at ${where})` +
      (process.env.NODE_ENV !== 'production'
        ? ", which the store cannot keep. Nothing of it was stored. Redux's development checks and JSON.stringify(state) overflow the stack on data that deep: flatten it in " +
          'process(), or give the nested parts an Entity schema (entities are stored flat).'
        : '.'),
  );
}

/**
 * Refuses the fields a write gives its records that are not plain JSON data (`jsonProblem`). A
 * pushed value (`ctrl.set`) is stored as it is given, so a BigInt, a function, a Date or a value
 * that contains itself would sit in the state, where `JSON.stringify(state)` throws or changes it:
 * persistence, server rendering and other tabs would break. A field the stored record already
 * holds (the same value) is not the write's, and is left alone.
 *
 * @param stored the records before the write, by kind and primary key
 * @param source names the write in the error, e.g. `ctrl.set(Todo)`
 * @throws TypeError naming the write, the record and the field, before anything is written
 */
export function assertJsonRecords(entities: EntityTables, stored: StoredTables, source: string): void {
  for (const key in entities) {
    const table = entities[key];
    for (const pk in table) {
      const record = table[pk] as EntityRecord;
      const before = recordOf(stored[key], pk);
      for (const field of Object.keys(record)) {
        const value = record[field];
        if (before !== undefined && getOwn(before, field) === value) continue;
        const problem = jsonProblem(value, `${key} ${JSON.stringify(pk)}.${field}`);
        if (problem === undefined) continue;
        throw new TypeError(
          `${source}: ${problem}` +
            (process.env.NODE_ENV !== 'production'
              ? ', which the state cannot keep as JSON. Nothing was written.'
              : '.'),
        );
      }
    }
  }
}

/** Whether objects nest more than `limit` deep in `value` (a value that contains itself does). Iterative: any depth. */
function deeperThan(value: unknown, limit: number): boolean {
  // most records are flat (nested entities are stored as keys): they are answered without the walk
  if (!isRecord(value) || !holdsObject(value)) return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  for (let next = values.pop(); next !== undefined; next = values.pop()) {
    const depth = depths.pop() as number;
    if (depth > limit) return true;
    for (const key in next) {
      const child = (next as Record<string, unknown>)[key];
      if (isRecord(child)) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** Whether a field of `value` is an object (so `value` nests at least two levels). */
function holdsObject(value: object): boolean {
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key];
    if (isRecord(child)) return true;
  }
  return false;
}

/** The first few field names on the way down to the deepest point: `.a.a.a.a.a…`. */
function pathToDepth(value: unknown): string {
  let path = '';
  let current = value;
  for (let step = 0; step < 5; step++) {
    if (!isRecord(current)) return path;
    const object = current;
    const key = Object.keys(object).find((name) => isRecord(object[name]));
    if (key === undefined) return path;
    path += isArray(object) ? `[${key}]` : `.${key}`;
    current = object[key];
  }
  return `${path}…`;
}
