import type { EntityIndexes, EntityMetaStamps, EntityTables, MetaStamp } from '../../schema/interface.js';
import { describeType } from '../../utils/describeValue.js';
import { isPlainObject } from '../../utils/isPlainObject.js';
import { isRecord } from '../../utils/isRecord.js';
import { jsonProblem } from '../../utils/jsonProblem.js';
import { copyTable, getOwn, setOwn } from '../../utils/ownProperty.js';
import { timeProblem } from './clockSkew.js';
import { metaIndex, removeMeta } from './metaStamps.js';
import type { CommittedTables, EntitiesState } from './state.js';

type Table<T> = { [name: string]: T };

/**
 * A slice state that came from elsewhere (`preloadedState`, a rehydration) without the parts this
 * store cannot keep, each dropped alone while the rest is kept: a record that is not plain JSON
 * data (`null`, a number, a value that contains itself, a BigInt), with its meta and index
 * entries; a write (meta stamp) whose times are not finite or start more than `MAX_CLOCK_SKEW`
 * ahead of `now` (`clockSkew.ts`), with the records it wrote; such a call's meta, with its result,
 * and a result that is not plain JSON data; the records optimistic updates wrote when the state
 * has no committed tables to fall back to (they were never confirmed); an index entry that names
 * no primary key. A `lastReset` that is not such a time becomes 0.
 *
 * The tables' shape is checked before (`adoptState`): here every table is an object, every list of
 * stamps an array of objects.
 *
 * @param now this store's clock (epoch ms)
 * @returns the state, the same object when nothing was dropped, and what was dropped, for a message
 */
export function withoutBadParts(
  state: EntitiesState,
  now: number,
): { readonly state: EntitiesState; readonly dropped: readonly string[] } {
  const dropped: string[] = [];
  let next = state;
  const resetProblem = timeProblem(state.lastReset, now);
  if (resetProblem !== undefined) {
    dropped.push(`its lastReset, which ${resetProblem} (now 0)`);
    next = { ...next, lastReset: 0 };
  }
  const calls = callsWithout(state, now, dropped);
  if (calls !== undefined) next = { ...next, ...calls };
  const unconfirmed = state.committed === undefined ? writtenByLayers(state.optimistic) : new Map();
  const tables = tablesWithout(state.committed ?? state, now, unconfirmed, dropped);
  if (tables !== undefined) {
    next = state.committed === undefined ? { ...next, ...tables } : { ...next, committed: tables };
  }
  return { state: next, dropped };
}

/** The calls' meta and results without the bad ones (`undefined` when none is). */
function callsWithout(
  state: EntitiesState,
  now: number,
  dropped: string[],
): Pick<EntitiesState, 'meta' | 'endpoints'> | undefined {
  const bad: string[] = [];
  for (const key of Object.keys(state.meta)) {
    const problem = callProblem(state.meta[key], now);
    if (problem !== undefined) (bad.push(key), dropped.push(`the call ${key}, whose ${problem}`));
  }
  for (const key of Object.keys(state.endpoints)) {
    const problem = jsonProblem(state.endpoints[key], 'result');
    if (problem !== undefined && !bad.includes(key)) (bad.push(key), dropped.push(`the call ${key}, whose ${problem}`));
  }
  if (bad.length === 0) return undefined;
  const meta = copyTable(state.meta);
  const endpoints = copyTable(state.endpoints);
  for (const key of bad) (delete meta[key], delete endpoints[key]);
  return { meta, endpoints };
}

/** What is wrong with one call's meta (`state.meta[key]`), or `undefined`. */
function callProblem(entry: unknown, now: number): string | undefined {
  if (typeof entry !== 'object' || entry === null) return 'meta is not an object';
  const { fetchedAt, date, expiresAt, seq } = entry as Table<unknown>;
  return (
    fieldProblem('fetchedAt', timeProblem(fetchedAt, now)) ??
    fieldProblem('date', timeProblem(date, now)) ??
    fieldProblem('expiresAt', timeProblem(expiresAt)) ??
    fieldProblem('seq', seq === undefined ? undefined : timeProblem(seq))
  );
}

