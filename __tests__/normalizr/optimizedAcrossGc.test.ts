/**
 * Writes and reads stay optimized across major garbage collections. V8's optimized code holds the
 * hidden classes it checks weakly; a class whose instances live for one call (a read, a write) has
 * none alive between calls, so a collection then let its hidden class die and deoptimized every
 * function of the read or write path ("weak objects"), to be optimized again over the next calls:
 * the read of changed records right after a collection took about 4 times as long
 * (`keepShapeAlive`). A real Node process runs a program that collects between every call, and V8
 * reports its deoptimizations.
 */
import { runProgram } from '../fixtures/runProgram';

/** How many times V8 deoptimized each function because a hidden class it checks died, by function name. */
function deoptimizedByCollection(trace: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of trace.matchAll(
    /<SharedFunctionInfo ([^>]*)>\) \(opt id \d+\) for deoptimization, reason: weak objects/g,
  ))
    counts.set(match[1] as string, (counts.get(match[1] as string) ?? 0) + 1);
  return counts;
}

/** The program's trace, run against each build: the sources, and the package as published (tsup's output). */
const traces = new Map<string, string>();

beforeAll(async () => {
  for (const from of ['src', 'dist'] as const)
    traces.set(from, await runProgram('readsAcrossCollections', ['--expose-gc', '--trace-deopt'], from));
}, 120_000);

describe.each(['src', 'dist'])('built from %s', (from) => {
  test('the program ran every round, and V8 traced its deoptimizations', () => {
    const trace = traces.get(from) ?? '';
    expect(trace).toContain('done');
    // the trace is on: warming up, V8 gives up optimized code whose guesses failed, and says so
    expect(trace).toMatch(/\[bailout \(kind: deopt-/);
  });

  test('no function is deoptimized again and again because collections let a hidden class die', () => {
    // once is allowed: the first collections may take hidden classes of the warm-up's own objects; a class whose
    // instances live for one call dies at every other collection (before keepShapeAlive, `build` was deoptimized 28
    // times in these 40 rounds, `normalize` 24, the read's `entity` 10; from dist, before keepShapeAlive's array was
    // one tsup's tree-shaking could not drop, `normalize` 19 times, `write` 16, `mergeEntity` 16, `visit` 15)
    const repeated = [...deoptimizedByCollection(traces.get(from) ?? '')].filter(([, count]) => count > 1);
    expect(repeated).toEqual([]);
  });
});
