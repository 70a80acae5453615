/**
 * The library build (`npm run build`): ESM and CommonJS for every entry of scripts/entries.json,
 * with bundled declarations for each format (`.d.ts` beside `.js`, `.d.cts` beside `.cjs`).
 *
 * One module instance per format: all entries are built together with code splitting, so what two
 * entries share (the default `entities` instance, the classes, the memo) lives in one chunk file of
 * that format, which each entry imports. `rtk-entities` and `rtk-entities/react` loaded the same
 * way (both `import`ed, or both `require`d) therefore share one store API, and a bundler sees one
 * module. Dependencies and peer dependencies stay external.
 */
import { defineConfig } from 'tsup';
import entries from './scripts/entries.json';

/** `'.'` → `index`, `'./react'` → `react/index`: each entry's file name under dist/. */
function outputName(exportPath: string): string {
  return exportPath === '.' ? 'index' : `${exportPath.slice(2)}/index`;
}

export default defineConfig({
  entry: Object.fromEntries(Object.entries(entries).map(([exportPath, source]) => [outputName(exportPath), source])),
  format: ['esm', 'cjs'],
  tsconfig: 'tsconfig.build.json',
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  // rollup writes the output: CommonJS chunks keep modern syntax (tsup's other path runs them
  // through sucrase, which lowers `?.` and `??` in the hot paths), and `@__PURE__` marks stay
  treeshake: true,
  // esbuild embeds the sources (sourcesContent), so the maps work without shipping src/
  sourcemap: true,
  // tsup's declaration build sets `baseUrl`, which TypeScript 6 reports as deprecated
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
});
