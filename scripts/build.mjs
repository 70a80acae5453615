// `npm run build`: the library build (tsup.config.ts) into dist/, then the package's entry points
// from scripts/entries.json, the one list of them. Adding an entry is one line there; this script
// then writes its `exports` conditions, its `files` line and its package.json stub (read by
// `moduleResolution: node10`, which ignores `exports`), so the three never disagree.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { writeStamp } from './buildStamp.mjs';

const require = createRequire(import.meta.url);
const root = new URL('../', import.meta.url);
const entries = JSON.parse(readFileSync(new URL('scripts/entries.json', root), 'utf8'));

rmSync(new URL('dist', root), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('tsup/dist/cli-default.js')], { cwd: root, stdio: 'inherit' });

/** `'.'` → `./dist/index`, `'./react'` → `./dist/react/index` (tsup.config.ts names them alike). */
const distBase = (exportPath) => (exportPath === '.' ? './dist/index' : `./dist/${exportPath.slice(2)}/index`);

/** The conditions of one entry: each format with its own declarations, `types` first. */
const conditions = (base) => ({
  import: { types: `${base}.d.ts`, default: `${base}.js` },
  require: { types: `${base}.d.cts`, default: `${base}.cjs` },
});

const pkgUrl = new URL('package.json', root);
const pkg = JSON.parse(readFileSync(pkgUrl, 'utf8'));
const stubs = Object.keys(entries).filter((exportPath) => exportPath !== '.');
const fields = {
  files: ['dist', ...stubs.map((exportPath) => `${exportPath.slice(2)}/package.json`)],
  // for tools that read no `exports`: CommonJS and its types (node10), ESM for old bundlers
  main: `${distBase('.')}.cjs`,
  module: `${distBase('.')}.js`,
  types: `${distBase('.')}.d.cts`,
  exports: {
    ...Object.fromEntries(Object.keys(entries).map((exportPath) => [exportPath, conditions(distBase(exportPath))])),
    './package.json': './package.json',
  },
};
// written together, in this order, just before `scripts`
const ordered = {};
for (const [key, value] of Object.entries(pkg)) {
  if (key === 'scripts') Object.assign(ordered, fields);
  if (!(key in fields)) ordered[key] = value;
}
writeFileSync(pkgUrl, `${JSON.stringify(ordered, null, 2)}\n`);

for (const exportPath of stubs) {
  const dir = new URL(`${exportPath.slice(2)}/`, root);
  const up = '../'.repeat(exportPath.split('/').length - 1);
  const base = `${up}${distBase(exportPath).slice(2)}`;
  const stub = { main: `${base}.cjs`, module: `${base}.js`, types: `${base}.d.cts`, sideEffects: false };
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('package.json', dir), `${JSON.stringify(stub, null, 2)}\n`);
}

// the package tests check that dist/ was built from the sources they test (scripts/buildStamp.mjs)
writeStamp();
