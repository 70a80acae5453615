/**
 * The built package as Node sees it: both formats load by name and work (every entry), and package.json describes
 * every entry of scripts/entries.json in every way tools resolve it (`exports` conditions, the
 * `main`/`module`/`types` fields and each subpath's package.json stub for `moduleResolution: node10`).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertFreshDist, staleDist } from './freshDist';

const root = join(__dirname, '..', '..');
const readJson = <T>(...path: string[]): T => JSON.parse(readFileSync(join(root, ...path), 'utf8')) as T;

interface Report {
  exports: string[];
  read: unknown;
  isInstance: boolean;
  html: string;
  rtkQuery: { notes: string[]; isInstance: boolean; total: number; hook: string };
}

interface PackageJson {
  type: string;
  sideEffects: boolean;
  files: string[];
  main: string;
  module: string;
  types: string;
  exports: Record<string, Record<string, Record<string, string>> | string>;
}

describe('the build these tests read', () => {
  test('dist/ was built from the sources as they are now', () => {
    expect(staleDist()).toBeUndefined();
  });

  test('the check notices a source edited after the build, and a missing dist/', () => {
    const copy = mkdtempSync(join(tmpdir(), 'rtk-entities-stamp-'));
    try {
      for (const input of ['src', 'tsup.config.ts', 'tsconfig.build.json', 'scripts'])
        cpSync(join(root, input), join(copy, input), { recursive: true });
      expect(staleDist(copy)).toMatch(
        /^dist\/ does not exist: the package tests and `npm pack` would use an old build\. Run `npm run build` first/,
      );
      mkdirSync(join(copy, 'dist'));
      execFileSync(process.execPath, [join(root, 'scripts', 'buildStamp.mjs'), '--write'], {
        env: { ...process.env, BUILD_STAMP_ROOT: copy },
      });
      expect(staleDist(copy)).toBeUndefined();
      appendFileSync(join(copy, 'src', 'index.ts'), '\n// edited after the build\n');
      expect(staleDist(copy)).toMatch(
        /^dist\/ was built from other sources than src\/ \(or the build configs\) now hold/,
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('the built package', () => {
  // `npm test` builds dist/ before jest runs; an old build would make every check below meaningless
  assertFreshDist();
  const output = execFileSync(process.execPath, [join(root, 'scripts', 'check-package.mjs')], {
    cwd: root,
    encoding: 'utf8',
  });
  const report = JSON.parse(output.trim().split('\n').pop() ?? '{}') as Report & { cjs: Report };

  test('imports by name in plain Node (ESM) and works', () => {
    expect(report.exports).toEqual(expect.arrayContaining(['Entity', 'schema', 'normalize', 'denormalize']));
    expect(report.read).toEqual([{ id: '1', name: 'Ann' }]);
    expect(report.isInstance).toBe(true);
  });

  test("requires by name in plain Node (CommonJS): the same exports, and the hooks read the core entry's slice", () => {
    expect(report.cjs.exports).toEqual(report.exports);
    expect(report.cjs.read).toEqual([{ id: '1', name: 'Ann' }]);
    expect(report.cjs.isInstance).toBe(true);
    expect(report.cjs.html).toBe('<p>Ann, Bo</p>');
  });

  test.each([
    ['import', () => report.rtkQuery],
    ['require', () => report.cjs.rtkQuery],
  ])(
    "rtk-entities/rtk-query (%s) normalizes into the slice of that format's core entry; its react entry has the generated hooks",
    (_format, rtkQuery) => {
      expect(rtkQuery()).toEqual({ notes: ['a'], isInstance: true, total: 1, hook: 'function' });
    },
  );

  test('package.json: ESM by default, no side effects; each entry has ESM and CommonJS, each with its own types listed first', () => {
    const pkg = readJson<PackageJson>('package.json');
    const entries = readJson<Record<string, string>>('scripts', 'entries.json');
    expect(pkg.type).toBe('module');
    expect(pkg.sideEffects).toBe(false);
    expect(Object.keys(pkg.exports)).toEqual([...Object.keys(entries), './package.json']);
    for (const entry of Object.keys(entries)) {
      const base = entry === '.' ? './dist/index' : `./dist/${entry.slice(2)}/index`;
      const conditions = pkg.exports[entry] as Record<string, Record<string, string>>;
      expect([entry, conditions]).toEqual([
        entry,
        {
          import: { types: `${base}.d.ts`, default: `${base}.js` },
          require: { types: `${base}.d.cts`, default: `${base}.cjs` },
        },
      ]);
      expect([Object.keys(conditions.import ?? {})[0], Object.keys(conditions.require ?? {})[0]]).toEqual([
        'types',
        'types',
      ]);
      for (const file of [...Object.values(conditions.import ?? {}), ...Object.values(conditions.require ?? {})]) {
        expect([file, existsSync(join(root, file))]).toEqual([file, true]);
      }
    }
    expect([pkg.main, pkg.module, pkg.types]).toEqual(['./dist/index.cjs', './dist/index.js', './dist/index.d.cts']);
  });

  test('every subpath entry has a package.json stub (for node10 resolution), and the package ships it', () => {
    const pkg = readJson<PackageJson>('package.json');
    const subpaths = Object.keys(readJson<Record<string, string>>('scripts', 'entries.json')).filter(
      (entry) => entry !== '.',
    );
    expect(subpaths).toContain('./react');
    for (const entry of subpaths) {
      const dir = entry.slice(2);
      const up = '../'.repeat(dir.split('/').length);
      expect([entry, readJson(dir, 'package.json')]).toEqual([
        entry,
        {
          main: `${up}dist/${dir}/index.cjs`,
          module: `${up}dist/${dir}/index.js`,
          types: `${up}dist/${dir}/index.d.cts`,
          sideEffects: false,
        },
      ]);
      expect(pkg.files).toContain(`${dir}/package.json`);
    }
  });
});
