/**
 * The slice reducer is pure, checked directly rather than through RTK's development check: a real
 * store runs a scenario that dispatches every kind of action the middleware makes (pending,
 * optimistic layers, fulfilled with merges, deletions and an index rename, rejected, settled,
 * invalidate, expire, sweep, reset); then each recorded action is applied again by the reducer
 * alone to the DEEP-FROZEN state it first met. A write to that state would throw (the library is
 * strict-mode code); the state must come out unchanged, and the result equal to what the store got.
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import nock from 'nock';
import { Entity, createResource, entitiesSlice } from '../../src/index';
import type { EntitiesState } from '../../src/index';
import { metaOf } from '../../src/redux/slice/metaStamps';
import { API, assertNetworkDone, deferred, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Member extends Entity {
  id = 0;
  username = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Member';
  static override indexes = ['username'];
}
const MemberResource = createResource({ urlPrefix: API, path: '/members/:id', schema: Member, optimistic: true });

/** Freezes `value` and everything it holds. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<string | symbol, unknown>)[key]);
  }
  return value;
}

interface Step {
  readonly action: UnknownAction;
  readonly before: EntitiesState;
  readonly after: EntitiesState;
}

/** Runs a scenario through a real store and records, per action of the slice, the state before and after. */
async function recordScenario(): Promise<Step[]> {
  const steps: Step[] = [];
  const recorder: Middleware = (api) => (next) => (action) => {
    const before = (api.getState() as { entities: EntitiesState }).entities;
    const result = next(action);
    if (typeof (action as UnknownAction).type === 'string' && (action as UnknownAction).type.startsWith('entities/')) {
      steps.push({
        action: action as UnknownAction,
        before,
        after: (api.getState() as { entities: EntitiesState }).entities,
      });
    }
    return result;
  };
  let now = 1_000;
  const { ctrl } = makeStore({ now: () => (now += 10), keepUnusedDataFor: 0, after: [recorder] });

  nock(API)
    .get('/members')
    .reply(200, [
      { id: 1, username: 'ann' },
      { id: 2, username: 'bo' },
      { id: 3, username: 'cy' },
    ]);
  await ctrl.fetch(MemberResource.getList);
  // an optimistic update the server refuses, while a rename lands
  const gate = deferred();
  nock(API)
    .patch('/members/1')
    .reply(async () => {
      await gate.promise;
      return [500, 'down'];
    });
  const refused = ctrl.fetch(MemberResource.partialUpdate, { id: 1 }, { username: 'ANN' });
  nock(API).get('/members/2').reply(200, { id: 2, username: 'bob' });
  await ctrl.fetch(MemberResource.get, { id: 2 }); // index rename bo → bob, under an optimistic layer
  gate.resolve();
  await refused.catch(() => undefined);
  nock(API).delete('/members/3').reply(204);
  await ctrl.fetch(MemberResource.delete, { id: 3 });
  nock(API).get('/members/9').reply(404);
  await ctrl.fetch(MemberResource.get, { id: 9 }).catch(() => undefined);
  const arrived = deferred();
  const never = deferred();
  nock(API)
    .get('/members/4')
    .reply(async () => {
      arrived.resolve();
      await never.promise;
      return [200, {}];
    });
  const aborted = ctrl.fetch(MemberResource.get, { id: 4 });
  await arrived.promise;
  aborted.abort();
  await aborted.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 20)); // the request settles in the store after its caller's rejection
  never.resolve();
  ctrl.invalidate(MemberResource.get, { id: 2 });
  ctrl.expireAll({ testKey: () => true });
  ctrl.gc();
  ctrl.resetEntireStore();
  return steps;
}

test('every action, applied to the deep-frozen state it met, leaves that state unchanged and gives what the store got', async () => {
  const steps = await recordScenario();
  const types = new Set(steps.map(({ action }) => action.type.replace('entities/', '')));
  expect([...types].sort()).toEqual([
    'expire',
    'fetchFulfilled',
    'fetchPending',
    'fetchRejected',
    'fetchSettled',
    'invalidate',
    'optimisticSet',
    'reset',
    'sweep',
  ]);
  // the scenario reached the interesting paths: layers over committed tables, a removed index entry, a deletion
  expect(steps.some(({ before }) => before.committed !== undefined)).toBe(true);
  expect(
    steps.some(
      ({ action }) =>
        entitiesSlice.actions.fetchFulfilled.match(action) &&
        action.payload.indexes.Member?.username !== undefined &&
        'bo' in (action.payload.indexes.Member.username ?? {}),
    ),
  ).toBe(true);
  expect(steps.some(({ after }) => metaOf(after.entitiesMeta, 'Member', '3')?.deleted === true)).toBe(true);

  for (const { action, before, after } of steps) {
    const copy = structuredClone(before);
    deepFreeze(before);
    deepFreeze(action);
    let next: EntitiesState | undefined;
    expect(() => {
      next = entitiesSlice.reducer(before, action);
    }).not.toThrow();
    expect([action.type, before]).toEqual([action.type, copy]);
    expect([action.type, next]).toEqual([action.type, after]);
  }
});

test('an action of another slice returns the very same state', () => {
  const state = deepFreeze(entitiesSlice.reducer(undefined, { type: '@@init' }));
  expect(entitiesSlice.reducer(state, { type: 'todos/added', payload: 1 })).toBe(state);
});
