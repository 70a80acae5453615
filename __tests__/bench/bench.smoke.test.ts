/**
 * A smoke run of `npm run bench`: every case once, checking only correctness. Every library must
 * return the same data, ours must keep identity where the case says so, and every contender must
 * run. No timing: the bench itself is not part of `npm test`.
 */
import { measureMemory } from '../../bench/cases/index';
import { SMOKE_SIZES } from '../../bench/fixtures';
import { benchGroups } from '../../bench/groups';
import { benchCase } from '../../bench/model';

describe('bench smoke run', () => {
  test.each(benchGroups(SMOKE_SIZES).map((group) => [group.name, group] as const))('%s: same data from every library, every contender runs', async (_name, group) => {
    const cases = group.build();
    expect(cases.length).toBeGreaterThan(0);
    for (const each of cases) {
      await each.verify();
      for (const contender of each.contenders) {
        contender.before?.();
        await contender.run();
      }
    }
  });

  test('memory: every library stores every entity', () => {
    const rows = measureMemory(SMOKE_SIZES, 1);
    expect(rows.map((row) => row.library)).toEqual(['ours', 'ours', 'rtk', 'plain']);
  });

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
