// The Next.js example's build: the library from this checkout's build (dist/, as it is published),
// resolved by name as an app that installed it would.
import { fileURLToPath } from 'node:url';

const dist = (file) => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));

/** @type {import('next').NextConfig} */
export default {
  // the repository's root holds the lockfile
  outputFileTracingRoot: fileURLToPath(new URL('../..', import.meta.url)),
  turbopack: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    resolveAlias: {
      'rtk-entities': dist('index.js'),
      'rtk-entities/react': dist('react/index.js'),
      'rtk-entities/rehydrate': dist('rehydrate/index.js'),
    },
  },
};
