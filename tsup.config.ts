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
import type { Plugin } from 'esbuild';
import entries from './scripts/entries.json';

/**
 * The `schema` namespace is a module of its own in the output (`dist/schema.js`, an internal entry
 * that re-exports the classes from the shared chunk), imported by `dist/index.js` as
 * `import * as schema from './schema.js'`. Bundled, esbuild would make the namespace an object
 * holding every class, which keeps all of them in an app that reads one; kept a module, Rollup
 * and Vite drop each `schema.X` the app never reads.
 */
const schemaNamespaceModule: Plugin = {
  name: 'schema-namespace-module',
  setup(build) {
    // the extension of this format's output (tsup runs esbuild as ESM for both, Rollup then writes CommonJS)
    const extension = build.initialOptions.outExtension?.['.js'] ?? '.js';
    build.onResolve({ filter: /^\.\/schema\/schemaNamespace\.js$/ }, (args) =>
      args.importer.endsWith('/src/index.ts') ? { path: `./schema${extension}`, external: true } : undefined,
    );
  },
};

/**
 * Members of the library's own objects that no app reads: the memo's classes (read by nothing outside
 * `src/normalizr/memo/` but the live views), and the bookkeeping of the middleware and the hooks. The build gives
 * them short names, as an app's minifier cannot (it keeps property names), and leaves them out of the declarations
 * (each is marked `@internal`). None is part of the API, the state or a message between tabs, and none is ever
 * named by a string. `__tests__/package/distParity.test.ts` checks the built package against the sources.
 * Measured: 195 B min+gzip off a typical app.
 */
// prettier-ignore
const INTERNAL_MEMBERS = [
  // Shelf
  'alignedFor', 'keepsHistory', 'putAlone', 'setReads', 'toFront', 'versionOf', 'placeOf',
  'position', 'rewind', 'prove', 'align', 'wrap', 'kept', 'reads', 'depth', 'place',
  // EntityMemo, Version, ReadPlan
  'isFound', 'mayKeepAlone', 'settle', 'forget', 'mark', 'older', 'shelf', 'leafEntity', 'leafField',
  'fillsLeaves',
  // MemoRead (beyond what schemas call), MemoCache's entries
  'partList', 'partReads', 'topTable', 'tableIds', 'generation', 'previous',
  // the requests in flight, the middleware's retention and polling, a call's fetch policy, the hooks' context
  // (the optimistic layers' `settle` and RTK Query's raw index's `place` share names above; the memo has a `place`,
  // no `settle` of its own)
  'inFlight', 'shared', 'releasedAt', 'count', 'timer', 'frequencies', 'hasData', 'controllerFor', 'useStore',
  'useSelector', 'querySelector',
  // a mount point's memo, a polymorphic schema's flag
  'memo', 'single',
  // a polymorphic schema's attribute, a collection's own bookkeeping; the registry's, the collector's and the poller's
  'attributeOf', 'changeWriter', 'isNonFilterArgument', 'isValues', 'startedKeys', 'begin', 'layered', 'frequency',
  'requestedFrom', 'filled', 'unusedLongEnough', 'removeKeys', 'cancellable', 'callers', 'dropped', 'requests',
  // what a selector of tables reads; a memo version's and a kept result's value
  'indexSelectors', 'toTables', 'toIndexes', 'output',
  // a memo version's record and walk number (an index entry's holder shares the first)
  'record', 'low',
  // the newest write of a kind's meta, an All's memo key; a request's start after the current task; a path's parts,
  // the parameters it names and its renderer (a memo plan's builder shares the last)
  'latestMeta', 'listToken', 'deferred', 'tokens', 'wildcard', 'names', 'build',
  // the action a data middleware answers with its API (the mount point's own)
  'connectAction',
  // what the parts of a store's middleware share: its registry of requests (and when each started), its collector,
  // its snapshot of the state for optimistic responses, its mount point
  'registry', 'collector', 'snapshot', 'starts', 'mount',
  // a read's key lists and stored records (the memo's and the write-back's readers), what an RTK Query endpoint stores
  'keysOf', 'stored',
];

/** `'.'` → `index`, `'./react'` → `react/index`: each entry's file name under dist/. */
function outputName(exportPath: string): string {
  return exportPath === '.' ? 'index' : `${exportPath.slice(2)}/index`;
}

export default defineConfig({
  entry: {
    ...Object.fromEntries(Object.entries(entries).map(([exportPath, source]) => [outputName(exportPath), source])),
    schema: 'src/schema/schemaNamespace.ts',
  },
  esbuildPlugins: [schemaNamespaceModule],
  esbuildOptions(options) {
    options.mangleProps = new RegExp(`^(${INTERNAL_MEMBERS.join('|')})$`);
  },
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
  // tsup's declaration build sets `baseUrl`, which TypeScript 6 reports as deprecated; the members given short
  // names (`INTERNAL_MEMBERS`, marked `@internal`) are left out of the declarations, which would name them wrongly
  dts: { compilerOptions: { ignoreDeprecations: '6.0', stripInternal: true } },
  clean: true,
});
