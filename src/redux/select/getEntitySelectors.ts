import { createSelector } from 'reselect';
import { All } from '../../schema/All.js';
import { entityKey } from '../../schema/entityKey.js';
import type { EntitySchema, EntityTable } from '../../schema/interface.js';
import { isEntityClass } from '../../schema/isEntityClass.js';
import { assignTable, createTable, setOwn } from '../../utils/ownProperty.js';
import type { Denormalize } from '../../schema/types.js';
import type { MountPoint } from '../mountPoint.js';
import { tableInputs } from './tableInputs.js';
import { perStoreMemo } from './perStoreMemo.js';
import { keysOf, recordOf, recordsOf } from '../../storage/table.js';

/**
 * `createEntityAdapter`-style selectors over every cached entity of one kind (or of an All's kinds).
 *
 * @see docs/guide/getting-started.md#your-first-store
 */
export interface EntitySelectors<T> {
  /** Every cached entity, as `schema.All` lists them. */
  selectAll(state: unknown): T[];
  /** The entity with this primary key, or `undefined`. */
  selectById(state: unknown, id: string | number): T | undefined;
  /** Every primary key, in the order of `selectAll`. */
  selectIds(state: unknown): string[];
  /** How many entities are cached. */
  selectTotal(state: unknown): number;
  /** The entities by primary key (a prototype-free object). */
  selectEntities(state: unknown): { readonly [id: string]: T };
  /**
   * The stored records (plain data, nested entities as their keys) by primary key, as one flat plain
   * object whatever the slice's layout of large tables: for inspection and tests.
   */
  selectRecords(state: unknown): EntityTable;
}

type ItemOf<S> = S extends abstract new (...args: any[]) => infer I
  ? I
  : Denormalize<S> extends (infer I)[]
    ? I
    : never;

/**
 * Builds `getEntitySelectors(EntityOrAll)`: memoized selectors with the names RTK's entity adapter
 * uses. Each recomputes only when one of its tables changes.
 */
export function buildGetEntitySelectors(mount: MountPoint) {
  return function getEntitySelectors<S extends EntitySchema | All<any>>(source: S): EntitySelectors<ItemOf<S>> {
    const all = isEntityClass(source) ? new All(source as never) : (source as All);
    const entities = all.entities();
    const { selectors, toTables } = tableInputs(mount, all);
    // a result per store and per tables (see perStoreMemo), so a rolled-back optimistic update selects the very objects of before
    const options = perStoreMemo;
    const selectTables = createSelector(selectors, (...tables) => toTables(tables), options);
    const selectAll = createSelector(
      [selectTables],
      (tables) => mount.memo.denormalize(all, undefined, tables) as ItemOf<S>[],
      options,
    );
    const selectIds = createSelector(
      [selectTables],
      (tables) => entities.flatMap((entity) => keysOf(tables[entityKey(entity)])),
      options,
    );
    const selectEntities = createSelector(
      [selectAll, selectIds],
      (list, ids) => {
        const byId = createTable<ItemOf<S>>();
        ids.forEach((id, i) => {
          setOwn(byId, id, list[i] as ItemOf<S>);
        });
        return byId;
      },
      options,
    );
    const selectById = createSelector(
      [selectTables, (_state: unknown, id: string | number) => `${id}`],
      (tables, id) => {
        for (const entity of entities) {
          if (recordOf(tables[entityKey(entity)], id) !== undefined)
            return mount.memo.denormalize(entity, id, tables) as ItemOf<S>;
        }
        return undefined;
      },
      options,
    );
    return {
      selectAll,
      selectById,
      selectIds,
      selectTotal: createSelector([selectIds], (ids) => ids.length, options),
      selectEntities,
      selectRecords: createSelector(
        [selectTables],
        (tables) =>
          entities.reduce(
            (records, entity) => assignTable(records, recordsOf(tables[entityKey(entity)])),
            createTable<EntityTable[string]>(),
          ),
        options,
      ),
    };
  };
}
