// The example page, served by Vite in development mode (`npm run example`, index.mjs). The library
// is compiled from its TypeScript source (../src, every entry), so the page always runs the code in
// this checkout, with no build of the library first.
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
      { find: /^rtk-entities\/tabs$/, replacement: here('../src/tabs/index.ts') },
      { find: /^rtk-entities\/rehydrate$/, replacement: here('../src/rehydrate/index.ts') },
      { find: /^rtk-entities\/views$/, replacement: here('../src/views/index.ts') },
    ],
  },
  // the library's sources are outside example/
  server: { fs: { allow: [here('..')] } },
});
