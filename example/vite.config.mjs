// Builds the example page into example/dist. The library is compiled from its TypeScript source
// (../src, every entry), so the page always shows the code in this checkout, built or not.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  // Vite 8 transforms TSX with Oxc; React's automatic runtime needs no plugin
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: [
      { find: /^rtk-entities$/, replacement: here('../src/index.ts') },
      { find: /^rtk-entities\/react$/, replacement: here('../src/react/index.ts') },
      { find: /^rtk-entities\/rtk-query$/, replacement: here('../src/rtk-query/index.ts') },
      { find: /^rtk-entities\/rtk-query\/react$/, replacement: here('../src/rtk-query/react.ts') },
    ],
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    sourcemap: true,
  },
});
