/**
 * What fresh memory costs on the machine the bench runs on, and how much of it one write + All read
 * at each store size takes. A call that returns a new array of 100,000 items makes V8 allocate
 * 800 KB in its large-object space, on pages fresh from the system; each page's first touch is a
 * minor page fault, whose cost is the machine's (a virtual machine's can be many times a host's).
 * Counted from `/proc/self/stat` (Linux); elsewhere nothing is measured.
 */
import { readFileSync } from 'node:fs';
import type { Sizes } from '../fixtures.js';
import { median } from '../model.js';
import { filled } from './scale.js';

/** One library's write + All read at one store size: mean milliseconds and minor page faults per call. */
export interface FaultRow {
  readonly count: number;
  readonly library: 'ours' | 'rtk';
  readonly ms: number;
  readonly faults: number;
}

/**
 * What a new array of 100,000 items costs to fill, against filling one made before: the difference is its fresh
 * pages (`faults` of them), so a fault costs `faultMicros`.
 */
export interface PageCost {
  readonly freshMs: number;
  readonly reusedMs: number;
  readonly faults: number;
  readonly faultMicros: number;
}

/** The whole measurement: the page cost of this machine and the rows, or undefined off Linux. */
export interface FaultMeasurement {
  readonly page: PageCost;
  readonly rows: readonly FaultRow[];
}

/** The items of the array measured: 800 KB of pointers in Node's default build (8 B each). */
const ITEMS = 100_000;

/** Minor page faults of this process so far, or undefined where `/proc` is not there. */
function minorFaults(): number | undefined {
  try {
    // the fields after the command name, whose `)` ends it: minflt is the 10th field, the 8th after it
    return Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[7]);
  } catch {
    return undefined;
  }
}

/** Filling a new array of `ITEMS` (a V8 large object: fresh pages) against filling one made before, median of `reps`. */
function pageCost(reps: number): PageCost {
  const fresh: number[] = [];
  const reused: number[] = [];
  const made = new Array<number>(ITEMS).fill(0);
  const before = minorFaults() as number;
  for (let rep = 0; rep < reps; rep++) {
    let started = performance.now();
    const array = new Array<number>(ITEMS);
    for (let i = 0; i < ITEMS; i++) array[i] = rep;
    fresh.push(performance.now() - started);
    started = performance.now();
    for (let i = 0; i < ITEMS; i++) made[i] = rep;
    reused.push(performance.now() - started);
  }
  const faults = ((minorFaults() as number) - before) / reps;
  const [freshMs, reusedMs] = [median(fresh), median(reused)];
  return { freshMs, reusedMs, faults, faultMicros: faults > 0 ? ((freshMs - reusedMs) * 1000) / faults : 0 };
}

/** Mean time and minor faults per call of `calls` calls of `run`, after `warm` calls (faults come in bursts: a mean of both). */
function timedFaults(run: () => unknown, warm: number, calls: number): { ms: number; faults: number } {
  for (let i = 0; i < warm; i++) run();
  const before = minorFaults() as number;
  const started = performance.now();
  for (let i = 0; i < calls; i++) run();
  return { ms: (performance.now() - started) / calls, faults: ((minorFaults() as number) - before) / calls };
}

/**
 * Page cost of this machine and, at each store size of the `scale` group, ours' and RTK's write + All read:
 * mean ms and minor page faults per call. `calls`: ours' calls per size (RTK's at 100,000 take about 300 ms
 * each: it makes a twentieth of them there, at least 2).
 */
export function measureScaleFaults(sizes: Sizes, calls = 200): FaultMeasurement | undefined {
  if (minorFaults() === undefined) return undefined;
  const rows = sizes.scale.flatMap((count): FaultRow[] => {
    const stores = filled(count);
    const ours = timedFaults(() => (stores.writeOurs(), stores.readOurs()), 50, calls);
    const rtkCalls = count >= 100_000 ? Math.max(2, calls / 20) : calls;
    const rtk = timedFaults(() => (stores.writeRtk(), stores.readRtk()), Math.min(50, rtkCalls), rtkCalls);
    return [
      { count, library: 'ours', ...ours },
      { count, library: 'rtk', ...rtk },
    ];
  });
  return { page: pageCost(101), rows };
}
