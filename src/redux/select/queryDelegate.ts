import type { EntityIndexes, QueryDelegate } from '../../schema/interface.js';
import { getOwn } from '../../utils/ownProperty.js';
import { recordOf, type StoredTables } from '../../storage/table.js';

/** Read access for `queryKey`: records and index entries. */
export function queryDelegate(tables: StoredTables, indexes: EntityIndexes): QueryDelegate {
  return {
    getEntity: (key, pk) => recordOf(tables[key], pk),
    getIndex: (key, field, value) => getOwn(getOwn(getOwn(indexes, key), field), value),
  };
}
