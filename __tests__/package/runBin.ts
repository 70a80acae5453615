/** Runs a command-line tool of the repo's node_modules/.bin in the repo root. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..');

/**
 * What the tool printed on stdout, whatever its exit code: the checks report a failure in their
 * output (JSON or text), which the test then shows. Throws only when the tool could not run.
 */
export function runBin(name: string, args: readonly string[]): string {
  // plain text: tools color their output when they see CI=true, as .ci/run sets it
  const env = { ...process.env, NO_COLOR: '1' };
  const run = spawnSync(join(root, 'node_modules', '.bin', name), args, {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error !== undefined) throw run.error;
  if (run.stdout.trim() === '')
    throw new Error(`${name} ${args.join(' ')} printed nothing (exit ${String(run.status)}):\n${run.stderr}`);
  return run.stdout;
}
