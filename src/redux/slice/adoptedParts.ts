import type { EntityIndexes, EntityTables, MetaStamp } from '../../schema/interface.js';
import { describeType } from '../../utils/describeValue.js';
import { isPlainObject } from '../../utils/isPlainObject.js';
import { isRecord } from '../../utils/isRecord.js';
import { jsonProblem } from '../../utils/jsonProblem.js';
import { copyTable, getOwn, setOwn } from '../../utils/ownProperty.js';
import { metaProblem, timeProblem } from './clockSkew.js';
import { metaIndex, removeMeta } from './metaStamps.js';
import type { CommittedTables, EntitiesState } from './state.js';

type Table<T> = { [name: string]: T };

/**
 * A slice state that came from elsewhere (`preloadedState`, a rehydration) without the parts this
 * store cannot keep, each dropped alone while the rest is kept: a record that is not a plain object
 * of JSON data, with its meta and index entries; a write (meta stamp) or a call whose times are not
 * finite or start more than `MAX_CLOCK_SKEW` ahead of `now` (`metaProblem`), with the records that
 * write wrote, or the call's result; a result that is not JSON data; and, in a state with
 * optimistic layers but no committed tables, the records the layers wrote (never confirmed). A bad
 * `lastReset` becomes 0. The tables' shape was checked before (`adoptState`).
 *
 * @param now this store's clock (epoch ms)
 * @returns the state (itself when nothing is dropped) and what was dropped, for a message
 */
export function withoutBadParts(state: EntitiesState, now: number): { state: EntitiesState; dropped: string[] } {
  const dropped: string[] = [];
  let next = state;
  const reset = timeProblem(state.lastReset, now);
  if (reset !== undefined) {
    dropped.push(`lastReset (it ${reset}; now 0)`);
    next = { ...next, lastReset: 0 };
  }

  const badCalls = [...new Set([...Object.keys(state.meta), ...Object.keys(state.endpoints)])].filter((key) => {
    const entry = getOwn(state.meta, key);
    const problem =
      (entry === undefined || isRecord(entry) ? metaProblem(entry ?? {}, now) : 'its meta is not an object') ??
      jsonProblem(getOwn(state.endpoints, key), 'result');
    if (problem !== undefined) dropped.push(`the call ${key} (${problem})`);
    return problem !== undefined;
  });
  if (badCalls.length > 0) {
    const meta = copyTable(state.meta);
    const endpoints = copyTable(state.endpoints);
    for (const key of badCalls) {
      delete meta[key];
      delete endpoints[key];
    }
    next = { ...next, meta, endpoints };
  }

  const tables = tablesWithout(state, now, dropped);
  if (tables !== undefined)
    next = state.committed === undefined ? { ...next, ...tables } : { ...next, committed: tables };
  return { state: next, dropped };
}

/** The committed tables without the bad records and writes (`undefined` when none is). */
function tablesWithout(state: EntitiesState, now: number, dropped: string[]): CommittedTables | undefined {
  const tables = state.committed ?? state;
  const bad = new Map<string, Set<string>>();
  const drop = (kind: string, pk: string, why: string) => {
    const pks = bad.get(kind) ?? new Set<string>();
    if (!pks.has(pk)) dropped.push(`${kind} ${JSON.stringify(pk)} (${why})`);
    bad.set(kind, pks.add(pk));
  };
  const entitiesMeta: Table<readonly MetaStamp[] | undefined> = { ...tables.entitiesMeta };
  let stampsDropped = false;
  for (const kind of Object.keys(tables.entitiesMeta)) {
    const stamps = tables.entitiesMeta[kind] ?? [];
    const owners = metaIndex(stamps);
    const kept = stamps.filter((stamp) => {
      const problem =
        metaProblem(stamp.meta, now) ??
        (stamp.pks.every((pk) => typeof pk === 'string') ? undefined : 'a primary key is not a string');
      if (problem === undefined) return true;
      dropped.push(`a write of ${kind} (${problem})`);
      for (const pk of stamp.pks) if (owners.get(pk) === stamp) drop(kind, pk, 'that write wrote it');
      return false;
    });
    if (kept.length === stamps.length) continue;
    entitiesMeta[kind] = kept;
    stampsDropped = true;
  }
  for (const kind of Object.keys(tables.entities)) {
    const table = tables.entities[kind] ?? {};
    for (const pk of Object.keys(table)) {
      const record = table[pk];
      const problem =
        isRecord(record) && !Array.isArray(record) && isPlainObject(record)
          ? jsonProblem(record, 'record')
          : `its record is ${describeType(record)}`;
      if (problem !== undefined) drop(kind, pk, problem);
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
  if (bad.size === 0 && !stampsDropped) return undefined;

  const entities: Table<EntityTables[string]> = { ...tables.entities };
  const indexes: Table<EntityIndexes[string]> = { ...tables.indexes };
  const gone: Table<readonly string[]> = {};
  for (const [kind, pks] of bad) {
    setOwn(gone, kind, [...pks]);
    const table = copyTable(getOwn(entities, kind));
    for (const pk of pks) delete table[pk];
    setOwn(entities, kind, table);
    // an entry naming a dropped record would name it again once it is written with another value
    const fields = getOwn(indexes, kind);
    if (fields === undefined) continue;
    const kept: Table<Table<string | undefined>> = {};
    for (const field of Object.keys(fields)) {
      const entries = copyTable(fields[field]);
      for (const value of Object.keys(entries)) if (pks.has(entries[value] as string)) delete entries[value];
      kept[field] = entries;
    }
    setOwn(indexes, kind, kept);
  }
  return { entities, entitiesMeta: removeMeta(entitiesMeta, gone), indexes };
}
