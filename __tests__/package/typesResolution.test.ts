/**
 * Are the types wrong? `@arethetypeswrong/cli` packs the package (`npm pack`) and resolves every
 * entry as TypeScript does under each `moduleResolution` (node10, node16 from CommonJS and from ESM,
 * bundler): it must find no problem, and each entry must reach the declarations of the format its
 * JavaScript has.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, runBin } from './runBin';
import { assertFreshDist } from './freshDist';

// these checks read dist/: it must be the build of the sources as they are now
assertFreshDist();

interface Resolution {
  resolution?: { fileName: string };
  implementationResolution?: { fileName: string };
}
interface AttwReport {
  problems: Record<string, unknown[]> | unknown[];
  analysis: { entrypoints: Record<string, { resolutions: Record<string, Resolution> }> };
}

// `npm test` builds dist/ before jest runs
const report = JSON.parse(runBin('attw', ['--pack', '.', '--format', 'json'])) as AttwReport;
const entries = Object.keys(
  JSON.parse(readFileSync(join(root, 'scripts', 'entries.json'), 'utf8')) as Record<string, string>,
);

test('attw finds no problem', () => {
  expect(Object.values(report.problems).flat()).toEqual([]);
  expect(Object.keys(report.analysis.entrypoints)).toEqual([...entries, './package.json']);
});

test.each(entries)('%s: types and JavaScript of the same format under every moduleResolution', (entry) => {
  const base = `/node_modules/rtk-entities/dist/${entry === '.' ? '' : `${entry.slice(2)}/`}index`;
  const found = Object.fromEntries(
    Object.entries(report.analysis.entrypoints[entry]?.resolutions ?? {}).map(
      ([kind, { resolution, implementationResolution }]) => [
        kind,
        [resolution?.fileName, implementationResolution?.fileName],
      ],
    ),
  );
  expect(found).toEqual({
    node10: [`${base}.d.cts`, `${base}.cjs`],
    'node16-cjs': [`${base}.d.cts`, `${base}.cjs`],
    'node16-esm': [`${base}.d.ts`, `${base}.js`],
    bundler: [`${base}.d.ts`, `${base}.js`],
  });
});
