// Vite's react-ts template, one page per recipe. Vite 8 compiles TSX with Oxc; React's automatic
// runtime needs no plugin.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    rollupOptions: {
      input: {
        persistence: page('persistence/index.html'),
        idb: page('persistence/idb.html'),
        rtkQuery: page('rtk-query/index.html'),
        pushes: page('pushes/index.html'),
      },
    },
  },
});
