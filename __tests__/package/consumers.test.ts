/**
 * The packed package (`npm pack`) installed into fresh projects, as a user installs it:
 * - a CommonJS Jest project with ts-jest's default preset and TypeScript 5.9 (`module: commonjs`,
 *   so types resolve as node10) runs tests importing every entry, with no Jest configuration
 *   beyond the preset (the Testing guide's own project is run by recipes.test.ts);
 * - an ES module program (`module: nodenext`) type-checks, compiles and runs with every entry.
 * The project files are in __tests__/package/consumer/. Packages install from the npm cache when it
 * has them (`--prefer-offline`), so only a first run needs the registry.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './runBin';
import { assertFreshDist } from './freshDist';

// these checks read dist/: it must be the build of the sources as they are now
assertFreshDist();

/** The version installed in the repo, so the consumer installs the same one (usually from the npm cache). */
const installed = (name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

const npm = (cwd: string, args: readonly string[]): string =>
  execFileSync('npm', [...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'rtk-entities-consumer-'));
  // `npm test` builds dist/ before jest runs
  const [packed] = JSON.parse(npm(root, ['pack', '--json', '--pack-destination', project])) as Array<{
    filename: string;
  }>;
  cpSync(join(__dirname, 'consumer'), project, { recursive: true });
  const manifest = {
    name: 'rtk-entities-consumer',
    private: true,
    dependencies: Object.fromEntries([
      ['rtk-entities', `file:./${packed?.filename ?? 'missing.tgz'}`],
      ...['@reduxjs/toolkit', 'react', 'react-dom', 'react-redux'].map((name) => [name, installed(name)]),
    ]),
    devDependencies: {
      typescript: '~5.9.3',
      ...Object.fromEntries(
        ['jest', 'ts-jest', '@types/jest', '@types/node', '@types/react', '@types/react-dom'].map((name) => [
          name,
          installed(name),
        ]),
      ),
    },
  };
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  npm(project, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error']);
}, 300_000);

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

test('the consumer installs TypeScript 5.9', () => {
  expect(installedIn(project, 'typescript')).toMatch(/^5\.9\./);
});

describe('a CommonJS Jest + ts-jest project', () => {
  test('type-checks its test under module: commonjs (node10 resolution), every entry included', () => {
    const trace = tsc(project, ['--noEmit', '-p', '.', '--traceResolution']);
    expect(trace).toContain("Module resolution kind is not specified, using 'Node10'.");
    expect(
      trace.match(
        /Module name 'rtk-entities(\/react|\/rtk-query|\/rtk-query\/react)?' was successfully resolved to '[^']+'/g,
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/'rtk-entities' was successfully resolved to '.*\/dist\/index\.d\.cts'/),
        expect.stringMatching(/'rtk-entities\/react' was successfully resolved to '.*\/dist\/react\/index\.d\.cts'/),
        expect.stringMatching(
          /'rtk-entities\/rtk-query' was successfully resolved to '.*\/dist\/rtk-query\/index\.d\.cts'/,
        ),
        expect.stringMatching(
          /'rtk-entities\/rtk-query\/react' was successfully resolved to '.*\/dist\/rtk-query\/react\/index\.d\.cts'/,
        ),
      ]),
    );
  }, 120_000);

  test('runs its tests, importing every entry, with no Jest configuration beyond the preset', () => {
    const reportFile = join(project, 'jest-report.json');
    execFileSync(
      process.execPath,
      [join(project, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--json', `--outputFile=${reportFile}`],
      {
        cwd: project,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      testResults: Array<{ assertionResults: Array<{ title: string; status: string }> }>;
    };
    // test files finish in any order
    expect(
      report.testResults
        .flatMap((file) => file.assertionResults.map(({ title, status }) => `${status}: ${title}`))
        .sort(),
    ).toEqual([
      'passed: every entry loads as CommonJS',
      'passed: rtk-entities/react: a hook reads the store built with the core entry',
      'passed: rtk-entities/rtk-query: normalizeApi reads what RTK Query stored as instances, typed from the schema',
      'passed: rtk-entities/views: a live view, typed from its options, kept by the views of the store',
      'passed: rtk-entities: normalize, then denormalize typed from the schema',
    ]);
  }, 120_000);
});

describe('an ES module project', () => {
  test('type-checks under module: nodenext, compiles, and runs with every entry sharing one store API', () => {
    tsc(project, ['-p', 'esm']);
    const output = execFileSync(process.execPath, [join(project, 'esm', 'out', 'app.js')], {
      cwd: project,
      encoding: 'utf8',
    });
    const report = JSON.parse(output.trim()) as Record<string, unknown>;
    expect(report).toEqual({
      read: [{ id: '1', name: 'Ann' }],
      isInstance: true,
      html: '<p>Ann, Bo</p>',
      rtkQuery: ['Cy true'],
      core: expect.stringMatching(/\/node_modules\/rtk-entities\/dist\/index\.js$/),
      react: expect.stringMatching(/\/node_modules\/rtk-entities\/dist\/react\/index\.js$/),
      rtkQueryEntry: expect.stringMatching(/\/node_modules\/rtk-entities\/dist\/rtk-query\/react\/index\.js$/),
      view: ['Bo', 'Ann'],
      viewsEntry: expect.stringMatching(/\/node_modules\/rtk-entities\/dist\/views\/index\.js$/),
    });
  }, 120_000);
});

/** The version of `name` installed in `dir`. */
function installedIn(dir: string, name: string): string {
  return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** Runs the consumer's own TypeScript; returns its output, throws with it on errors. */
function tsc(dir: string, args: readonly string[]): string {
  try {
    return execFileSync(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), ...args], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    throw new Error(
      `tsc ${args.join(' ')} failed:\n${(stdout ?? '')
        .split('\n')
        .filter((line) => line.includes('error'))
        .join('\n')}`,
    );
  }
}
