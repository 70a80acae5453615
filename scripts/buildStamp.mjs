// Tells whether dist/ was built from the sources as they are now. `npm run build` records a hash of
// everything the build reads (src/, the tsup and TypeScript build configs, the entry list) in
// node_modules/.cache/rtk-entities/build-stamp.json, outside dist/ so it is never published.
//
//   node scripts/buildStamp.mjs --check   exits 1, saying what to do, when dist/ is missing or stale
//                                         (the package tests and `npm pack`, through `prepack`, run it)
//   node scripts/buildStamp.mjs --write   records the stamp (what the build does)
// BUILD_STAMP_ROOT=<dir> checks another copy of the repository (the test of this check uses it).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = process.env.BUILD_STAMP_ROOT ?? fileURLToPath(new URL('../', import.meta.url));
const stampFile = join(root, 'node_modules', '.cache', 'rtk-entities', 'build-stamp.json');
const INPUTS = ['src', 'tsup.config.ts', 'tsconfig.build.json', 'scripts/entries.json', 'scripts/build.mjs'];

/** The files of one input: every file under a directory, or the file itself. */
function files(input) {
  const full = join(root, input);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [input];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)));
}

/** A hash of the build's inputs: their paths and contents. */
export function sourceHash() {
  const hash = createHash('sha256');
  const all = INPUTS.flatMap(files).sort();
  for (const file of all) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Records that dist/ now matches the sources (called by scripts/build.mjs). */
export function writeStamp() {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify({ sources: sourceHash() })}\n`);
}

/** Why dist/ cannot be trusted, or undefined when it was built from the current sources. */
export function staleReason() {
  if (!existsSync(join(root, 'dist'))) return 'dist/ does not exist';
  if (!existsSync(stampFile)) return `dist/ has no build stamp (${relative(root, stampFile)})`;
  const { sources } = JSON.parse(readFileSync(stampFile, 'utf8'));
  return sources === sourceHash()
    ? undefined
    : 'dist/ was built from other sources than src/ (or the build configs) now hold';
}

const cli = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (cli && process.argv.includes('--write')) writeStamp();
if (cli && process.argv.includes('--check')) {
  const reason = staleReason();
  if (reason !== undefined) {
    console.error(
      `${reason}: the package tests and \`npm pack\` would use an old build. Run \`npm run build\` first (\`npm test\` does).`,
    );
    process.exit(1);
  }
}
