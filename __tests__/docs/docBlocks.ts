/**
 * The code blocks of the documentation (README.md and every page of docs/ but the generated API
 * reference), for the tests that compile and run them. A block whose fence names a file
 * (```tsx [app/page.tsx]) is that file of its page's recipe: the recipe tests write the named
 * blocks of a page into a fresh project, and the type check compiles them together.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export const root = join(__dirname, '..', '..');
export const docsDir = join(root, 'docs');

/** One fenced code block of a documentation page. */
export interface DocBlock {
  /** The page, relative to the repository (`docs/guide/persistence.md`). */
  readonly page: string;
  /** The line of the page the code starts on. */
  readonly line: number;
  /** The fence's language (`ts`, `tsx`, `sh`, `json`...). */
  readonly language: string;
  /** The file the block is, when its fence names one (`[src/store.ts]`). */
  readonly file: string | undefined;
  /** The heading the block is under, without its `#`s. */
  readonly section: string;
  readonly code: string;
}

/** The documentation pages: README.md, then docs/ (without the generated api/ and the site's build), by path. */
export function docPages(): string[] {
  const pages = readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md') && !/^(api|\.vitepress|node_modules)\//.test(path))
    .map((path) => relative(root, join(docsDir, path)))
    .sort();
  return ['README.md', ...pages];
}

/**
 * The text of `page` as the site shows it: VitePress's `<!--@include: path{from,to}-->` replaced with
 * those lines of the file it names.
 */
export function pageText(page: string): string {
  return readFileSync(join(root, page), 'utf8').replace(
    /<!--@include: ([^{}\s]+)(?:\{(\d*),(\d*)\})?-->/g,
    (_, path: string, from = '', to = '') => {
      const lines = readFileSync(join(root, dirname(page), path), 'utf8').split('\n');
      return lines.slice(from === '' ? 0 : Number(from) - 1, to === '' ? undefined : Number(to)).join('\n');
    },
  );
}

/** The fenced code blocks of `page`, in order (lines count in `pageText(page)`). */
export function pageBlocks(page: string): DocBlock[] {
  const lines = pageText(page).split('\n');
  const blocks: DocBlock[] = [];
  let section = '';
  let open: { line: number; language: string; file: string | undefined; code: string[] } | undefined;
  lines.forEach((text, index) => {
    if (open === undefined) {
      const heading = /^#+ (.*)$/.exec(text);
      if (heading !== null) section = heading[1] as string;
      const fence = /^```(\w*)(?:\s+\[([^\]]+)\])?\s*$/.exec(text);
      if (fence !== null) open = { line: index + 2, language: fence[1] as string, file: fence[2], code: [] };
    } else if (text.startsWith('```')) {
      blocks.push({
        page,
        line: open.line,
        language: open.language,
        file: open.file,
        section,
        code: `${open.code.join('\n')}\n`,
      });
      open = undefined;
    } else {
      open.code.push(text);
    }
  });
  return blocks;
}

/** Every documentation page's code blocks. */
export function docBlocks(): DocBlock[] {
  return docPages().flatMap(pageBlocks);
}

/** The anchor VitePress gives a heading (as `@mdit-vue/shared`'s slugify does). */
export function anchorOf(heading: string): string {
  return heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/** The anchors of a page's headings (outside fenced code). */
export function pageAnchors(page: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of pageText(page).split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (heading?.[1] !== undefined) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}
