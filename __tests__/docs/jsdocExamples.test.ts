/**
 * The `@example` blocks of the sources' JSDoc compile: they are the code blocks of the API
 * reference pages (TypeDoc renders them there). Such a block is partial by design (it uses a `User`,
 * a `getUsers`, a `ctrl` it does not declare), so each is checked in one context, an app's, below:
 * every value the entries export is in scope, and so are the entities, endpoints, store and
 * components the examples name. A block may declare a name the context has: its own wins.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { root } from './docBlocks';

const ENTRIES = [
  'src/index.ts',
  'src/react/index.ts',
  'src/rtk-query/react.ts',
  'src/tabs/index.ts',
  'src/rehydrate/index.ts',
];

/** One `@example` block of the sources. */
interface Example {
  readonly file: string;
  readonly line: number;
  readonly language: string;
  readonly code: string;
}

/** The `@example` blocks of every source file but the internal utilities (they are on no API page). */
function examples(): Example[] {
  const found: Example[] = [];
  for (const path of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(path) || path.startsWith('utils/')) continue;
    const text = readFileSync(join(root, 'src', path), 'utf8');
    for (const match of text.matchAll(/@example\s*\n\s*\*\s*```(\w*)\n((?:\s*\*.*\n)*?)\s*\*\s*```/g)) {
      const line = text.slice(0, match.index).split('\n').length + 2;
      const code = (match[2] ?? '')
        .split('\n')
        .map((row) => row.replace(/^\s*\* ?/, ''))
        .join('\n');
      found.push({ file: `src/${path}`, line, language: match[1] || 'ts', code });
    }
  }
  return found;
}

/** The value exports of the entries (`schema`, `useSuspense`...), as `[name, entry]`. */
function publicValues(): Array<[string, string]> {
  const program = ts.createProgram(
    ENTRIES.map((entry) => join(root, entry)),
    {
      strict: true,
      jsx: ts.JsxEmit.ReactJSX,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      module: ts.ModuleKind.ESNext,
    },
  );
  const checker = program.getTypeChecker();
  const values = new Map<string, string>();
  for (const entry of ENTRIES) {
    const file = program.getSourceFile(join(root, entry));
    const module = file === undefined ? undefined : checker.getSymbolAtLocation(file);
    if (module === undefined) throw new Error(`${entry} is not a module`);
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (target.flags & ts.SymbolFlags.Value) values.set(symbol.name, entry);
    }
  }
  return [...values];
}

/** The package name of an entry file (`src/react/index.ts` is `rtk-entities/react`). */
const packageOf = (entry: string) =>
  ({
    'src/index.ts': 'rtk-entities',
    'src/react/index.ts': 'rtk-entities/react',
    'src/tabs/index.ts': 'rtk-entities/tabs',
    'src/rehydrate/index.ts': 'rtk-entities/rehydrate',
  })[entry] ?? 'rtk-entities/rtk-query/react';

