/**
 * The built package behaves as the sources do. One program of reads and writes
 * (`__tests__/fixtures/parity/scenario.cjs`: tables in parts, `All`, live views, a nested rename, deletes, new
 * records, a JSON round trip) runs here with the sources, and in a node process with the package as an app
 * installs it (`import` and `require`, through its `exports`): the accounts must be equal. The build may rename
 * what no app reads (`tsup.config.ts`); this is what checks that it renamed nothing an app or the state depends on.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import * as rtk from '@reduxjs/toolkit';
import * as lib from '../../src/index';
import * as rehydrate from '../../src/rehydrate/index';
import * as views from '../../src/views/index';
import { assertFreshDist } from './freshDist';

// these checks read dist/: it must be the build of the sources as they are now
assertFreshDist();

const root = join(__dirname, '..', '..');
const scenario = join(root, '__tests__', 'fixtures', 'parity', 'scenario.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { run } = require(scenario) as { run: (...libs: unknown[]) => unknown };

/** The account of the scenario run by node with the package loaded by `import` or by `require`. */
function accountOfPackage(load: 'import' | 'require'): unknown {
  const entries = ['rtk-entities', 'rtk-entities/views', 'rtk-entities/rehydrate', '@reduxjs/toolkit'];
  const program =
    load === 'require'
      ? `const libs = ${JSON.stringify(entries)}.map((entry) => require(entry));`
      : `const libs = await Promise.all(${JSON.stringify(entries)}.map((entry) => import(entry)));`;
  const output = execFileSync(
    process.execPath,
    [
      ...(load === 'import' ? ['--input-type=module'] : []),
      '-e',
      `${load === 'import' ? `import { createRequire } from 'node:module'; const require = createRequire(${JSON.stringify(scenario)});` : ''}
       ${program}
       process.stdout.write(JSON.stringify(require(${JSON.stringify(scenario)}).run(...libs)));`,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output);
}

const expected = JSON.parse(JSON.stringify(run(lib, views, rehydrate, rtk))) as { label: string }[];

test('the scenario reads what it should with the sources', () => {
  expect(expected.map((step) => step.label)).toEqual([
    '3,000 stored',
    'one amount changed',
    'identity',
    'a user renamed',
    'four deleted',
    '400 added',
    'after a JSON round trip',
    'state',
  ]);
  // one changed trade, every other the very instance it was
  expect(expected[2]).toEqual({ label: 'identity', kept: 2999, changed: ['t7'] });
});

test.each(['import', 'require'] as const)('the built package, loaded by %s, gives the same account', (load) => {
  expect(accountOfPackage(load)).toEqual(expected);
});
