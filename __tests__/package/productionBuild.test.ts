/**
 * Development checks cost nothing in production builds. Programs that trigger development warnings
 * are bundled from the built package for the browser, as an app's bundler would: with
 * `process.env.NODE_ENV` defined as 'production' they run silent, no `process.env` read is left
 * in the bundle, and none of the development messages' text is in it; defined as 'development',
 * the same programs warn. Each bundle runs in a fresh context with a browser's timers and URL
 * classes but no `process`, as in a browser.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { assertFreshDist } from './freshDist';

// these checks read dist/: it must be the build of the sources as they are now
assertFreshDist();

const root = join(__dirname, '..', '..');
const esbuild = require.resolve('esbuild/bin/esbuild');

/**
 * Bundles a program of __tests__/fixtures/bundles for the browser. With `nodeEnv` undefined it is
 * bundled for no platform, which leaves `process.env.NODE_ENV` as it is (for the browser, esbuild
 * defines it by itself).
 */
function bundle(
  program: string,
  nodeEnv: 'production' | 'development' | undefined,
  { external = [], minify = nodeEnv === 'production' }: { external?: readonly string[]; minify?: boolean } = {},
): string {
  const platform =
    nodeEnv === undefined
      ? ['--platform=neutral']
      : ['--platform=browser', `--define:process.env.NODE_ENV="${nodeEnv}"`];
  return execFileSync(
    esbuild,
    [
      join('__tests__', 'fixtures', 'bundles', program),
      '--bundle',
      ...platform,
      '--format=iife',
      '--target=es2022',
      // resolve `rtk-entities` as an installed package (dist/, through package.json exports), not through the repo's tsconfig paths
      '--tsconfig-raw={}',
      ...(minify ? ['--minify'] : []),
      ...external.map((name) => `--external:${name}`),
      '--log-level=error',
    ],
    { cwd: root, encoding: 'utf8' },
  );
}

/**
 * Runs a bundle where there is no `process` (or the one given); returns what it logged and what it
 * warned.
 */
function runInBrowserLikeContext(code: string, globals: object = {}): { logs: string[]; warnings: string[] } {
  const logs: string[] = [];
  const warnings: string[] = [];
  const console = {
    log: (message: string) => logs.push(message),
    warn: (message: string) => warnings.push(message),
    error: (message: string) => warnings.push(message),
  };
  runInNewContext(code, {
    console,
    setTimeout,
    clearTimeout,
    queueMicrotask,
    URL,
    URLSearchParams,
    AbortController,
    ...globals,
  });
  return { logs, warnings };
}

describe('a production bundle', () => {
  test.each([
    ['unmatchedFeedItem.ts', 'normalized: 1'],
    ['unbundledMutation.ts', 'trades: 1'],
  ])('of %s runs without process, and stays silent', (program, result) => {
    const code = bundle(program, 'production');
    expect(code).not.toMatch(/process\.env/);
    expect(runInBrowserLikeContext(code)).toEqual({ logs: [result], warnings: [] });
  });
});

describe('the same programs bundled for development', () => {
  test('an unmatched polymorphic item warns', () => {
    const code = bundle('unmatchedFeedItem.ts', 'development');
    expect(code).not.toMatch(/process\.env/);
    expect(runInBrowserLikeContext(code)).toEqual({
      logs: ['normalized: 1'],
      warnings: [expect.stringMatching(/^rtk-entities: All has no schema for 'video' \(mapping keys: link\)/)],
    });
  });

  test('a mutation response without a declared key warns, naming the endpoint and the key', () => {
    const { logs, warnings } = runInBrowserLikeContext(bundle('unbundledMutation.ts', 'development'));
    expect(logs).toEqual(['trades: 1']);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^rtk-entities: POST \/trade: the response has no 'account', which the endpoint's schema declares/,
      ),
    ]);
  });
});

/**
 * A piece of each development message, as the built package writes it: present in a development
 * bundle of every entry, absent from a production one. Checks of the program's own definitions
 * (schemas, endpoints, path templates) are development checks: a development run meets them first.
 * So is the advice an error gives on how to fix it; the error, naming what failed and where, is
 * thrown in production too.
 */
