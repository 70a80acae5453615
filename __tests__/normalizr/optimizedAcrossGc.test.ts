/**
 * Writes and reads stay optimized across major garbage collections. V8's optimized code holds the
 * hidden classes it checks weakly; a class whose instances live for one call (a read, a write) has
 * none alive between calls, so a collection then let its hidden class die and deoptimized every
 * function of the read or write path ("weak objects"), to be optimized again over the next calls:
 * the read of changed records right after a collection took about 4 times as long
 * (`keepShapeAlive`). A real Node process runs a program that collects between every call, and V8
 * reports its deoptimizations.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const esbuild = require.resolve('esbuild/bin/esbuild');

/** How many times V8 deoptimized each function because a hidden class it checks died, by function name. */
function deoptimizedByCollection(trace: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of trace.matchAll(
    /<SharedFunctionInfo ([^>]*)>\) \(opt id \d+\) for deoptimization, reason: weak objects/g,
  ))
    counts.set(match[1] as string, (counts.get(match[1] as string) ?? 0) + 1);
  return counts;
}

let trace = '';
let directory = '';

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'rtk-entities-gc-'));
  const program = join(directory, 'program.mjs');
  execFileSync(
    esbuild,
    [
      join('__tests__', 'fixtures', 'programs', 'readsAcrossCollections.ts'),
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=es2022',
      `--outfile=${program}`,
      '--log-level=error',
    ],
    { cwd: root },
  );
  trace = execFileSync(process.execPath, ['--expose-gc', '--trace-deopt', program], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
}, 60_000);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

test('the program ran every round, and V8 traced its deoptimizations', () => {
  expect(trace).toContain('done');
  // the trace is on: warming up, V8 gives up optimized code whose guesses failed, and says so
  expect(trace).toMatch(/\[bailout \(kind: deopt-/);
});

test('no function is deoptimized again and again because collections let a hidden class die', () => {
  // once is allowed: the first collections may take hidden classes of the warm-up's own objects; a class whose
  // instances live for one call dies at every other collection (before keepShapeAlive, `build` was deoptimized 28
  // times in these 40 rounds, `normalize` 24, the read's `entity` 10)
  const repeated = [...deoptimizedByCollection(trace)].filter(([, count]) => count > 1);
  expect(repeated).toEqual([]);
});
