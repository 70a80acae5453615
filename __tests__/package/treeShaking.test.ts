/**
 * What an app bundles of the built package is what it reads. The `schema` namespace is a module of
 * its own in dist/ (`dist/schema.js`), so Rollup (and Vite) keep only the `schema.X` an app reads;
 * esbuild keeps a re-exported namespace whole, whatever the package does, so this is checked with
 * Rollup. Peer dependencies stay external.
 */
import { join } from 'node:path';
import { rollup, type Plugin } from 'rollup';
import { root } from './runBin';
import { assertFreshDist } from './freshDist';

// these checks read dist/: it must be the build of the sources as they are now
assertFreshDist();

/** Resolves `rtk-entities` to the built ES module entry, as a bundler does through `exports`; peers stay out. */
const resolvePackage: Plugin = {
  name: 'resolve-package',
  resolveId(id) {
    if (id === 'app') return id;
    if (id === 'rtk-entities') return join(root, 'dist', 'index.js');
    if (/^(react|react-dom|react-redux|@reduxjs\/toolkit|reselect|redux|immer)(\/|$)/.test(id))
      return { id, external: true };
    return null;
  },
  load(id) {
    return id === 'app' ? APP : null;
  },
};

/** An app that reads one schema class of the namespace. */
const APP = `
import { Entity, schema } from 'rtk-entities';
class User extends Entity { id = ''; pk() { return this.id; } static key = 'User'; }
console.log(new schema.All(User));
`;

/** The schema classes a Rollup bundle of the app defines (dist/ declares each as `var Name = class`). */
async function schemaClassesBundled(): Promise<string[]> {
  const bundle = await rollup({ input: 'app', plugins: [resolvePackage], onwarn: () => {} });
  const { output } = await bundle.generate({ format: 'es' });
  const code = output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
  const names = ['All', 'ArraySchema', 'ObjectSchema', 'Union', 'Values', 'Invalidate', 'Query', 'Collection'];
  return names.filter((name) => new RegExp(`\\bvar ${name}(\\$\\d+)? = class\\b`).test(code));
}

test("an app that reads schema.All bundles none of the namespace's other classes (Rollup)", async () => {
  // Array and Object are what the normalizer makes of shorthands (`[User]`, `{ user: User }`): every program has them
  expect(await schemaClassesBundled()).toEqual(['All', 'ArraySchema', 'ObjectSchema']);
});
