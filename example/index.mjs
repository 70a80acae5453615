// `npm run example`: builds the page, then serves it with its API on http://127.0.0.1:5173/
// (PORT=... to change; PORT=0 picks a free port; EXAMPLE_QUIET=1 shortens Vite's output). Ctrl+C stops it.
import { buildPage } from './build.mjs';
import { startServer } from './server.mjs';

const port = Number(process.env.PORT ?? 5173);

await buildPage({ logLevel: process.env.EXAMPLE_QUIET ? 'warn' : 'info' });
const server = await startServer({ port }).catch((error) => {
  if (error?.code === 'EADDRINUSE') {
    console.error(`Port ${port} is taken. Run with another one, e.g.: PORT=5174 npm run example`);
    process.exit(1);
  }
  throw error;
});

console.log(`\nrtk-entities example: ${server.url}`);
console.log('Open it in a browser; the page lists the requests the server sees. Ctrl+C to stop.');

const stop = () => server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
