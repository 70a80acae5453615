import type { EntityIndexes, EntityTables, QueryDelegate } from '../../schema/interface.js';
import { getOwn } from '../../utils/ownProperty.js';

/** Read access for `queryKey`: records and index entries. */
export function queryDelegate(tables: EntityTables, indexes: EntityIndexes): QueryDelegate {
  return {
    getEntity: (key, pk) => getOwn(tables[key], pk),
    getIndex: (key, field, value) => getOwn(getOwn(getOwn(indexes, key), field), value),
  };
}