/** The committed tables without the bad records, stamps and index entries (`undefined` when none is). */
function tablesWithout(
  tables: CommittedTables,
  now: number,
  unconfirmed: ReadonlyMap<string, ReadonlySet<string>>,
  dropped: string[],
): CommittedTables | undefined {
  const badRecords = new Map<string, Set<string>>();
  const badStamps = new Set<MetaStamp>();
  const dropRecord = (kind: string, pk: string, why: string) => {
    const pks = badRecords.get(kind) ?? new Set<string>();
    badRecords.set(kind, pks);
    if (pks.has(pk)) return;
    pks.add(pk);
    dropped.push(`${kind} ${JSON.stringify(pk)}, ${why}`);
  };
  for (const kind of Object.keys(tables.entitiesMeta)) {
    const stamps = tables.entitiesMeta[kind] ?? [];
    const owners = metaIndex(stamps);
    for (const stamp of stamps) {
      const problem = stampProblem(stamp, now);
      if (problem === undefined) continue;
      badStamps.add(stamp);
      dropped.push(`a write of ${kind}, whose ${problem}`);
      for (const pk of stamp.pks) if (owners.get(pk) === stamp) dropRecord(kind, pk, 'which that write wrote');
    }
  }
  for (const kind of Object.keys(tables.entities)) {
    const table = tables.entities[kind] ?? {};
    for (const pk of Object.keys(table)) {
      const problem = recordProblem(table[pk]);
      if (problem !== undefined) dropRecord(kind, pk, problem);
    }
  }
  for (const [kind, pks] of unconfirmed) {
    for (const pk of pks) dropRecord(kind, pk, 'written by an optimistic update the saving store had not confirmed');
  }
  const indexes = indexesWithout(tables.indexes, badRecords);
  if (badRecords.size === 0 && badStamps.size === 0 && indexes === tables.indexes) return undefined;
  const entitiesMeta: Table<readonly MetaStamp[] | undefined> = { ...tables.entitiesMeta };
  for (const kind of Object.keys(entitiesMeta)) {
    const stamps = entitiesMeta[kind] ?? [];
    if (stamps.some((stamp) => badStamps.has(stamp)))
      entitiesMeta[kind] = stamps.filter((stamp) => !badStamps.has(stamp));
  }
  const gone: Table<readonly string[]> = {};
  for (const [kind, pks] of badRecords) setOwn(gone, kind, [...pks]);
  return {
    entities: entitiesWithout(tables.entities, badRecords),
    entitiesMeta: removeMeta(entitiesMeta, gone),
    indexes,
  };
}

/** What is wrong with a stored record, or `undefined`: it must be a plain object of plain JSON data. */
function recordProblem(record: unknown): string | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record) || !isPlainObject(record))
    return `its record is ${describeType(record)}, not an object`;
  return jsonProblem(record, 'its record');
}

/** What is wrong with one meta stamp (a write), or `undefined`. */
function stampProblem(stamp: MetaStamp, now: number): string | undefined {
  const { fetchedAt, date, expiresAt, seq, deleted } = stamp.meta;
  return (
    fieldProblem('fetchedAt', timeProblem(fetchedAt, now)) ??
    fieldProblem('date', timeProblem(date, now)) ??
    fieldProblem('expiresAt', timeProblem(expiresAt)) ??
    fieldProblem('seq', seq === undefined ? undefined : timeProblem(seq)) ??
    (deleted === undefined || deleted === true ? undefined : 'deleted is neither true nor absent') ??
    (stamp.pks.every((pk) => typeof pk === 'string') ? undefined : 'primary keys are not all strings')
  );
}

function fieldProblem(field: string, problem: string | undefined): string | undefined {
  return problem === undefined ? undefined : `${field} ${problem}`;
}

/** The tables without the bad records. */
function entitiesWithout(entities: EntityTables, bad: ReadonlyMap<string, ReadonlySet<string>>): EntityTables {
  const next: Table<EntityTables[string]> = { ...entities };
  for (const [kind, pks] of bad) {
    const table = copyTable(getOwn(next, kind) ?? {});
    for (const pk of pks) delete table[pk];
    setOwn(next, kind, table);
  }
  return next;
}

/** The indexes without entries naming a bad record, or naming no primary key at all (the same object when none does). */
function indexesWithout(indexes: EntityIndexes, bad: ReadonlyMap<string, ReadonlySet<string>>): EntityIndexes {
  let next: Table<EntityIndexes[string]> | undefined;
  for (const kind of Object.keys(indexes)) {
    const fields = indexes[kind] ?? {};
    const gone = bad.get(kind);
    for (const field of Object.keys(fields)) {
      const entries = fields[field] ?? {};
      const kept = Object.keys(entries).filter((value) => {
        const pk: unknown = entries[value];
        return typeof pk === 'string' && gone?.has(pk) !== true;
      });
      if (kept.length === Object.keys(entries).length) continue;
      const table: Table<string | undefined> = copyTable({});
      for (const value of kept) setOwn(table, value, entries[value]);
      next ??= { ...indexes };
      setOwn(next, kind, { ...getOwn(next, kind), [field]: table });
    }
  }
  return next ?? indexes;
}

/** The primary keys, by kind, that optimistic layers wrote or deleted. */
function writtenByLayers(layers: EntitiesState['optimistic']): Map<string, Set<string>> {
  const written = new Map<string, Set<string>>();
  const add = (kind: string, pks: Iterable<string>) => {
    const set = written.get(kind) ?? new Set<string>();
    written.set(kind, set);
    for (const pk of pks) set.add(pk);
  };
  for (const layer of layers) {
    if (!isRecord(layer)) continue;
    const { entities, entitiesMeta } = layer as Partial<typeof layer>;
    for (const kind of isRecord(entities) ? Object.keys(entities) : []) add(kind, Object.keys(entities?.[kind] ?? {}));
    for (const kind of isRecord(entitiesMeta) ? Object.keys(entitiesMeta) : [])
      for (const stamp of entitiesMeta?.[kind] ?? []) add(kind, stamp.pks);
  }
  return written;
}
