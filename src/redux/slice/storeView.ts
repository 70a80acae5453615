import type {
  EntityIndexes,
  EntityMeta,
  EntityMetaPages,
  EntityMetaStamps,
  StoreView,
} from '../../schema/interface.js';
import { deletionOf, latestMeta, metaOf } from './metaStamps.js';
import { keysOf, recordOf, type StoredTables } from '../../storage/table.js';

/**
 * What `normalize` reads of stored tables to merge a response into them: the state's, a previous
 * `normalize` result, or either rehydrated from JSON. Records keep their order of writes: a
 * response that started before a stored write does not overwrite it, and cannot revive a deletion.
 * A result lists only what it changed; to chain several, merge their records and concatenate their
 * stamps per kind, oldest first (a record's meta is that of the last stamp listing it).
 *
 * @example
 * ```ts
 * const first = normalize([User], page1);
 * const merged = normalize([User], page2, [], { store: storeView(first) });
 * ```
 * @param tables the records, their meta stamps (in the state's pages, or a flat list as `normalize` returns them)
 *   and (optionally) the indexes
 * @returns a view for `normalize(schema, input, args, { store })`
 * @see docs/reference/state-shape.md
 */
export function storeView(tables: {
  readonly entities: StoredTables;
  readonly entitiesMeta: EntityMetaPages | EntityMetaStamps;
  readonly indexes?: EntityIndexes;
}): StoreView & Required<Pick<StoreView, 'getMeta'>> {
  return {
    getEntity: (key, pk) => recordOf(tables.entities[key], pk),
    getPks: (key) => keysOf(tables.entities[key]),
    indexes: tables.indexes,
    // an absent record can only have a remembered deletion: no need to index every record's meta
    getMeta: (key, pk) =>
      recordOf(tables.entities[key], pk) === undefined
        ? deletionOf(tables.entitiesMeta, key, pk)
        : metaOf(tables.entitiesMeta, key, pk),
    latestMeta: (key) => latestMeta(tables.entitiesMeta[key]),
  };
}
