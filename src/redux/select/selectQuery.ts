import { createSelector } from 'reselect';
import type { Denormalize } from '../../schema/types.js';
import type { CountingSelector } from './selectResponse.js';
import type { MountPoint } from '../mountPoint.js';
import { buildQueryInput } from './buildQueryInput.js';
import { tableInputs } from './tableInputs.js';
import { perStoreMemo } from './perStoreMemo.js';

/**
 * Builds `selectQuery(queryable, ...args)`: a memoized selector reading from the store alone (no
 * request): `schema.All` lists every cached entity, an Entity finds one by primary key or indexed
 * field, `schema.Query` derives. Recomputes only when a table the schema reads changes
 * (`selector.recomputations()` counts it).
 */
export function buildSelectQuery(mount: MountPoint) {
  return function selectQuery<S>(
    queryable: S,
    ...args: readonly unknown[]
  ): CountingSelector<Denormalize<S> | undefined> {
    const { keys, selectors, indexSelectors, toTables, toIndexes } = tableInputs(mount, queryable);
    return createSelector(
      [...selectors, ...indexSelectors],
      (...values): Denormalize<S> | undefined => {
        const tables = toTables(values);
        const { found, input } = buildQueryInput(queryable, args, tables, toIndexes(values.slice(keys.length)), keys);
        if (!found && !(queryable as { readsTables?: boolean }).readsTables) return undefined;
        return mount.memo.denormalize(queryable, input, tables, args) as Denormalize<S>;
      },
      // a cache per store (see perStoreMemo), not one entry shared by every store
      perStoreMemo,
    ) as unknown as CountingSelector<Denormalize<S> | undefined>;
  };
}