/** The app the examples live in: real values, then made global so that an example may redeclare them. */
function context(values: ReadonlyArray<[string, string]>): string {
  const entries = [...new Set(values.map(([, entry]) => entry))];
  const imports = entries.map((entry, i) => `import * as entry${i} from '${packageOf(entry)}';`);
  const library = values.map(([name, entry]) => `  var ${name}: typeof entry${entries.indexOf(entry)}.${name};`);
  return `${imports.join('\n')}
import { configureStore as reduxConfigureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Suspense as ReactSuspense, type ReactNode } from 'react';
const { Entity: Base, RestEndpoint: Rest, schema: schemas, createController: controller, entitiesSlice: slice } = entry0;

class UserEntity extends Base { id = ''; name = ''; pk() { return this.id; } static override key = 'User'; }
class TradeEntity extends Base { id = 0; amount = '0'; coin = ''; pk() { return \`\${this.id}\`; } static override key = 'Trade'; }
class AccountEntity extends Base { id = 0; balance = '0'; pk() { return \`\${this.id}\`; } static override key = 'Account'; }
class TodoEntity extends Base { id = 0; userId = 0; title = ''; pk() { return \`\${this.id}\`; } static override key = 'Todo'; }
class TickerEntity extends Base { coin = ''; price = '0'; pk() { return this.coin; } static override key = 'Ticker'; }
abstract class FeedItemEntity extends Base { id = 0; declare type: 'link' | 'post'; pk() { return \`\${this.id}\`; } }
class LinkEntity extends FeedItemEntity { override type = 'link' as const; url = ''; static override key = 'Link'; }
class PostEntity extends FeedItemEntity { override type = 'post' as const; content = ''; static override key = 'Post'; }
interface UserRowShape { id: string; name: string }
interface TradeRow { id: number; amount: string; coin: string }
const urlPrefix = 'https://api.example.com';
const tradeList = new schemas.Collection([TradeEntity]);
const todoList = new schemas.Collection([TodoEntity]);
const usersEndpoint = new Rest({ urlPrefix, path: '/users', schema: new schemas.All(UserEntity) });
const userEndpoint = new Rest({ urlPrefix, path: '/users/:id', schema: UserEntity });
const createUserEndpoint = new Rest({ urlPrefix, path: '/users', method: 'POST', schema: UserEntity });
const postsEndpoint = new Rest({ urlPrefix, path: '/posts', searchParams: {} as { userId: string }, schema: [PostEntity] });
const tickerEndpoint = new Rest({ urlPrefix, path: '/ticker/:coin', schema: TickerEntity, pollFrequency: 2000 });
const tradeEndpoint = new Rest({ urlPrefix, path: '/trade/:id', schema: TradeEntity });
const usersApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://api.example.com' }),
  endpoints: (build) => ({
    getTrades: build.query<TradeRow[], void>({ query: () => '/trade' }),
    createTrade: build.mutation<{ trade: TradeRow; account: { id: number; balance: string } }, { amount: string; coin: string }>({
      query: (body) => ({ url: '/trade', method: 'POST', body }),
    }),
  }),
});
const normalized = entry${entries.indexOf('src/rtk-query/react.ts')}.normalizeApi(usersApi, {
  getTrades: tradeList,
  createTrade: { trade: tradeList.push, account: AccountEntity },
});
const appStore = reduxConfigureStore({
  reducer: { [usersApi.reducerPath]: usersApi.reducer, [slice.reducerPath]: slice.reducer },
  middleware: (getDefault) => getDefault().concat(usersApi.middleware, entry0.createDataMiddleware(), normalized.middleware),
});

declare global {
${library.join('\n')}
  var configureStore: typeof reduxConfigureStore;
  var Suspense: typeof ReactSuspense;
  var User: typeof UserEntity;
  var Trade: typeof TradeEntity;
  var Account: typeof AccountEntity;
  var Todo: typeof TodoEntity;
  var Ticker: typeof TickerEntity;
  var Link: typeof LinkEntity;
  var Post: typeof PostEntity;
  type UserRow = UserRowShape;
  type ResultOf<E> = entry0.ResultOf<E>;
  var API: string;
  var getUsers: typeof usersEndpoint;
  var getUser: typeof userEndpoint;
  var createUser: typeof createUserEndpoint;
  var getPosts: typeof postsEndpoint;
  var getTicker: typeof tickerEndpoint;
  var getTrade: typeof tradeEndpoint;
  var trades: typeof tradeList;
  var todos: typeof todoList;
  var api: typeof usersApi & { user(id: string): Promise<unknown> };
  var entitiesApi: typeof normalized;
  var store: typeof appStore;
  var ctrl: ReturnType<typeof controller>;
  var state: ReturnType<typeof appStore.getState>;
  var reducer: { [slice.reducerPath]: typeof slice.reducer };
  var response: UserRowShape[];
  var page1: UserRowShape[];
  var page2: UserRowShape[];
  var id: string | undefined;
  var error: unknown;
  function Users(): ReactNode;
  function Spinner(): ReactNode;
  function Retry(props: { onClick: () => void; children?: ReactNode }): ReactNode;
  function List(props: { users: readonly InstanceType<typeof UserEntity>[] }): ReactNode;
  function Posts(props: { user: InstanceType<typeof UserEntity> }): ReactNode;
  function showOfflineBanner(url: string): void;
  function showNotFound(): void;
}
`;
}

/** Type-checks the examples in the context; returns `file:line: message` per error. */
function typeCheck(all: readonly Example[], values: ReadonlyArray<[string, string]>): string[] {
  const folder = join(root, '.docs-check', 'jsdoc');
  const files = new Map<string, string>([[join(folder, 'context.ts'), context(values)]]);
  const origins = new Map<string, Example>();
  all.forEach((example, i) => {
    const name = join(folder, `example-${i}.${example.language === 'tsx' ? 'tsx' : 'ts'}`);
    // a module of its own, so that its declarations stay its own
    files.set(name, `export {};\n${example.code}`);
    origins.set(name, example);
  });
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noImplicitOverride: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.getSourceFile = (name, version, ...rest) => {
    const code = files.get(name);
    return code === undefined ? getSourceFile(name, version, ...rest) : ts.createSourceFile(name, code, version, true);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const example = diagnostic.file === undefined ? undefined : origins.get(diagnostic.file.fileName);
    if (example === undefined || diagnostic.file === undefined || diagnostic.start === undefined)
      return `${diagnostic.file === undefined ? '(options)' : relative(root, diagnostic.file.fileName)}: ${message}`;
    // the first line is the `export {}` added above
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${example.file}:${example.line + line - 1}: ${message}`;
  });
}

const all = examples();

test('the API reference has examples: every main factory and hook', () => {
  expect(all.length).toBeGreaterThanOrEqual(35);
  for (const file of [
    'src/schema/Entity.ts',
    'src/schema/All.ts',
    'src/endpoint/createResource.ts',
    'src/react/useSuspense.ts',
  ])
    expect(all.map((example) => example.file)).toContain(file);
});

test('every @example compiles in an app that has what it names', () => {
  // `npm test` builds dist/ before jest runs: the library resolves to it, as installed
  expect(typeCheck(all, publicValues())).toEqual([]);
}, 120_000);
