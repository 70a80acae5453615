import { isPlainObject } from '../../utils/isPlainObject.js';
import { warnOnce } from '../../utils/devWarning.js';
import { withoutBadParts } from './adoptedParts.js';
import { buildInitialState, type EntitiesState } from './state.js';
import { isArray } from '../../utils/isArray.js';
import { isRecord } from '../../utils/isRecord.js';

/**
 * A slice state that arrived from elsewhere (`preloadedState` from a server render or another
 * store, redux-persist's rehydration, a state saved anywhere), as this store can keep it: the
 * `adopt` check of `rtk-entities/rehydrate`. The reducer then drops the requests in flight and
 * optimistic layers it shows (`adoptState`).
 *
 * A value that is not a slice state of this version (a string, another shape, an older version's
 * shape) is reported in development (`console.error`) naming the slice, and the slice starts empty:
 * the store keeps working, and the next action does not crash on it. Within a slice state, each
 * part this store cannot keep (a record that is not a plain object of JSON data, a write or call
 * whose times are not finite or start more than `MAX_CLOCK_SKEW` ahead, a result that is not JSON:
 * `withoutBadParts`) is dropped alone, the rest kept, and a development warning names it.
 *
 * @param state the state as it arrived
 * @param reducerPath names the slice in messages
 */
export function checkedState(state: unknown, reducerPath: string): EntitiesState {
  const problem = shapeProblem(state);
  if (problem !== undefined) {
    if (process.env.NODE_ENV !== 'production')
      console.error(
        `rtk-entities: the state given to the '${reducerPath}' slice (preloadedState or a rehydration) is not one ` +
          `this version of rtk-entities made: ${problem}. The slice starts empty; clear the saved state ` +
          `(for redux-persist, raise its version or purge it) to stop seeing this.`,
      );
    return buildInitialState();
  }
  // the wall clock: a reducer has no other (the middleware's `now` belongs to one store)
  const { state: kept, dropped } = withoutBadParts(state as EntitiesState, Date.now());
  if (process.env.NODE_ENV !== 'production' && dropped.length > 0) {
    const named = dropped.slice(0, 5).join('; ') + (dropped.length > 5 ? `; and ${dropped.length - 5} more` : '');
    warnOnce(
      `adopt:${reducerPath}:${named}`,
      `the state given to the '${reducerPath}' slice (preloadedState or a rehydration) held parts this store cannot ` +
        `keep, dropped while the rest is kept: ${named}. What was dropped is fetched again when read.`,
    );
  }
  return kept;
}

/** Whether `value` is a plain object (not null, not an array). */
function isObject(value: unknown): value is { readonly [field: string]: unknown } {
  return isRecord(value) && isPlainObject(value);
}

/**
 * What is wrong with `tables` (entities, their meta stamps, indexes) as the slice holds them, or
 * `undefined`. Every description here is printed in development only: production keeps none of their
 * text, only that something is wrong (`NOT_KEPT`).
 */
function tablesProblem(tables: { readonly [field: string]: unknown }, where: string): string | undefined {
  for (const field of ['entities', 'entitiesMeta', 'indexes'] as const) {
    const byKind = tables[field];
    if (!isObject(byKind))
      return process.env.NODE_ENV !== 'production' ? `its ${where}'${field}' is not an object` : NOT_KEPT;
    for (const kind of Object.keys(byKind)) {
      const value = byKind[kind];
      if (field === 'entitiesMeta') {
        const stamps = isArray(value) ? (value as unknown[]) : undefined;
        // in pages, or (saved before pages) a flat list
        const wrong = stamps?.flat().find((stamp) => !isObject(stamp) || !isObject(stamp.meta) || !isArray(stamp.pks));
        if (stamps === undefined || wrong !== undefined)
          return process.env.NODE_ENV !== 'production'
            ? `its ${where}entitiesMeta for '${kind}' is not a list of writes`
            : NOT_KEPT;
      } else if (!isObject(value) || (field === 'indexes' && !Object.values(value).every(isObject))) {
        return process.env.NODE_ENV !== 'production' ? `its ${where}${field} for '${kind}' is not a table` : NOT_KEPT;
      }
    }
  }
  return undefined;
}

/** What is wrong with `state` as a slice state, or `undefined` when nothing is (described in development only). */
function shapeProblem(state: unknown): string | undefined {
  if (!isObject(state)) {
    return process.env.NODE_ENV !== 'production'
      ? `it is ${state === null ? 'null' : isArray(state) ? 'an array' : `a ${typeof state}`}, not an object`
      : NOT_KEPT;
  }
  for (const field of ['endpoints', 'meta'] as const) {
    if (!isObject(state[field]))
      return process.env.NODE_ENV !== 'production' ? `its '${field}' is not an object` : NOT_KEPT;
  }
  if (!isArray(state.optimistic))
    return process.env.NODE_ENV !== 'production' ? "its 'optimistic' is not an array" : NOT_KEPT;
  const problem = tablesProblem(state, '');
  if (problem !== undefined || state.committed === undefined) return problem;
  if (isObject(state.committed)) return tablesProblem(state.committed, 'committed ');
  return process.env.NODE_ENV !== 'production' ? "its 'committed' is not an object" : NOT_KEPT;
}

/** A problem as production gives it: no description (nothing prints it there). */
const NOT_KEPT = '';
