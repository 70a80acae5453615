/**
 * Development checks cost nothing in production builds. Programs that trigger development warnings
 * are bundled from the built package for the browser, as an app's bundler would: with
 * `process.env.NODE_ENV` defined as 'production' they run silent, and no `process.env` read is left
 * in the bundle; defined as 'development', the same programs warn. Each bundle runs in a fresh
 * context with a browser's timers and URL classes but no `process`, as in a browser.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { assertFreshDist } from './freshDist';

// these checks read dist/: it must be the build of the sources as they are now
assertFreshDist();

const root = join(__dirname, '..', '..');
const esbuild = require.resolve('esbuild/bin/esbuild');

/**
 * Bundles a program of __tests__/fixtures/bundles for the browser. With `nodeEnv` undefined it is
 * bundled for no platform, which leaves `process.env.NODE_ENV` as it is (for the browser, esbuild
 * defines it by itself).
 */
function bundle(program: string, nodeEnv: 'production' | 'development' | undefined): string {
  const platform =
    nodeEnv === undefined
      ? ['--platform=neutral']
      : ['--platform=browser', `--define:process.env.NODE_ENV="${nodeEnv}"`];
  return execFileSync(
    esbuild,
    [
      join('__tests__', 'fixtures', 'bundles', program),
      '--bundle',
      ...platform,
      '--format=iife',
      '--target=es2022',
      // resolve `rtk-entities` as an installed package (dist/, through package.json exports), not through the repo's tsconfig paths
      '--tsconfig-raw={}',
      ...(nodeEnv === 'production' ? ['--minify'] : []),
      '--log-level=error',
    ],
    { cwd: root, encoding: 'utf8' },
  );
}

/** Runs a bundle where there is no `process`; returns what it logged and what it warned. */
function runInBrowserLikeContext(code: string): { logs: string[]; warnings: string[] } {
  const logs: string[] = [];
  const warnings: string[] = [];
  const console = {
    log: (message: string) => logs.push(message),
    warn: (message: string) => warnings.push(message),
    error: (message: string) => warnings.push(message),
  };
  runInNewContext(code, { console, setTimeout, clearTimeout, queueMicrotask, URL, URLSearchParams, AbortController });
  return { logs, warnings };
}

describe('a production bundle', () => {
  test.each([
    ['unmatchedFeedItem.ts', 'normalized: 1'],
    ['unbundledMutation.ts', 'trades: 1'],
  ])('of %s runs without process, and stays silent', (program, result) => {
    const code = bundle(program, 'production');
    expect(code).not.toMatch(/process\.env/);
    expect(runInBrowserLikeContext(code)).toEqual({ logs: [result], warnings: [] });
  });
});

describe('the same programs bundled for development', () => {
  test('an unmatched polymorphic item warns', () => {
    const code = bundle('unmatchedFeedItem.ts', 'development');
    expect(code).not.toMatch(/process\.env/);
    expect(runInBrowserLikeContext(code)).toEqual({
      logs: ['normalized: 1'],
      warnings: [expect.stringMatching(/^rtk-entities: All has no schema for 'video' \(mapping keys: link\)/)],
    });
  });

  test('a mutation response without a declared key warns, naming the endpoint and the key', () => {
    const { logs, warnings } = runInBrowserLikeContext(bundle('unbundledMutation.ts', 'development'));
    expect(logs).toEqual(['trades: 1']);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^rtk-entities: POST \/trade: the response has no 'account', which the endpoint's schema declares/,
      ),
    ]);
  });
});

test('a bundle that leaves process.env.NODE_ENV alone, run where there is no process, keeps the checks on', () => {
  const code = bundle('unmatchedFeedItem.ts', undefined);
  expect(code).toMatch(/process\.env\.NODE_ENV !== "production"/);
  expect(runInBrowserLikeContext(code).warnings).toEqual([expect.stringMatching(/All has no schema for 'video'/)]);
});
