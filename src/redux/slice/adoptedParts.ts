import { describeType } from '../../utils/describeValue.js';
import { isRecord } from '../../utils/isRecord.js';
import { jsonProblem } from '../../utils/jsonProblem.js';
import { copyTable, createTable, getOwn, setOwn } from '../../utils/ownProperty.js';
import { metaProblem, timeProblem } from './clockSkew.js';
import { metaIndex } from './metaStamps.js';
import { swept } from './removeRecords.js';
import type { EntitiesState } from './state.js';
import { isPaged, recordsOf, withWrites } from '../../storage/table.js';
import { isArray } from '../../utils/isArray.js';

/**
 * A slice state that came from elsewhere (`preloadedState`, a rehydration), its committed tables
 * as its only tables, without the parts this store cannot keep, each dropped alone while the rest
 * is kept: a record that is not a plain object of JSON data, with its meta and index entries; a
 * write (meta stamp) or a call whose times are not finite or start more than `MAX_CLOCK_SKEW`
 * ahead of `now` (`metaProblem`), with the records that write wrote, or the call's result; a result
 * that is not JSON data; and, in a state with optimistic layers but no committed tables, the
 * records the layers wrote (never confirmed). A bad `lastReset` becomes 0. The tables' shape was
 * checked before (`adoptState`).
 *
 * @param now this store's clock (epoch ms)
 * @returns the state and what was dropped, for the development warning (empty in production)
 */
export function withoutBadParts(state: EntitiesState, now: number): { state: EntitiesState; dropped: string[] } {
  const dropped: string[] = [];
  const bad = (what: string, problem: string | undefined): boolean => {
    // named in development only (`checkedState` warns there)
    if (process.env.NODE_ENV !== 'production' && problem !== undefined) dropped.push(`${what} (${problem})`);
    return problem !== undefined;
  };
  const entry = (key: string): unknown => getOwn(state.meta, key);
  const keys = [...new Set([...Object.keys(state.meta), ...Object.keys(state.endpoints)])].filter((key) =>
    bad(
      `the call ${key}`,
      (isRecord(entry(key)) ? metaProblem(entry(key) as object, now) : 'its meta is not an object') ??
        jsonProblem(getOwn(state.endpoints, key), 'result'),
    ),
  );

  const tables = state.committed ?? state;
  const records = createTable<string[]>();
  const drop = (kind: string, pk: string, problem: string | undefined) => {
    const pks = getOwn(records, kind) ?? [];
    if (!pks.includes(pk) && bad(`${kind} ${JSON.stringify(pk)}`, problem)) setOwn(records, kind, [...pks, pk]);
  };
  const entitiesMeta = copyTable(tables.entitiesMeta);
  let stampsDropped = false;
  for (const kind of Object.keys(tables.entitiesMeta)) {
    const pages = tables.entitiesMeta[kind] ?? [];
    const owners = metaIndex(pages);
    // a list saved before the store kept its stamps in pages reads the same, and is kept as one page
    const stamps = pages.flat();
    const kept = stamps.filter((stamp) => {
      const problem =
        metaProblem(stamp.meta, now) ??
        (stamp.pks.every((pk) => typeof pk === 'string') ? undefined : 'a primary key is not a string');
      if (!bad(`a write of ${kind}`, problem)) return true;
      for (const pk of stamp.pks) if (owners.get(pk) === stamp) drop(kind, pk, 'that write wrote it');
      return false;
    });
    if (kept.length < stamps.length || !pages.every(Array.isArray)) {
      setOwn(entitiesMeta, kind, [kept]);
      stampsDropped = true;
    }
  }
  // a saved paged table is laid out again from its records: its locator is not trusted
  let entities = tables.entities;
  for (const kind of Object.keys(entities)) {
    const stored = entities[kind];
    const paged = isPaged(stored);
    const table = paged ? recordsOf(stored) : (stored ?? {});
    if (paged) entities = { ...entities, [kind]: withWrites(undefined, table, []) };
    for (const pk of Object.keys(table)) {
      const record: unknown = table[pk];
      drop(
        kind,
        pk,
        isRecord(record) && !isArray(record) ? jsonProblem(record, 'record') : `its record is ${describeType(record)}`,
      );
    }
  }
  // with no committed tables, what the layers wrote is all there is of those records
  if (state.committed === undefined) {
    for (const layer of state.optimistic) {
      const written = isRecord(layer) && isRecord(layer.entities) ? layer.entities : {};
      for (const kind of Object.keys(written)) {
        for (const pk of Object.keys(written[kind] ?? {})) drop(kind, pk, 'an optimistic update wrote it, unconfirmed');
      }
    }
  }
  const reset = timeProblem(state.lastReset, now);
  const { committed: _committed, ...rest } = state;
  const kept: EntitiesState = {
    ...rest,
    entities,
    entitiesMeta: stampsDropped ? entitiesMeta : tables.entitiesMeta,
    indexes: tables.indexes,
    lastReset: bad('lastReset', reset && `it ${reset}; now 0`) ? 0 : state.lastReset,
  };
  return { state: swept(kept, { keys, records }), dropped };
}
