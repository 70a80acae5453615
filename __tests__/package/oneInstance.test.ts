/**
 * No dual-package hazard within a format: the default `entities` mount point (which every
 * top-level Redux export, the hooks and `normalizeApi` share) is created once per format, in one
 * chunk file that every entry imports (tsup.config.ts builds them together with
 * code splitting). Checked on the built files; scripts/check-package.mjs checks the same at run time (a
 * hook of each format renders what that format's core entry stored).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './runBin';
import { assertFreshDist } from './freshDist';

// these checks read dist/: it must be the build of the sources as they are now
assertFreshDist();

const dist = join(root, 'dist');

/** Every file under dist/, relative to it. */
function distFiles(dir = dist): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? distFiles(join(dir, entry.name)) : [relative(dist, join(dir, entry.name))],
  );
}

const read = (file: string): string => readFileSync(join(dist, file), 'utf8');

// `npm test` builds dist/ before jest runs
describe.each([
  ['ESM', '.js', /from ['"]((?:\.{1,2}\/)+chunk-[\w-]+\.js)['"]/g],
  ['CommonJS', '.cjs', /require\(['"]((?:\.{1,2}\/)+chunk-[\w-]+\.cjs)['"]\)/g],
])('%s', (_format, extension, chunkImport) => {
  const code = distFiles().filter((file) => file.endsWith(extension));
  const creators = code.filter((file) =>
    /\bdefaultMountPoint = \/\* @__PURE__ \*\/ buildMountPoint\(["']entities["']\)/.test(read(file)),
  );

  test('one file creates the default mount point, and it is a shared chunk', () => {
    expect(creators).toEqual([expect.stringMatching(/^chunk-[\w-]+\.c?js$/)]);
  });

  /** The chunks `file` imports, directly or through other chunks. */
  const chunksOf = (file: string, seen = new Set<string>()): Set<string> => {
    for (const match of read(file).matchAll(chunkImport)) {
      const chunk = join(file, '..', match[1] as string);
      if (!seen.has(chunk)) chunksOf(chunk, seen.add(chunk));
    }
    return seen;
  };

  test.each([
    `index${extension}`,
    `react/index${extension}`,
    `rtk-query/index${extension}`,
    `rtk-query/react/index${extension}`,
  ])('%s imports that chunk', (entry) => {
    expect([...chunksOf(entry)]).toContain(creators[0]);
  });
});

test('source maps embed the sources they map (src/ is not shipped)', () => {
  const maps = distFiles().filter((file) => file.endsWith('.map'));
  expect(maps.length).toBeGreaterThanOrEqual(6);
  for (const file of maps) {
    const map = JSON.parse(read(file)) as { sources: string[]; sourcesContent?: Array<string | null> };
    // an entry whose code all lives in chunks maps no source of its own
    const contents = map.sourcesContent ?? [];
    expect([
      file,
      contents.length,
      contents.every((content) => typeof content === 'string' && content.length > 0),
    ]).toEqual([file, map.sources.length, true]);
  }
});
