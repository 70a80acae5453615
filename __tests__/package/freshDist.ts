/** The package tests check dist/: it must have been built from the sources as they are now. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/**
 * Throws, saying what to do, when dist/ is missing or was built from other sources (an edit since
 * the last `npm run build`): the package tests would otherwise pass or fail on an old build.
 */
export function assertFreshDist(): void {
  const problem = staleDist();
  if (problem !== undefined) throw new Error(problem);
}

/**
 * What `scripts/buildStamp.mjs --check` says about the build in `repository`, or `undefined` when it
 * is fresh.
 */
export function staleDist(repository = root): string | undefined {
  const check = spawnSync(process.execPath, [join(root, 'scripts', 'buildStamp.mjs'), '--check'], {
    cwd: repository,
    encoding: 'utf8',
    env: { ...process.env, BUILD_STAMP_ROOT: repository },
  });
  return check.status === 0
    ? undefined
    : check.stderr.trim() || `scripts/buildStamp.mjs --check exited with ${String(check.status)}`;
}
