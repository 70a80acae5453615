/**
 * `npm run bench`: every case for rtk-entities and its anchors in this one process, group by group
 * (`cases/index.ts`): each case of a group checks that all libraries return the same data (and throws
 * if not), then tinybench times them; then memory and the soak. The table of ops/s with ratios is
 * printed and written to bench/RESULTS.md.
 *
 * Flags: `--smoke` (small sizes, correctness and one call per contender, nothing written),
 * `--only <text>` (cases whose id contains the text; nothing written), `--no-memory`, `--no-soak`.
 */
import { writeFileSync } from 'node:fs';
import { Bench } from 'tinybench';
import {
  caseGroups,
  measureMemory,
  measureScaleMemory,
  measureViewMemory,
  measureScaleFaults,
  type MemoryRow,
  type ScaleMemoryRow,
} from './cases/index.js';
import { FULL_SIZES, SMOKE_SIZES, type Sizes } from './fixtures.js';

import type { BenchCase, Contender, Library } from './model.js';
import { LIBRARIES, median } from './model.js';
import { renderResults, type Measured } from './report.js';
import { FULL_SOAK, SMOKE_SOAK, measureSoak, type SoakRow } from './soak.js';

const argv = process.argv.slice(2);
const smoke = argv.includes('--smoke');
const onlyAt = argv.indexOf('--only');
const only = onlyAt === -1 ? undefined : argv[onlyAt + 1];
const sizes: Sizes = smoke ? SMOKE_SIZES : FULL_SIZES;

/**
 * Each case runs in rounds (`ROUNDS`, or its own `rounds`), its libraries alternating order, so
 * drift on a shared machine (other processes, GC of earlier cases) falls on every library alike;
 * ops/s is the median over rounds.
 */
const ROUNDS = 4;
const ROUND_MS = 150;
const WARMUP_MS = 100;
/** Calls shorter than this are batched so one timed sample is at least this long. */
const MIN_SAMPLE_MS = 0.05;

let sink: unknown;

const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

/** How many calls one timed sample makes: 1, unless the call is too short for the timer. */
function batchSize(contender: Contender): number {
  if (contender.before !== undefined) return 1;
  const first = contender.run();
  if (first instanceof Promise) {
    // async work is long enough for the timer; verify() has already checked that it succeeds
    first.catch(() => undefined);
    return 1;
  }
  let calls = 0;
  const start = performance.now();
  while (calls < 1000 && performance.now() - start < 20) {
    sink = contender.run();
    calls++;
  }
  const perCall = (performance.now() - start) / calls;
  return Math.max(1, Math.min(100_000, Math.ceil(MIN_SAMPLE_MS / perCall)));
}

async function time(benchCase: BenchCase): Promise<Measured> {
  const batches = new Map<Library, number>(
    benchCase.contenders.map((contender) => [contender.library, batchSize(contender)]),
  );
  const rounds = new Map<Library, number[]>();
  for (let round = 0; round < (benchCase.rounds ?? ROUNDS); round++) {
    const bench = new Bench({
      name: benchCase.id,
      time: ROUND_MS,
      warmupTime: round === 0 ? WARMUP_MS : WARMUP_MS / 2,
      iterations: 3,
      warmupIterations: 3,
      throws: true,
      // every task starts from a collected heap (no library pays for the garbage of the one before),
      // then warms up, so the young generation has grown back to its working size when timing starts
      setup: (_task, mode) => {
        if (mode === 'warmup') collectGarbage();
      },
    });
    const order = round % 2 === 0 ? benchCase.contenders : [...benchCase.contenders].reverse();
    for (const contender of order) {
      const batch = batches.get(contender.library) ?? 1;
      const { run } = contender;
      const fn =
        batch === 1
          ? run
          : () => {
              for (let i = 0; i < batch; i++) sink = run();
            };
      bench.add(contender.library, fn, contender.before === undefined ? {} : { beforeEach: contender.before });
    }
    await bench.run();
    for (const task of bench.tasks) {
      const { result } = task;
      if (result.state !== 'completed')
        throw new Error(
          `${benchCase.id} / ${task.name}: ${result.state === 'errored' ? result.error.message : result.state}`,
        );
      const library = task.name as Library;
      // the median sample: the machine is shared and noisy, and the mean follows its spikes
      const ops = ((batches.get(library) ?? 1) * 1000) / result.latency.p50;
      rounds.set(library, [...(rounds.get(library) ?? []), ops]);
    }
  }
  const opsPerSecond = new Map<Library, number>();
  const ratios = new Map<Library, number>();
  const ours = rounds.get('ours');
  for (const contender of benchCase.contenders) {
    const ops = rounds.get(contender.library) ?? [];
    opsPerSecond.set(contender.library, median(ops));
    // a ratio compares two libraries measured in the same round, under the same machine load
    if (ours !== undefined)
      ratios.set(contender.library, median(ops.map((value, round) => (ours[round] as number) / value)));
  }
  return { benchCase, opsPerSecond, ratios };
}

