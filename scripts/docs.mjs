// The documentation site: generates the API reference from the sources' JSDoc (TypeDoc, into
// docs/api/, not committed), then serves the site or builds it.
//
//   node scripts/docs.mjs dev      `npm run docs`: serves on http://127.0.0.1 (PORT=... ; default 5183) until Ctrl+C;
//                                  the API reference is generated again only when a source changed since
//   node scripts/docs.mjs build    `npm run docs:build`: the static site in docs/.vitepress/dist/
//   node scripts/docs.mjs api      only the API reference
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Application } from 'typedoc';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const apiDir = join(docs, 'api');

/** `@see docs/guide/react.md#anchor` in the JSDoc: a link to that guide in the site. */
const SEE = /(?<![\w/[(])docs\/((?:guide|reference|contributing)\/[\w-]+)\.md(#[\w-]+)?/g;

/** Turns the guides' paths in the generated pages into links to the guides. */
function linkGuides(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const linked = text.replace(SEE, (path, page, anchor = '') => `[${path}](/${page}${anchor})`);
    if (linked !== text) writeFileSync(file, linked);
  }
}

/** Generates docs/api/ (markdown pages and the sidebar) from the four entry points' JSDoc. */
export async function generateApi() {
  rmSync(apiDir, { recursive: true, force: true });
  const app = await Application.bootstrapWithPlugins({ options: join(docs, 'typedoc.json'), logLevel: 'Error' });
  const project = await app.convert();
  if (project === undefined || app.logger.hasErrors()) throw new Error('TypeDoc could not read the sources.');
  await app.generateOutputs(project);
  linkGuides(apiDir);
}

/** A port that is free now, on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Whether docs/api/ was generated after the last change of the sources it documents. */
function apiIsFresh() {
  const generated = join(apiDir, 'typedoc-sidebar.json');
  if (!existsSync(generated)) return false;
  const sources = readdirSync(fileURLToPath(new URL('../src/', import.meta.url)), {
    withFileTypes: true,
    recursive: true,
  })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const newest = Math.max(...[...sources, join(docs, 'typedoc.json')].map((file) => statSync(file).mtimeMs));
  return statSync(generated).mtimeMs > newest;
}

const command = process.argv[2];
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!['dev', 'build', 'api'].includes(command ?? '')) {
    console.error('Usage: node scripts/docs.mjs dev|build|api');
    process.exit(1);
  }
  if (command !== 'dev' || !apiIsFresh()) await generateApi();
  if (command === 'build') {
    const { build } = await import('vitepress');
    await build(docs);
    console.log(`The site is in ${join(docs, '.vitepress', 'dist')}`);
  } else if (command === 'dev') {
    const { createServer } = await import('vitepress');
    const port = Number(process.env.PORT ?? 5183);
    // PORT=0: a free port (Vite itself would read 0 as its default, 5173)
    const server = await createServer(docs, {
      host: '127.0.0.1',
      port: port === 0 ? await freePort() : port,
      strictPort: port === 0,
    });
    await server.listen();
    console.log(`\nrtk-entities docs: ${server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`}`);
    console.log('Ctrl+C to stop.');
  }
}
