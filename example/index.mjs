// `npm run example`: serves the page with its API on http://127.0.0.1:5173/ (PORT=... to change;
// PORT=0 picks a free port; EXAMPLE_QUIET=1 shortens Vite's output). Ctrl+C stops it.
//
// Vite serves the page in development mode, compiling it and the library (from ../src, see
// vite.config.mjs) as the browser asks for them: nothing is built first, so it starts in seconds.
import { fileURLToPath } from 'node:url';
import { createServer as createVite } from 'vite';
import { startServer } from './server.mjs';

const port = Number(process.env.PORT ?? 5173);
let vite;

const server = await startServer({
  port,
  page: async (httpServer) => {
    vite = await createVite({
      configFile: fileURLToPath(new URL('./vite.config.mjs', import.meta.url)),
      logLevel: process.env.EXAMPLE_QUIET ? 'warn' : 'info',
      appType: 'spa',
      // Vite's reload socket shares the example's server and port
      server: { middlewareMode: true, ws: { server: httpServer } },
    });
    return vite.middlewares;
  },
}).catch((error) => {
  if (error?.code === 'EADDRINUSE') {
    console.error(`Port ${port} is taken. Run with another one, e.g.: PORT=5174 npm run example`);
    process.exit(1);
  }
  throw error;
});

console.log(`\nrtk-entities example: ${server.url}`);
console.log('Open it in a browser; the page lists the requests the server sees. Ctrl+C to stop.');

const stop = () =>
  Promise.all([vite?.close(), server.close()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
