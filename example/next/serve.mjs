// `npm run example:next`: builds the Next.js example (the library first, then the app) and serves it
// on http://127.0.0.1:3000/ (PORT=... to change; PORT=0 picks a free port) until Ctrl+C.
// LIBRARY_BUILT=1 skips building the library (the tests' `npm test` has built dist/ already).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import next from 'next';

const dir = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

/** Runs a build step, stopping with its exit code when it fails. */
function run(command, args, cwd) {
  const { status } = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}

// the app imports the library as it is published: dist/
if (process.env.LIBRARY_BUILT !== '1') run('npm', ['run', 'build'], root);
run('npx', ['next', 'build'], dir);

process.env.NEXT_TELEMETRY_DISABLED = '1';
const port = Number(process.env.PORT ?? 3000);
const app = next({ dir, dev: false, hostname: '127.0.0.1', port });
await app.prepare();
const handle = app.getRequestHandler();
const server = createServer((request, response) => void handle(request, response));
server.once('error', (error) => {
  if (error?.code === 'EADDRINUSE')
    console.error(`Port ${port} is taken. Run with another one, e.g.: PORT=3001 npm run example:next`);
  else console.error(error);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`\nrtk-entities with Next.js: http://127.0.0.1:${server.address().port}/`);
  console.log('The users are fetched on the server; the page shows them with no request of its own. Ctrl+C to stop.');
});

const stop = () => server.close(() => void app.close().finally(() => process.exit(0)));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
