/** Hostile: per-record meta in pages through a real store: long feeds, deletions, rehydrated odd shapes, against a model. */
import { Entity, RestEndpoint, schema, selectEntityMeta } from '../../src/index';
import type { EntitiesState, EntityMeta } from '../../src/index';
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
const getGauge = new RestEndpoint({ urlPrefix: API, path: '/gauges/:id', schema: Gauge, dataExpiryLength: 60_000 });
const getGauges = new RestEndpoint({ urlPrefix: API, path: '/gauges', schema: [Gauge], dataExpiryLength: 5_000 });
const deleteGauge = new RestEndpoint({
  urlPrefix: API,
  path: '/gauges/:id',
  method: 'DELETE',
  schema: new schema.Invalidate(Gauge),
});

function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

/** What `drive` and `checkModel` use of a store made by `makeStore`. */
type Made = Pick<ReturnType<typeof makeStore>, 'ctrl' | 'slice'> & { store: { getState(): unknown } };
/** Drives `made` with single-record writes and deletions; the model is each pk's last fetchedAt and whether deleted. */
function drive(
  made: Made,
  clock: { now: number },
  model: Map<string, { at: number; deleted: boolean }>,
  steps: number,
  seed: number,
  universe = 150,
) {
  const rand = random(seed);
  for (let i = 0; i < steps; i++) {
    clock.now += 1;
    const id = `g${Math.floor(rand() * universe)}`;
    if (rand() < 0.1) {
      made.ctrl.setResponse(deleteGauge, { id }, { id });
      model.set(id, { at: clock.now, deleted: true });
    } else if (rand() < 0.05) {
      const ids = [`g${Math.floor(rand() * universe)}`, `g${Math.floor(rand() * universe)}`];
      made.ctrl.setResponse(
        getGauges,
        ids.map((each) => ({ id: each, value: i })),
      );
      for (const each of ids) model.set(each, { at: clock.now, deleted: false });
    } else {
      made.ctrl.setResponse(getGauge, { id }, { id, value: i });
      model.set(id, { at: clock.now, deleted: false });
    }
  }
}
function checkModel(made: Made, model: Map<string, { at: number; deleted: boolean }>) {
  const state = made.store.getState();
  const got: [string, number | undefined, boolean, boolean][] = [];
  const want: [string, number | undefined, boolean, boolean][] = [];
  for (const [pk, { at, deleted }] of model) {
    const meta = selectEntityMeta(state, Gauge, pk) as EntityMeta | undefined;
    got.push([pk, meta?.fetchedAt, meta?.deleted === true, recordOf(made.slice().entities.Gauge, pk) !== undefined]);
    want.push([pk, at, deleted, !deleted]);
  }
  expect(got).toEqual(want);
}

describe('meta pages in a store', () => {
  test('a long feed of single-record writes and deletions crosses many pages; every record reads the meta of its last write', () => {
    const clock = { now: 1_000_000 };
    const made = makeStore({ now: () => clock.now, devChecks: false });
    const model = new Map<string, { at: number; deleted: boolean }>();
    drive(made, clock, model, 1000, 1);
    checkModel(made, model);
    expect(made.slice().entitiesMeta.Gauge!.length).toBeGreaterThan(0);
  });

  test('a feed, a JSON round trip mid-page, and the feed again', () => {
    const clock = { now: 1_000_000 };
    const first = makeStore({ now: () => clock.now, devChecks: false });
    const model = new Map<string, { at: number; deleted: boolean }>();
    drive(first, clock, model, 700, 2);
    const saved = JSON.parse(JSON.stringify(first.store.getState())) as { entities: EntitiesState };
    const second = makeStore({ now: () => clock.now, devChecks: false, preloadedState: saved, rehydrate });
    checkModel(second, model);
    drive(second, clock, model, 700, 3);
    checkModel(second, model);
    // the first store, driven on its own, still reads its own model (shared lists, both moved on)
  });

  const NOW = Date.now();
  const m = (fetchedAt: number, deleted = false) => ({
    fetchedAt,
    date: fetchedAt,
    expiresAt: NOW + 600_000,
    ...(deleted ? { deleted: true } : {}),
  });
  const base = (
    meta: unknown,
    entities: Record<string, unknown> = { a: { id: 'a', value: 1 }, b: { id: 'b', value: 2 } },
  ) => ({
    entities: {
      entities: { Gauge: entities },
      entitiesMeta: { Gauge: meta },
      indexes: {},
      endpoints: {},
      meta: {},
      lastReset: 0,
      optimistic: [],
    },
  });
  test.each([
    ['an empty page', [[]], undefined, undefined],
    ['an empty list', [], undefined, undefined],
    ['empty pages around one', [[], [{ meta: m(NOW - 5), pks: ['a', 'b'] }], []], NOW - 5, NOW - 5],
    [
      'mixed flat and paged',
      [{ meta: m(NOW - 9), pks: ['a', 'b'] }, [{ meta: m(NOW - 5), pks: ['b'] }]],
      NOW - 9,
      NOW - 5,
    ],
    [
      'pages of one stamp',
      Array.from({ length: 300 }, (_, i) => [{ meta: m(NOW - 1000 + i), pks: [i % 2 ? 'a' : 'b'] }]),
      NOW - 1000 + 299,
      NOW - 1000 + 298,
    ],
    [
      'a huge single page',
      [Array.from({ length: 1000 }, (_, i) => ({ meta: m(NOW - 2000 + i), pks: [i % 2 ? 'a' : 'b'] }))],
      NOW - 2000 + 999,
      NOW - 2000 + 998,
    ],
  ])('rehydrated entitiesMeta of %s reads, then takes writes across pages', (_name, meta, a, b) => {
    const clock = { now: NOW };
    const made = makeStore({
      now: () => clock.now,
      devChecks: false,
      preloadedState: JSON.parse(JSON.stringify(base(meta))),
      rehydrate,
    });
    made.store.dispatch({ type: 'app/started' });
    const state = made.store.getState();
    expect([selectEntityMeta(state, Gauge, 'a')?.fetchedAt, selectEntityMeta(state, Gauge, 'b')?.fetchedAt]).toEqual([
      a,
      b,
    ]);
    const model = new Map<string, { at: number; deleted: boolean }>();
    // records with no meta stay, reading no meta; the model only follows writes
    drive(made, clock, model, 600, 7, 40);
    checkModel(made, model);
    for (const page of made.slice().entitiesMeta.Gauge!) expect(Array.isArray(page)).toBe(true);
  });
});
