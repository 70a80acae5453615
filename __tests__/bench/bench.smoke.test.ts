/**
 * A smoke run of `npm run bench`: every case once, checking only correctness. Every library must
 * return the same data, ours must keep identity where the case says so, every contender must run,
 * and the memory case must measure (with a real GC) what each store retains. No timing: the bench
 * itself is not part of `npm test`.
 */
import { caseGroups, measureScaleFaults, type FaultMeasurement } from '../../bench/cases/index';
import { renderResults } from '../../bench/report';
import { SMOKE_SIZES } from '../../bench/fixtures';

import { benchCase } from '../../bench/model';
import { SMOKE_SOAK, measureSoak } from '../../bench/soak';
import { exposeGc } from '../fixtures/pollServer';

/**
 * `measure()` run on modules loaded afresh with a real `gc`: the memory cases read `gc()` when their module loads,
 * and jest runs without --expose-gc, so V8 is asked for it here. Once any test in this worker has done so, V8 gives
 * every later context its own (undeletable) gc.
 */
function withRealGc<T>(measure: () => T): T {
  const global = globalThis as { gc?: () => void };
  const installed = global.gc === undefined;
  if (installed) global.gc = exposeGc();
  let result!: T;
  try {
    jest.isolateModules(() => {
      result = measure();
    });
  } finally {
    if (installed) delete global.gc;
  }
  return result;
}

describe('bench smoke run', () => {
  test.each(caseGroups(SMOKE_SIZES).map((group) => [group.name, group] as const))(
    '%s: same data from every library, every contender runs',
    async (_name, group) => {
      const cases = await group.build();
      expect(cases.length).toBeGreaterThan(0);
      for (const each of cases) {
        await each.verify();
        for (const contender of each.contenders) {
          contender.before?.();
          await contender.run();
        }
      }
    },
    // the RTK Query and end-to-end answers come in a later turn of the event loop, where Jest's timer can fire
    60_000,
  );

  test('memory: every library stores every entity, and a real GC measures what each store retains per entity', () => {
    const rows = withRealGc(() =>
      (require('../../bench/cases/memory') as typeof import('../../bench/cases/memory')).measureMemory(SMOKE_SIZES, 1),
    );
    expect(rows.map((row) => row.library)).toEqual(['ours', 'ours', 'rtk', 'plain']);
    for (const { library, variant, bytesPerEntity } of rows) {
      // every store keeps something for each entity, and nothing like a copy of the response per entity
      expect([
        library,
        variant,
        typeof bytesPerEntity,
        (bytesPerEntity ?? 0) > 0 && (bytesPerEntity ?? 0) < 5_000,
      ]).toEqual([library, variant, 'number', true]);
    }
  });

  test('scale memory: each store lists every member, and a real GC measures what it retains per entity', () => {
    const rows = withRealGc(() =>
      (require('../../bench/cases/scale') as typeof import('../../bench/cases/scale')).measureScaleMemory(
        SMOKE_SIZES,
        // the median of three: one load of 1,000 in a jest worker measured, once, what else the worker collected
        3,
      ),
    );
    expect(rows.map((row) => [row.count, row.library])).toEqual(
      SMOKE_SIZES.scale.flatMap((count) => [
        [count, 'ours'],
        [count, 'rtk'],
      ]),
    );
    for (const { library, bytesPerEntity } of rows)
      expect([library, (bytesPerEntity ?? 0) > 0 && (bytesPerEntity ?? 0) < 5_000]).toEqual([library, true]);
  });

  test('scale faults: a new array of 100,000 items faults its fresh pages, and every size of the scale group is counted', () => {
    const measured = measureScaleFaults(SMOKE_SIZES, 4);
    // /proc/self/stat is Linux's: elsewhere nothing is measured, and the report leaves the table out
    if (process.platform !== 'linux') return expect(measured).toBeUndefined();
    const { page, rows } = measured as FaultMeasurement;
    // 800 KB of fresh large-object pages: one fault a 4 KB page (about 200 here; fewer where huge pages back them)
    expect(page.faults).toBeGreaterThan(0);
    expect(page.freshMs).toBeGreaterThan(page.reusedMs);
    expect(rows.map((row) => [row.count, row.library])).toEqual(
      SMOKE_SIZES.scale.flatMap((count) => [
        [count, 'ours'],
        [count, 'rtk'],
      ]),
    );
    for (const row of rows) expect([row.library, row.ms > 0, row.faults >= 0]).toEqual([row.library, true, true]);
    const report = renderResults({
      measured: [],
      memory: undefined,
      scaleMemory: undefined,
      faults: measured,
      viewMemory: undefined,
      soak: undefined,
      sizes: SMOKE_SIZES,
      seconds: 1,
    });
    expect(report).toContain(`${page.faults.toFixed(0)} minor page faults`);
    for (const count of SMOKE_SIZES.scale) expect(report).toContain(`| ${count.toLocaleString('en-US')} | `);
  });

  test('soak: every run polls to the end and stores what it should', async () => {
    const rows = await measureSoak(SMOKE_SOAK);
    expect(rows.map((row) => [row.library, row.polls])).toEqual([
      ['ours', 30],
      ['ours', 30],
      ['rtkQuery', 30],
      ['ours', 30],
      ['rtkQuery', 30],
    ]);
    // nothing collected keeps every poll's members; collected keeps the latest list (and at most the
    // polls since the last ctrl.gc()); RTK Query keeps its latest data
    expect(rows.map((row) => row.stored)).toEqual([15_000, expect.any(Number), 500, 500, 500]);
    expect(rows[1]?.stored).toBeLessThanOrEqual(5_000);
    // 150 polls, each answered in a later turn of the event loop (as a network answers), so Jest's
    // timer can fire in between: a loaded CI machine took more than the default 5 s
  }, 60_000);

  test('the check fails when a library returns different data', async () => {
    const mismatch = benchCase({
      id: 'mismatch',
      title: 'mismatch',
      contenders: [
        { library: 'ours', run: () => [{ id: '1', name: 'Ann' }] },
        { library: 'plain', run: () => [{ id: '1', name: 'Bo' }] },
      ],
    });
    await expect(mismatch.verify()).rejects.toThrow('plain JS loop returned different data than rtk-entities');
  });
});
