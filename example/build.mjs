// Builds the example page into example/dist with Vite's JS API: `node example/build.mjs`.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

/**
 * Builds the page (the library is compiled from ../src, see vite.config.mjs).
 * @param {{ logLevel?: 'info' | 'warn' | 'error' | 'silent' }} [options]
 * @returns {Promise<string>} the output folder
 */
export async function buildPage({ logLevel = 'info' } = {}) {
  const configFile = fileURLToPath(new URL('./vite.config.mjs', import.meta.url));
  await build({ configFile, logLevel });
  return fileURLToPath(new URL('./dist/', import.meta.url));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildPage();
}
