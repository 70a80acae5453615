/** Hostile: pages of meta stamps across lineages (siblings, time travel, compaction, removals), against a model. */
import { appendMeta, deletionOf, metaIndex, metaOf, removeMeta } from '../../src/redux/slice/metaStamps';
import type { EntityMeta, EntityMetaPages, MetaStamp } from '../../src/index';

function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}
type Model = Map<string, EntityMeta>;

let maxPages = 0;
function check(log: EntityMetaPages, model: Model, universe: string[]) {
  maxPages = Math.max(maxPages, log.User?.length ?? 0);
  const got = new Map<string, EntityMeta>();
  const bad: string[] = [];
  for (const pk of universe) {
    const meta = metaOf(log, 'User', pk);
    if (meta) got.set(pk, meta);
    const want = model.get(pk);
    if (want?.deleted && deletionOf(log, 'User', pk) !== want) bad.push(pk);
  }
  expect(bad).toEqual([]);
  expect(got).toEqual(model);
  // fresh index of the flat list
  const fresh = new Map<string, EntityMeta>();
  for (const stamp of (log.User ?? []).flat()) for (const pk of stamp.pks) fresh.set(pk, stamp.meta);
  expect(fresh).toEqual(model);
}

describe('meta pages across lineages', () => {
  test.each([1, 2])('random lineage, seed %i', (seed) => {
    const rand = random(seed);
    const universe = Array.from({ length: 300 }, (_, i) => `u${i}`);
    const logs: [EntityMetaPages, Model][] = [[{}, new Map()]];
    let t = 0;
    for (let step = 0; step < 2500; step++) {
      const r = rand();
      const from = r < 0.97 ? logs.length - 1 : Math.max(0, logs.length - 1 - Math.floor(rand() * 40));
      const [log, model] = logs[from]!;
      // read an old list now and then (an index moves back)
      if (rand() < 0.03) {
        const [old, oldModel] = logs[Math.floor(rand() * logs.length)]!;
        check(old, oldModel, universe);
      }
      const next = new Map(model);
      let nextLog: EntityMetaPages;
      if (rand() < 0.01) {
        const gone = universe.filter(() => rand() < 0.02);
        nextLog = removeMeta(log, { User: gone });
        for (const pk of gone) next.delete(pk);
      } else {
        const stamps: MetaStamp[] = [];
        const n = 1 + Math.floor(rand() * 2);
        for (let s = 0; s < n; s++) {
          t++;
          const del = rand() < 0.15;
          const meta: EntityMeta = del
            ? { fetchedAt: t, date: t, expiresAt: t + 1, deleted: true }
            : { fetchedAt: t, date: t, expiresAt: t + 1 };
          const pks = [
            ...new Set(rand() < 0.9 ? [universe[Math.floor(rand() * 300)]!] : universe.filter(() => rand() < 0.05)),
          ];
          stamps.push({ meta, pks });
          for (const pk of pks) next.set(pk, meta);
        }
        nextLog = appendMeta(log, { User: stamps });
      }
      logs.push([nextLog, next]);
      if (rand() < 0.02) check(nextLog, next, universe);
    }
    for (const [log, model] of logs.slice(-10)) check(log, model, universe);
    expect(maxPages).toBeGreaterThan(1);
  });

  test('two siblings cross a page boundary differently; the older list and both read right', () => {
    let log: EntityMetaPages = {};
    const model = new Map<string, EntityMeta>();
    for (let i = 0; i < 255; i++) {
      const meta = { fetchedAt: i, date: i, expiresAt: i + 1 };
      log = appendMeta(log, { User: [{ meta, pks: [`u${i}`] }] });
      model.set(`u${i}`, meta);
    }
    metaIndex(log.User);
    const m1 = { fetchedAt: 1000, date: 1000, expiresAt: 1001 };
    const m2 = { fetchedAt: 2000, date: 2000, expiresAt: 2001 };
    // a: fills the page exactly; b: spills 2 stamps into a second page
    const a = appendMeta(log, { User: [{ meta: m1, pks: ['u0'] }] });
    const b = appendMeta(log, {
      User: [
        { meta: m2, pks: ['u1'] },
        { meta: m2, pks: ['u2'] },
      ],
    });
    const a2 = appendMeta(a, { User: [{ meta: m2, pks: ['u3'] }] });
    expect(metaOf(a2, 'User', 'u3')).toBe(m2);
    expect(metaOf(b, 'User', 'u1')).toBe(m2);
    expect(metaOf(a, 'User', 'u3')).toEqual(model.get('u3'));
    expect(metaOf(a, 'User', 'u0')).toBe(m1);
    expect(metaOf(log, 'User', 'u0')).toEqual(model.get('u0'));
    expect(metaOf(a2, 'User', 'u1')).toEqual(model.get('u1'));
    expect(metaOf(b, 'User', 'u0')).toEqual(model.get('u0'));
  });
});
