/**
 * Size budgets (package.json `size-limit`), measured as a user's bundle would be: the built entries
 * bundled with esbuild, minified and gzipped, peer dependencies left out. The first budget checks
 * tree-shaking: a program that imports only `normalize`, `Entity` and `schema` carries none of the
 * Redux layer. `normalizeApi` is measured alone, with and without its hooks (RTK Query itself is a
 * peer dependency, left out like the others).
 */
import { runBin } from './runBin';
import { assertFreshDist } from './freshDist';

// these checks read dist/: it must be the build of the sources as they are now
assertFreshDist();

interface Check {
  name: string;
  passed: boolean;
  size: number;
  sizeLimit: number;
}

// `npm test` builds dist/ before jest runs
const checks = JSON.parse(runBin('size-limit', ['--json'])) as Check[];

test('every entry is measured', () => {
  expect(checks.map((check) => check.name)).toEqual([
    'normalize, Entity and schema',
    'rtk-entities',
    'rtk-entities and rtk-entities/react',
    'rtk-entities/rtk-query',
    'rtk-entities/rtk-query/react',
  ]);
});

test('normalize, Entity and schema alone stay within about 6 KB (6.5 KB)', () => {
  const [alone] = checks;
  expect(alone?.sizeLimit).toBe(6500);
  expect(alone?.size).toBeLessThanOrEqual(6500);
});

test.each(checks.map((check) => [check.name, check] as const))('%s is within its budget', (_name, check) => {
  expect(check.passed).toBe(true);
  expect(check.size).toBeLessThanOrEqual(check.sizeLimit);
});
