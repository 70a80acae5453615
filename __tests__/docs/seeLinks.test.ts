/**
 * The API reference leads to the guides: every public export of the entry points
 * (`rtk-entities`, `rtk-entities/react`, `rtk-entities/rtk-query`, `rtk-entities/rtk-query/react`,
 * `rtk-entities/tabs`, `rtk-entities/rehydrate`;
 * the members of the `schema` namespace too) has `@see docs/<page>.md` (or `...md#section`) in its
 * JSDoc, and every such reference in `src/` names a page of docs/ and a heading it has. The site's
 * API pages turn them into links (scripts/docs.mjs).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { pageAnchors, root } from './docBlocks';

const ENTRIES = [
  'src/index.ts',
  'src/react/index.ts',
  'src/rtk-query/index.ts',
  'src/rtk-query/react.ts',
  'src/tabs/index.ts',
  'src/rehydrate/index.ts',
];
const SEE = /^docs\/((?:guide|reference|contributing)\/[\w-]+\.md)(?:#([\w-]+))?$/;

/** The `@see` targets of an export, by its public name (`schema.All` for namespace members). */
function publicSeeLinks(): Map<string, string[]> {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const program = ts.createProgram(
    ENTRIES.map((entry) => join(root, entry)),
    options,
  );
  const checker = program.getTypeChecker();
  const links = new Map<string, string[]>();
  const visit = (symbol: ts.Symbol, name: string): void => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (target.flags & ts.SymbolFlags.ValueModule) {
      for (const member of checker.getExportsOfModule(target)) visit(member, `${name}.${member.name}`);
      return;
    }
    const tags = target.getJsDocTags(checker).filter((tag) => tag.name === 'see');
    links.set(
      name,
      // TypeScript reads the path's first word as a name (`docs /guide/react.md`)
      tags.map((tag) => ts.displayPartsToString(tag.text).replace(/\s+/g, '')),
    );
  };
  for (const entry of ENTRIES) {
    const file = program.getSourceFile(join(root, entry));
    const module = file === undefined ? undefined : checker.getSymbolAtLocation(file);
    if (module === undefined) throw new Error(`${entry} is not a module`);
    for (const symbol of checker.getExportsOfModule(module)) visit(symbol, `${relative(root, entry)}: ${symbol.name}`);
  }
  return links;
}

const links = publicSeeLinks();

test('every public export links to its guide', () => {
  expect(links.size).toBeGreaterThan(100);
  const missing = [...links].filter(([, targets]) => !targets.some((target) => SEE.test(target))).map(([name]) => name);
  expect(missing).toEqual([]);
});

/** Every `docs/<page>.md#anchor` named anywhere in `src/` (JSDoc and comments), with its file. */
function sourceReferences(): { file: string; page: string; anchor: string | undefined }[] {
  const references = [];
  for (const path of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(path)) continue;
    const text = readFileSync(join(root, 'src', path), 'utf8');
    for (const [, page = '', anchor] of text.matchAll(/docs\/([\w/-]+\.md)(?:#([\w-]+))?/g))
      references.push({ file: `src/${path}`, page, anchor });
  }
  return references;
}

test('every docs page the sources name exists, with the heading named', () => {
  const references = sourceReferences();
  expect(references.length).toBeGreaterThan(150);
  const broken = references
    .filter(({ page, anchor }) => {
      const path = join('docs', page);
      return !existsSync(join(root, path)) || (anchor !== undefined && !pageAnchors(path).has(anchor));
    })
    .map(({ file, page, anchor }) => `${file}: docs/${page}${anchor === undefined ? '' : `#${anchor}`}`);
  expect(broken).toEqual([]);
});

test('no source refers to a README section any more: the guides are in docs/', () => {
  const stale = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter(
    (path) => /\.tsx?$/.test(path) && readFileSync(join(root, 'src', path), 'utf8').includes('README.md#'),
  );
  expect(stale).toEqual([]);
});
