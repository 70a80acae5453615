// Compares one bench case between two checkouts of rtk-entities in ONE Node process, their calls interleaved
// in blocks, so that both run under the same machine load, heap and JIT state. Two processes measured one after
// the other differed by up to 20% on a shared 2-core machine; here two identical builds measured 0.94-1.02 on the
// read, and 0.84 on the refetch before it while other jobs loaded the machine: run it more than once.
//
//   node bench/compare.mjs <checkout A> <checkout B> <case id> [library=ours] [blocks=24]
//
// Each checkout must have its bench compiled (`npx tsc -p bench/tsconfig.json` there: `.tmp/bench/`). A
// contender's `before` (work outside the bench's timing, e.g. the refetch before a read) is timed apart from
// its `run`. Prints the median of each, B ÷ A, for the two parts and for both together.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dirA, dirB, id, library = 'ours', blocks = '24'] = process.argv.slice(2);
if (dirA === undefined || dirB === undefined || id === undefined) {
  process.stderr.write('usage: node bench/compare.mjs <checkout A> <checkout B> <case id> [library] [blocks]\n');
  process.exit(2);
}
if (process.env.NODE_ENV !== 'production') process.stderr.write('note: run with NODE_ENV=production, as the bench\n');

/** The contender `library` of the case `id` in the compiled bench of `dir`. */
async function contenderOf(dir) {
  const out = pathToFileURL(resolve(dir, '.tmp/bench/'));
  writeFileSync(new URL('package.json', `${out}/`), `${JSON.stringify({ type: 'module' })}\n`);
  const { caseGroups } = await import(`${out}/bench/cases/index.js`);
  const { FULL_SIZES } = await import(`${out}/bench/fixtures.js`);
  for (const group of caseGroups(FULL_SIZES)) {
    const found = (await group.build()).find((each) => each.id === id);
    const contender = found?.contenders.find((each) => each.library === library);
    if (contender !== undefined) return contender;
  }
  throw new Error(`${dir}: no contender ${library} in a case ${id}`);
}

const contenders = [await contenderOf(dirA), await contenderOf(dirB)];
const times = contenders.map(() => ({ before: [], run: [], both: [] }));

/** One call of contender `i`, its parts timed when `timed`. */
async function call(i, timed) {
  const contender = contenders[i];
  const start = performance.now();
  await contender.before?.();
  const between = performance.now();
  await contender.run();
  const end = performance.now();
  if (!timed) return;
  times[i].before.push(between - start);
  times[i].run.push(end - between);
  times[i].both.push(end - start);
}

for (let warm = 0; warm < 50; warm++) for (const i of [0, 1]) await call(i, false);
for (let block = 0; block < Number(blocks); block++)
  for (const i of block % 2 === 0 ? [1, 0] : [0, 1]) for (let n = 0; n < 20; n++) await call(i, true);

const median = (values) => [...values].sort((x, y) => x - y)[values.length >> 1];
for (const part of ['before', 'run', 'both']) {
  const [a, b] = times.map((each) => median(each[part]));
  process.stdout.write(`${part.padEnd(6)} A ${a.toFixed(3)} ms  B ${b.toFixed(3)} ms  B ÷ A ${(b / a).toFixed(3)}\n`);
}