async function main() {
  const started = performance.now();
  const groups = caseGroups(sizes);
  const selected = (cases: BenchCase[]) =>
    cases.filter((benchCase) => only === undefined || benchCase.id.includes(only));
  const measured: Measured[] = [];
  // one group at a time, built, checked and timed before the next is built: a normalizer that had
  // already run over every other group's entity classes would be timed in a state the others are not
  for (const group of groups) {
    const cases = selected(await group.build());
    // every case first checks that all libraries return the same data: a mismatch stops the bench
    for (const benchCase of cases) {
      await benchCase.verify();
      if (smoke) {
        for (const contender of benchCase.contenders) {
          contender.before?.();
          await contender.run();
        }
      }
      process.stderr.write(`✓ ${benchCase.id}: every library returns the same data\n`);
    }
    if (smoke) continue;
    for (const benchCase of cases) {
      const result = await time(benchCase);
      measured.push(result);
      const line = [...result.opsPerSecond]
        .map(([library, ops]) => `${LIBRARIES[library]} ${Math.round(ops).toLocaleString('en-US')}/s`)
        .join(', ');
      process.stderr.write(`  ${benchCase.id}: ${line}\n`);
    }
  }
  const memory: MemoryRow[] | undefined =
    argv.includes('--no-memory') || only !== undefined ? undefined : measureMemory(sizes, smoke ? 1 : 3);
  if (memory !== undefined) process.stderr.write('✓ memory: every library stores every entity\n');
  const scaleMemory: ScaleMemoryRow[] | undefined =
    argv.includes('--no-memory') || (only !== undefined && !'scale-memory'.includes(only))
      ? undefined
      : measureScaleMemory(sizes, smoke ? 1 : 3);
  if (scaleMemory !== undefined) process.stderr.write('✓ scale memory: every library lists every entity\n');
  const viewMemory: ScaleMemoryRow[] | undefined =
    argv.includes('--no-memory') || (only !== undefined && !'view-memory'.includes(only))
      ? undefined
      : measureViewMemory(sizes, smoke ? 1 : 3);
  if (viewMemory !== undefined) process.stderr.write('✓ view memory: both views list what a fresh sort lists\n');
  // what fresh memory costs here, and how many pages each write + All at N takes fresh (Linux)
  const faults =
    only !== undefined && !'scale-faults'.includes(only) ? undefined : measureScaleFaults(sizes, smoke ? 4 : 200);
  if (faults !== undefined) process.stderr.write('✓ scale faults: page faults per write + All counted\n');
  const soak: SoakRow[] | undefined =
    argv.includes('--no-soak') || only !== undefined ? undefined : await measureSoak(smoke ? SMOKE_SOAK : FULL_SOAK);
  if (soak !== undefined) process.stderr.write('✓ soak: every poll read the latest list\n');
  if (smoke) {
    process.stderr.write(`smoke run passed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return;
  }
  const seconds = (performance.now() - started) / 1000;
  const markdown = renderResults({ measured, memory, scaleMemory, faults, viewMemory, soak, sizes, seconds });
  process.stdout.write(`${markdown}\n`);
  if (only === undefined) {
    writeFileSync(new URL('../../../bench/RESULTS.md', import.meta.url), markdown);
    process.stderr.write('written to bench/RESULTS.md\n');
  }
  void sink;
}

await main();
