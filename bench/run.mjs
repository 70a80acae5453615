// Runs the compiled bench (tsc -p bench/tsconfig.json → .tmp/bench) in ONE Node process, with
// NODE_ENV=production and --expose-gc (for the memory case). Arguments are passed on.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = new URL('../.tmp/bench/', import.meta.url);
// the compiled files are ES modules
writeFileSync(new URL('package.json', out), `${JSON.stringify({ type: 'module' })}\n`);
const { status, signal } = spawnSync(
  process.execPath,
  ['--expose-gc', ...process.execArgv, fileURLToPath(new URL('bench/index.js', out)), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  },
);
process.exit(status ?? (signal ? 1 : 0));
