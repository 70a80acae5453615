/**
 * The API docs lead to the README: every public export of the four entry points (`rtk-entities`,
 * `rtk-entities/react`, `rtk-entities/rtk-query`, `rtk-entities/rtk-query/react`; the members of
 * the `schema` namespace too) has `@see README.md#section` in its JSDoc, and every such link in
 * `src/` names a heading the README has.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..');
const ENTRIES = ['src/index.ts', 'src/react/index.ts', 'src/rtk-query/index.ts', 'src/rtk-query/react.ts'];
const SEE = /^README\.md#([\w-]+)$/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces turned into hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of the README's headings (lines starting with `#` outside fenced code). */
function readmeAnchors(): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(join(root, 'README.md'), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (heading?.[1] !== undefined) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

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
      tags.map((tag) => ts.displayPartsToString(tag.text).trim()),
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

test('every public export links to its README section', () => {
  expect(links.size).toBeGreaterThan(100);
  const missing = [...links].filter(([, targets]) => !targets.some((target) => SEE.test(target))).map(([name]) => name);
  expect(missing).toEqual([]);
});

test('every README link in the API docs names a README heading', () => {
  const anchors = readmeAnchors();
  expect(anchors).toContain('schemas');
  expect(anchors).toContain('long-running-apps-memory-unused-data-order');
  const broken = [...links]
    .flatMap(([name, targets]) => targets.map((target) => ({ name, anchor: SEE.exec(target)?.[1] })))
    .filter(({ anchor }) => anchor !== undefined && !anchors.has(anchor))
    .map(({ name, anchor }) => `${name}: README.md#${anchor}`);
  expect(broken).toEqual([]);
});
