import type { EntityIndexes, EntityTables } from '../schema/interface.js';
import { collectTableKeys } from '../normalizr/collectTableKeys.js';
import type { EntitiesInstance } from './instance.js';

/**
 * Input selectors for exactly the tables a schema can read, so a selector recomputes only when one
 * of them changes, plus a function that turns their values back into a tables object.
 */
export function tableInputs(instance: EntitiesInstance, schema: unknown) {
  const keys = collectTableKeys(schema);
  const selectors = keys.map((key) => (state: unknown) => instance.selectSlice(state).entities[key]);
  /** The tables object the memo reads, from the input selectors' values. */
  const toTables = (tables: readonly unknown[]): EntityTables => {
    const view: Record<string, EntityTables[string]> = {};
    keys.forEach((key, i) => {
      view[key] = tables[i] as EntityTables[string];
    });
    return view;
  };
  return { keys, selectors, toTables };
}

/** Selects the indexes of the slice (read by queries on indexed fields). */
export function indexesInput(instance: EntitiesInstance) {
  return (state: unknown): EntityIndexes => instance.selectSlice(state).indexes;
}
