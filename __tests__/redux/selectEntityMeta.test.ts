/** Per-record meta through the store: kept as a list of writes per kind, read with selectEntityMeta. */
import { Entity, RestEndpoint, schema, selectEntityMeta } from '../../src/index';
import type { EntitiesState } from '../../src/index';
import { API, makeStore } from '../fixtures/store';
import { rehydrate } from '../../src/rehydrate/index';
import { recordOf } from '../../src/storage/table.js';

class Gauge extends Entity {
  id = '';
  value = 0;
  pk() {
    return this.id;
  }
  static override key = 'Gauge';
}

const getGauges = new RestEndpoint({ urlPrefix: API, path: '/gauges', schema: [Gauge], dataExpiryLength: 5_000 });
const getGauge = new RestEndpoint({ urlPrefix: API, path: '/gauges/:id', schema: Gauge, dataExpiryLength: 60_000 });
const deleteGauge = new RestEndpoint({
  urlPrefix: API,
  path: '/gauges/:id',
  method: 'DELETE',
  schema: new schema.Invalidate(Gauge),
});

/** A store on `clock`, optionally rehydrated. */
const clockedStore = (clock: { now: number }, preloadedState?: { entities: EntitiesState }) =>
  makeStore({ now: () => clock.now, preloadedState, rehydrate });

test("each record carries the timing of the response that last wrote it, with that endpoint's expiry", () => {
  const clock = { now: 1_000 };
  const { store, ctrl } = clockedStore(clock);
  ctrl.setResponse(getGauges, [
    { id: 'a', value: 1 },
    { id: 'b', value: 2 },
  ]);
  clock.now = 2_000;
  ctrl.setResponse(getGauge, { id: 'b' }, { id: 'b', value: 3 });
  expect(selectEntityMeta(store.getState(), Gauge, 'a')).toEqual({
    fetchedAt: 1_000,
    seq: 1,
    date: 1_000,
    expiresAt: 6_000,
  });
  expect(selectEntityMeta(store.getState(), 'Gauge', 'b')).toEqual({
    fetchedAt: 2_000,
    seq: 2,
    date: 2_000,
    expiresAt: 62_000,
  });
  expect(selectEntityMeta(store.getState(), Gauge, 'nope')).toBeUndefined();
});

test('after a JSON round trip the meta reads the same, and a remembered deletion still stops an older write', () => {
  const clock = { now: 10_000 };
  const first = clockedStore(clock);
  first.ctrl.setResponse(getGauges, [
    { id: 'a', value: 1 },
    { id: 'b', value: 2 },
  ]);
  clock.now = 20_000;
  first.ctrl.setResponse(deleteGauge, { id: 'a' }, { id: 'a' });
  const rehydrated = JSON.parse(JSON.stringify(first.store.getState())) as { entities: EntitiesState };
  // the clock of the new session is behind the deletion: what it writes started before it
  const behind = { now: 15_000 };
  const second = clockedStore(behind, rehydrated);
  expect(selectEntityMeta(second.store.getState(), Gauge, 'a')).toEqual(
    expect.objectContaining({ deleted: true, fetchedAt: 20_000 }),
  );
  expect(selectEntityMeta(second.store.getState(), Gauge, 'b')).toEqual(
    selectEntityMeta(first.store.getState(), Gauge, 'b'),
  );
  second.ctrl.setResponse(getGauge, { id: 'a' }, { id: 'a', value: 9 });
  expect(recordOf(second.store.getState().entities.entities.Gauge, 'a')).toBeUndefined();
  behind.now = 25_000; // started after the deletion: a new record
  second.ctrl.setResponse(getGauge, { id: 'a' }, { id: 'a', value: 10 });
  expect(recordOf(second.store.getState().entities.entities.Gauge, 'a')).toEqual({ id: 'a', value: 10 });
});

test('a write into a big kind keeps the stored list of writes and appends one', () => {
  const clock = { now: 1 };
  const { store, ctrl } = clockedStore(clock);
  ctrl.setResponse(
    getGauges,
    Array.from({ length: 5_000 }, (_, i) => ({ id: `g${i}`, value: i })),
  );
  const before = store.getState().entities.entitiesMeta.Gauge?.flat() ?? [];
  ctrl.setResponse(getGauges, { page: 2 }, [{ id: 'new', value: 1 }]);
  const after = store.getState().entities.entitiesMeta.Gauge?.flat() ?? [];
  expect(after).toHaveLength(before.length + 1);
  expect(after[0]).toBe(before[0]);
  expect(after.at(-1)?.pks).toEqual(['new']);
});

test('a list of new records shares its keys with their meta; later writes change neither the list nor the meta', () => {
  const clock = { now: 1_000 };
  const { store, ctrl } = clockedStore(clock);
  const rows = Array.from({ length: 3_000 }, (_, i) => ({ id: `g${i}`, value: i }));
  ctrl.setResponse(getGauges, rows);
  const slice = () => store.getState().entities;
  const [listKey] = Object.keys(slice().endpoints) as [string];
  const list = slice().endpoints[listKey];
  // one array: the endpoint's list is the stamp's list of keys
  expect(slice().entitiesMeta.Gauge?.flat()[0]?.pks).toBe(list);
  const saved = JSON.parse(JSON.stringify(list)) as string[];
  clock.now = 2_000;
  ctrl.setResponse(getGauge, { id: 'g1' }, { id: 'g1', value: -1 });
  ctrl.setResponse(getGauges, { page: 2 }, [
    { id: 'g3000', value: 3_000 },
    { id: 'g2', value: -2 },
  ]);
  ctrl.setResponse(deleteGauge, { id: 'g0' }, { id: 'g0' });
  expect(slice().endpoints[listKey]).toBe(list);
  expect(list).toEqual(saved);
  expect(selectEntityMeta(store.getState(), Gauge, 'g5')?.fetchedAt).toBe(1_000);
  expect(['g0', 'g1', 'g2', 'g3000'].map((pk) => selectEntityMeta(store.getState(), Gauge, pk)?.fetchedAt)).toEqual([
    2_000, 2_000, 2_000, 2_000,
  ]);
  expect(selectEntityMeta(store.getState(), Gauge, 'g0')?.deleted).toBe(true);
});
