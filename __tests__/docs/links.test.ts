/**
 * The README is a landing page (at most 300 lines, the two commands a newcomer runs, links into
 * docs/), and every relative link of the README and the docs pages leads to a file that exists
 * and, for a link with `#section`, to a heading of that page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { docPages, pageAnchors, root } from './docBlocks';

/** The relative links of a page (outside fenced code), with their line. */
function relativeLinks(page: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenced = false;
  readFileSync(join(root, page), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.startsWith('```')) fenced = !fenced;
      if (fenced) return;
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!/^[a-z]+:/i.test(target) && !target.startsWith('/')) links.push({ line: index + 1, target });
      }
    });
  return links;
}

/** What is wrong with a link of `page`, or `undefined`. */
function brokenLink(page: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? join(root, page) : join(root, dirname(page), path);
  // VitePress links may leave out `.md`
  const found = [file, `${file}.md`].find((candidate) => existsSync(candidate));
  if (found === undefined) return 'no such file';
  if (anchor !== undefined && found.endsWith('.md') && !pageAnchors(relative(root, found)).has(anchor))
    return `no heading #${anchor} in ${relative(root, found)}`;
  return undefined;
}

test('the README is a landing page: at most 300 lines, the two commands, links to the guides', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  expect(readme).toContain('npm install && npm run example');
  expect(readme).toContain('npm test ');
  expect(
    relativeLinks('README.md').filter(({ target }) => target.startsWith('docs/guide/')).length,
  ).toBeGreaterThanOrEqual(12);
});

test('every relative link of the README and the docs pages leads to a page, and to a heading it has', () => {
  const pages = docPages();
  expect(pages.length).toBeGreaterThanOrEqual(20);
  const broken = pages.flatMap((page) =>
    relativeLinks(page).flatMap(({ line, target }) => {
      const problem = brokenLink(page, target);
      return problem === undefined ? [] : [`${page}:${line}: ${target}: ${problem}`];
    }),
  );
  expect(broken).toEqual([]);
});