const DEVELOPMENT_MESSAGES = [
  'has no schema for', // schema.All / Union: an item no mapping key names
  'both have static key', // two Entity classes with one key
  'has no pk() method', // an Entity class without pk()
  "which the endpoint's schema declares", // a mutation response without a declared key
  'its optimistic response could not be shown',
  'getOptimisticResponse threw',
  'this platform has no BroadcastChannel',
  'was ignored:', // a message on the broadcast channel
  'could not be posted to the other tabs',
  'the tabs are an entry of their own', // broadcastChannel given a name, not tabs(name)
  "this store's reads find no data", // a store without the slice
  'nothing in this store fetches', // a store without the middleware
  'this version of rtk-entities made', // a preloaded or rehydrated state of another shape
  'is not a list of writes', // what is wrong with that state's shape (printed with the line above)
  'takes it unchecked', // a preloaded or rehydrated state, with no rehydrate to check it
  'the response could not be normalized, so select() shows an error', // normalizeApi
  // checks of the program's own definitions, which a development run meets first
  'invalid path template',
  'Express-style optional parameter',
  'has no static key',
  'schemaAttribute must be a string or a function',
  'schema.Union needs a schemaAttribute',
  'schema.All needs one Entity class',
  'so its definition must be Entity classes',
  'schema.Collection takes [X]',
  'move needs a Collection of one Entity class',
  'Endpoint(fetchFn) needs an async function',
  // how to fix an error: the error itself, naming what failed and where, is thrown in production too
  'to the reducer of configureStore', // the slice is missing
  'getDefault().concat(createDataMiddleware())', // the middleware is missing
  'If this request sends no body back',
  'an HTML page usually means the wrong server answered',
  'Dot segments are rejected',
  'pass it in the params',
  'Serialize it yourself',
  'Pass the whole character',
  'or give the endpoint a key(...args) option',
  'Check the name, or inject the endpoint', // normalizeApi: an endpoint the api does not have
  'declare schemas for queries, infinite queries and mutations',
  'Give the schema of ONE page',
  "or import normalizeApi from 'rtk-entities/rtk-query' for an api without React",
  "check the field pk() reads, such as 'id'",
  'For a list of them, use [union]',
  'To delete by another field',
  'Send data.',
  'Send it as a string.',
  'Object.fromEntries(map)', // a Map or Set body: how to send it
  '[...set]',
  // why JSON would not keep a value: the error names the value and where it is in production too
  'which JSON cannot send',
  'which JSON.stringify cannot send',
  'which JSON sends as {}',
  'which JSON turns into null',
  'The response was probably not parsed',
  'flatten it in process()', // data nested too deep to store
  "e.g. ['a', 'b']",
];

describe('every entry bundled', () => {
  const peers = ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit'];
  const development = bundle('everyEntry.ts', 'development', { external: peers });
  const production = bundle('everyEntry.ts', 'production', { external: peers });

  test.each(DEVELOPMENT_MESSAGES)('for development holds the development message %j', (message) => {
    expect(development).toContain(message);
  });

  test('for production holds none of the development messages', () => {
    expect(DEVELOPMENT_MESSAGES.filter((message) => production.includes(message))).toEqual([]);
  });

  test('for production is smaller than for development, minified alike', () => {
    const minifiedDevelopment = bundle('everyEntry.ts', 'development', { external: peers, minify: true });
    expect(production.length).toBeLessThan(minifiedDevelopment.length);
  });
});

describe('the tabs (rtk-entities/tabs)', () => {
  const peers = ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit'];
  /** What only the tabs' code holds: the platform's channel and the protocol of their messages. */
  const tabsCode = (code: string) => ['BroadcastChannel', 'rtk-entities/1'].filter((text) => code.includes(text));

  test('are in the bundle of an app that imports them', () => {
    expect(tabsCode(bundle('tabsApp.ts', 'production', { external: peers }))).toEqual([
      'BroadcastChannel',
      'rtk-entities/1',
    ]);
  });

  test('are not in the bundle of a typical app, which shares no tabs', () => {
    expect(tabsCode(bundle('typicalApp.ts', 'production', { external: peers }))).toEqual([]);
  });
});

describe('the checks of a state from elsewhere (rtk-entities/rehydrate)', () => {
  const peers = ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit'];
  /** What only the checks hold: the problems they name, which production errors and warnings keep. */
  const checksCode = (code: string) =>
    ['its meta is not an object', 'that write wrote it', 'minutes ahead of this store'].filter((text) =>
      code.includes(text),
    );

  test('are in the bundle of an app that imports them', () => {
    expect(checksCode(bundle('rehydrateApp.ts', 'production', { external: peers }))).toEqual([
      'its meta is not an object',
      'that write wrote it',
      'minutes ahead of this store',
    ]);
  });

  test('are not in the bundle of a typical app, which hands its store no state', () => {
    expect(checksCode(bundle('typicalApp.ts', 'production', { external: peers }))).toEqual([]);
  });
});

test('a bundle that leaves process.env.NODE_ENV alone reads it at run time, as Redux Toolkit and React do', () => {
  const code = bundle('unmatchedFeedItem.ts', undefined);
  expect(code).toMatch(/process\.env\.NODE_ENV !== "production"/);
  // where nothing replaces it, `process` must exist, as for Redux Toolkit's and React's own checks
  expect(runInBrowserLikeContext(code, { process: { env: {} } }).warnings).toEqual([
    expect.stringMatching(/All has no schema for 'video'/),
  ]);
  expect(runInBrowserLikeContext(code, { process: { env: { NODE_ENV: 'production' } } })).toEqual({
    logs: ['normalized: 1'],
    warnings: [],
  });
});
