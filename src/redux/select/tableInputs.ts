import type { EntityIndexes } from '../../schema/interface.js';
import { collectTableKeys, walkSchemas } from '../../normalizr/collectTableKeys.js';
import { claimEntityKey } from '../../schema/claimEntityKey.js';
import { entityKey } from '../../schema/entityKey.js';
import { isEntityClass } from '../../schema/isEntityClass.js';
import type { MountPoint } from '../mountPoint.js';
import type { StoredTables } from '../../storage/table.js';

/**
 * Input selectors for exactly the tables (and indexes) a schema can read, so a selector recomputes
 * only when one of them changes, plus functions that turn their values back into the objects the
 * memo and queries read. In development, two classes declaring one key in this slice throw here
 * (`claimEntityKey`), where a schema is first read.
 */
export function tableInputs(mount: MountPoint, schema: unknown) {
  const keys = collectTableKeys(schema);
  if (process.env.NODE_ENV !== 'production') {
    walkSchemas(schema, (item) => {
      if (isEntityClass(item)) claimEntityKey(mount, entityKey(item), item);
    });
  }
  const selectors = keys.map((key) => (state: unknown) => mount.selectSlice(state).entities[key]);
  const indexSelectors = keys.map((key) => (state: unknown) => mount.selectSlice(state).indexes[key]);
  // the values of `selectors` (or `indexSelectors`), by key
  const byKey = (values: readonly unknown[]) => Object.fromEntries(keys.map((key, i) => [key, values[i]]));
  return {
    keys,
    selectors,
    indexSelectors,
    /** The tables object the memo reads, from the values of `selectors`. */
    toTables: byKey as (values: readonly unknown[]) => StoredTables,
    /** The indexes a query reads, from the values of `indexSelectors`. */
    toIndexes: byKey as (values: readonly unknown[]) => EntityIndexes,
  };
}
