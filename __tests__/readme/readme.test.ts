/**
 * The README's code compiles as pasted: every ```ts and ```tsx block is type-checked on its own, as
 * a module of a user's app (bundler resolution, the repo's own strictness: `strict`, `noImplicitOverride`,
 * `noUncheckedIndexedAccess`...), against the built package's
 * declarations (`rtk-entities` resolves to dist/ through package.json `exports`, as installed), so
 * each block must import and define everything it uses.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { readmeBlocks, type ReadmeBlock } from './readmeBlocks';

const root = join(__dirname, '..', '..');

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

/** Type-checks the blocks together, each its own module file; returns `README.md:line: message` per error. */
function typeCheck(blocks: readonly ReadmeBlock[]): string[] {
  const { options, errors } = ts.parseJsonConfigFileContent(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        // the repo's own strictness (tsconfig.json), so a snippet that needs `override` fails here
        ...strictness,
        skipLibCheck: true,
        noEmit: true,
        // a user's app: test blocks use Jest's globals
        types: ['jest'],
      },
      files: [],
    },
    ts.sys,
    root,
  );
  // 18002: "the files list is empty"; the blocks are given to the program below
  const problems = errors.filter((error) => error.code !== 18002);
  if (problems.length > 0) throw new Error(ts.formatDiagnostics(problems, formatHost));
  const files = new Map(blocks.map((block) => [join(root, `README.line-${block.line}.${block.language}`), block]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name)?.code ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
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
    return `README.md:${block.line + line}: ${message}`;
  });
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

const blocks = readmeBlocks();

test('the README has TypeScript blocks, each a module that imports what it uses', () => {
  expect(blocks.length).toBeGreaterThanOrEqual(6);
  expect(blocks.filter((block) => !/^import /m.test(block.code)).map((block) => `README.md:${block.line}`)).toEqual([]);
});

test('every ts and tsx block of the README compiles as pasted', () => {
  // `npm test` builds dist/ before jest runs
  expect(typeCheck(blocks)).toEqual([]);
}, 60_000);

test("the blocks compile under the repo's strictness, so a subclass field without `override` fails", () => {
  expect(strictness).toMatchObject({ strict: true, noImplicitOverride: true, noUncheckedIndexedAccess: true });
  const probe = (key: string): ReadmeBlock => ({
    line: 1,
    language: 'ts',
    section: 'probe',
    code: `import { Entity } from 'rtk-entities';\nexport class User extends Entity {\n  id = '';\n  pk() { return this.id; }\n  ${key} = 'User';\n}\n`,
  });
  expect(typeCheck([probe('static key')])).toEqual([
    expect.stringMatching(/^README\.md:5: This member must have an 'override' modifier/),
  ]);
  expect(typeCheck([probe('static override key')])).toEqual([]);
}, 60_000);
