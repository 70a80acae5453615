/**
 * The two entry points are split by import: `rtk-entities` must never load React, and the hooks
 * entry must reach the core through the default mount point only. Checked on the sources' static
 * imports, and on the built package through a plain Node script.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = join(__dirname, '..', '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** Every source file `entry` reaches by static imports, and the packages they import. */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const pending = [join(root, entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.includes(file)) continue;
    files.push(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2]) as string;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
      const found = ['.ts', '.tsx'].map((extension) => base + extension).find((candidate) => existsSync(candidate));
      if (found === undefined) throw new Error(`${relative(root, file)} imports ${specifier}, which does not exist`);
      pending.push(found);
    }
  }
  return { files: files.map((file) => relative(root, file)), packages };
}

describe('entry points', () => {
  test('rtk-entities (src/index.ts) never imports React, react-redux or the hooks', () => {
    const { files, packages } = importGraph('src/index.ts');
    expect([...packages].filter((name) => /^react(-dom|-redux)?(\/|$)/.test(name))).toEqual([]);
    expect(files.filter((file) => file.startsWith(join('src', 'react')))).toEqual([]);
  });

  test('rtk-entities/rtk-query (src/rtk-query/index.ts) never imports React, react-redux or the hooks', () => {
    const { files, packages } = importGraph('src/rtk-query/index.ts');
    expect([...packages].filter((name) => /^react(-dom|-redux)?(\/|$)/.test(name) || name.endsWith('/react'))).toEqual(
      [],
    );
    expect(
      files.filter((file) => file.startsWith(join('src', 'react')) || file === join('src', 'rtk-query', 'react.ts')),
    ).toEqual([]);
    expect(files).not.toContain(join('src', 'index.ts'));
  });

  test('rtk-entities/rtk-query/react adds React, react-redux and the types of RTK Query’s hooks module only', () => {
    const { files, packages } = importGraph('src/rtk-query/react.ts');
    expect(files).not.toContain(join('src', 'index.ts'));
    expect(files.filter((file) => file.startsWith(join('src', 'react')))).toEqual([]);
    expect([...packages].sort()).toEqual([
      '@reduxjs/toolkit',
      '@reduxjs/toolkit/query',
      '@reduxjs/toolkit/query/react',
      'react',
      'react-redux',
      'reselect',
    ]);
  });

  test('rtk-entities/react imports the core layers, never the core entry', () => {
    const { files, packages } = importGraph('src/react/index.ts');
    expect(files).not.toContain(join('src', 'index.ts'));
    expect(files).toContain(join('src', 'redux', 'defaultEntities.ts'));
    expect([...packages].sort()).toEqual(['@reduxjs/toolkit', 'react', 'react-redux', 'reselect']);
  });

  test("the built rtk-entities/react imports in plain Node and renders from the core entry's store", () => {
    // `npm test` builds dist/ before jest runs
    const output = execFileSync(process.execPath, [join(root, 'scripts', 'check-package.mjs')], {
      cwd: root,
      encoding: 'utf8',
    });
    const report = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { reactExports: string[]; html: string };
    expect(report.reactExports).toEqual(
      expect.arrayContaining([
        'useSuspense',
        'useQuery',
        'useCache',
        'useFetch',
        'useDLE',
        'useError',
        'useController',
        'useLive',
        'AsyncBoundary',
        'createHooks',
      ]),
    );
    expect(report.html).toBe('<p>Ann, Bo</p>');
  });

  test('package.json exports ./react in both formats, types first', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, Record<string, object>>;
    };
    expect(pkg.exports['./react']).toEqual({
      import: { types: './dist/react/index.d.ts', default: './dist/react/index.js' },
      require: { types: './dist/react/index.d.cts', default: './dist/react/index.cjs' },
    });
    expect(Object.keys(pkg.exports['./react']?.import ?? {})[0]).toBe('types');
    expect(Object.keys(pkg.exports['./react']?.require ?? {})[0]).toBe('types');
  });
});
