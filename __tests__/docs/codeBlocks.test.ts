/**
 * The documentation's code compiles as pasted: every ```ts and ```tsx block of README.md and docs/
 * is type-checked against the built package's declarations (`rtk-entities` resolves to dist/
 * through package.json `exports`, as installed), with bundler resolution and the repo's own
 * strictness (`strict`, `noImplicitOverride`, `noUncheckedIndexedAccess`...). A block is either a
 * module that imports and defines everything it uses, or a file of its page's recipe (its fence
 * names the file: ```tsx [app/page.tsx]), compiled together with the other files of that recipe,
 * which it may import.
 */
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { docBlocks, root, type DocBlock } from './docBlocks';

/** The strictness options a user's app copies from ours: the repo's tsconfig.json values for these names. */
const strictnessOptions = [
  'strict',
  'noImplicitOverride',
  'noUncheckedIndexedAccess',
  'useUnknownInCatchVariables',
  'noFallthroughCasesInSwitch',
  'exactOptionalPropertyTypes',
] as const;
const repoOptions = (
  ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config as {
    compilerOptions: Record<string, unknown>;
  }
).compilerOptions;
const strictness = Object.fromEntries(strictnessOptions.map((name) => [name, repoOptions[name]]));

const isTypeScript = (block: DocBlock) => block.language === 'ts' || block.language === 'tsx';

/**
 * Where a block is compiled: a recipe file at its own path inside a folder for its page (so its
 * relative imports find the recipe's other files), any other block as a module of its own.
 */
function virtualPath(block: DocBlock): string {
  const folder = join(root, '.docs-check', block.page.replace(/\.md$/, ''));
  return block.file === undefined ? join(folder, `line-${block.line}.${block.language}`) : join(folder, block.file);
}

/** Type-checks the blocks together; returns `page:line: message` per error. */
function typeCheck(blocks: readonly DocBlock[]): string[] {
  const { options, errors } = ts.parseJsonConfigFileContent(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        // the repo's own strictness (tsconfig.json), so a snippet that needs `override` fails here
        ...strictness,
        skipLibCheck: true,
        noEmit: true,
        // a user's app: test blocks use Jest's globals, a Next.js app has Node's (`process.env`); each
        // recipe is also compiled in a project of its own kind (recipes.test.ts)
        types: ['jest', 'node'],
      },
      files: [],
    },
    ts.sys,
    root,
  );
  // 18002: "the files list is empty"; the blocks are given to the program below
  const problems = errors.filter((error) => error.code !== 18002);
  if (problems.length > 0) throw new Error(ts.formatDiagnostics(problems, formatHost));
  const files = new Map(blocks.map((block) => [virtualPath(block), block]));
  const folders = new Set([...files.keys()].flatMap((file) => ancestors(dirname(file))));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const directoryExists = host.directoryExists?.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name)?.code ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.directoryExists = (name) => folders.has(name) || (directoryExists?.(name) ?? ts.sys.directoryExists(name));
  host.getSourceFile = (name, version, ...rest) => {
    const block = files.get(name);
    return block === undefined
      ? getSourceFile(name, version, ...rest)
      : ts.createSourceFile(name, block.code, version, true);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const block = diagnostic.file === undefined ? undefined : files.get(diagnostic.file.fileName);
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (block === undefined || diagnostic.file === undefined || diagnostic.start === undefined)
      return `${diagnostic.file?.fileName ?? '(options)'}: ${message}`;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${block.page}:${block.line + line}: ${message}`;
  });
}

/** `folder` and every folder above it, up to the repository's root. */
function ancestors(folder: string): string[] {
  return folder.length <= root.length ? [] : [folder, ...ancestors(dirname(folder))];
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

const blocks = docBlocks().filter(isTypeScript);

/** A block of a probe page, which shows what the check catches. */
const probe = (page: string, file: string | undefined, code: string): DocBlock => ({
  page: `probe/${page}.md`,
  line: 1,
  language: 'ts',
  file,
  section: 'probe',
  code,
});
const entity = (key: string) =>
  `import { Entity } from 'rtk-entities';\nexport class User extends Entity {\n  id = '';\n  pk() { return this.id; }\n  ${key} = 'User';\n}\n`;
const answer = probe('recipe', 'src/store.ts', 'export const answer: number = 42;\n');
const doubled = (page: string) =>
  probe(page, 'src/app.ts', "import { answer } from './store';\nexport const doubled: number = answer * 2;\n");
const probes = [
  probe('without-override', undefined, entity('static key')),
  probe('with-override', undefined, entity('static override key')),
  answer,
  doubled('recipe'),
  doubled('recipe-without-store'),
];

// one program for the docs and the probes (each probe page in a folder of its own): `npm test` builds
// dist/ before jest runs
let problems: string[] = [];
beforeAll(() => {
  problems = typeCheck([...blocks, ...probes]);
}, 120_000);

/** The errors reported for `page`. */
const problemsOf = (page: string) => problems.filter((problem) => problem.startsWith(`${page}:`));

test('the docs have TypeScript blocks; each is a module that imports what it uses, or a named file of a recipe', () => {
  expect(blocks.length).toBeGreaterThanOrEqual(15);
  expect(new Set(blocks.map((block) => block.page)).size).toBeGreaterThanOrEqual(10);
  expect(
    blocks
      .filter((block) => block.file === undefined && !/^import /m.test(block.code))
      .map((block) => `${block.page}:${block.line}`),
  ).toEqual([]);
});

test('every ts and tsx block of the README and the docs compiles as pasted', () => {
  expect(problems.filter((problem) => !problem.startsWith('probe/'))).toEqual([]);
});

test("the blocks compile under the repo's strictness, so a subclass field without `override` fails", () => {
  expect(strictness).toMatchObject({ strict: true, noImplicitOverride: true, noUncheckedIndexedAccess: true });
  expect(problemsOf('probe/without-override.md')).toEqual([
    expect.stringMatching(/^probe\/without-override\.md:5: This member must have an 'override' modifier/),
  ]);
  expect(problemsOf('probe/with-override.md')).toEqual([]);
});

test('a recipe file compiles with the files of its page it imports, and an import of a file the page lacks fails', () => {
  expect(problemsOf('probe/recipe.md')).toEqual([]);
  expect(problemsOf('probe/recipe-without-store.md')).toEqual([
    expect.stringMatching(/^probe\/recipe-without-store\.md:1: Cannot find module '\.\/store'/),
  ]);
});
