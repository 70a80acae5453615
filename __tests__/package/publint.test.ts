/**
 * publint lints the packed package (`npm pack`) the way publishing tools and bundlers read it:
 * `exports`, `main`/`module`/`types`, file formats, and the files that would ship. Warnings count as
 * errors (`--strict`), and suggestions must be none either.
 */
import { runBin } from './runBin';
import { assertFreshDist } from './freshDist';

// these checks read dist/: it must be the build of the sources as they are now
assertFreshDist();

test('publint reports nothing on the packed package', () => {
  // `npm test` builds dist/ before jest runs
  const output = runBin('publint', ['run', '.', '--strict', '--level', 'suggestion']);
  const lines = output.trim().split('\n');
  // what follows publint's progress lines is its report
  expect(lines.slice(lines.indexOf('Linting...') + 1)).toEqual(['All good!']);
});
