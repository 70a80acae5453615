/**
 * The guides' recipes run as written, in fresh projects that install the packed package (`npm pack`)
 * the way Getting started says. The files come from the docs themselves: every code block whose
 * fence names a file (```ts [src/store.ts]) is written to that path of its recipe's project, so a
 * guide and its test cannot drift. What a project template gives before that (Vite's config and
 * index.html, create-next-app's layout and tsconfig) is in __tests__/package/recipes/.
 *
 * - Persistence, RTK Query adoption and Pushes: pages of one ES module Vite app (`"type": "module"`),
 *   built once and driven in Chromium, which answers https://api.example.com and its websocket.
 * - Testing with Jest: a CommonJS project runs its tests with jest and ts-jest.
 * - Server rendering: a Next.js App Router app, built, started, and read per request.
 *
 * The packages are the union of the guides' install lines (getting-started, persistence, testing),
 * plus what the templates bring (vite, next, react-dom), installed once for all the projects (they
 * sit side by side under one node_modules), from the npm cache when it has them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pageBlocks, pageText } from '../docs/docBlocks';
import { launchChromium, stopServer } from '../example/chromium';
import { serveFolder } from '../fixtures/serveFolder';
import { assertFreshDist } from './freshDist';
import { root } from './runBin';

jest.setTimeout(120_000);

// the recipes install dist/ as packed: it must be the build of the sources as they are now
assertFreshDist();

const TEMPLATES = join(__dirname, 'recipes');
const API = 'https://api.example.com';
/** The pages whose install lines a newcomer runs, in order. */
const INSTALL_PAGES = ['docs/guide/getting-started.md', 'docs/guide/persistence.md', 'docs/guide/testing.md'];

/** The version installed in the repo, for what a project template brings (so the npm cache has it). */
const installed = (name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

const npm = (cwd: string, args: readonly string[]): string =>
  execFileSync('npm', [...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Runs a package's command-line script from the workspace's node_modules; resolves with what it printed. */
function run(cwd: string, script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(workspace, 'node_modules', script), ...args], {
      cwd,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${script} ${args.join(' ')} failed in ${cwd} (exit ${code}):\n${stdout}\n${stderr}`));
    });
  });
}

/** The package specs of every `npm install` (or `npm i`) line of a page: sh blocks and inline code. */
function installSpecs(page: string): string[] {
  const lines = [
    ...pageBlocks(page)
      .filter((block) => block.language === 'sh')
      .flatMap((block) => block.code.split('\n')),
    ...[...pageText(page).matchAll(/`(npm i(?:nstall)? [^`]+)`/g)].map(([, line = '']) => line),
  ];
  return lines
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => /^npm i(nstall)? /.test(line) && !line.includes('&&'))
    .flatMap((line) => line.split(/\s+/).slice(2))
    .filter((word) => !word.startsWith('-'));
}

/** Writes every named code block of `page` into `project`, at the path its fence names; returns the paths. */
function writeRecipe(page: string, project: string): string[] {
  const files = pageBlocks(page).filter((block) => block.file !== undefined);
  for (const { file = '', code } of files) {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    writeFileSync(join(project, file), code);
  }
  return files.map(({ file = '' }) => file);
}

let workspace: string;
let tarball: string;

/** The API the Next.js app reads (a user added here shows on the page's next request). */
const users = [
  { id: '1', name: 'Ann' },
  { id: '2', name: 'Bo' },
];
const api = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  response.end(JSON.stringify(request.url === '/users' ? users : { error: 'no such path' }));
});
let apiUrl = '';

/**
 * Writes the Next.js app and runs `next build`, which takes the longest: started as soon as the
 * packages are installed, it runs while the Vite app is built and tested.
 */
async function buildNextApp(): Promise<string> {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const app = join(workspace, 'next');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "private": true }\n');
  cpSync(join(TEMPLATES, 'next'), app, { recursive: true });
  writeRecipe('docs/guide/server-rendering.md', app);
  return run(app, 'next/dist/bin/next', ['build'], { NEXT_PUBLIC_API_URL: apiUrl });
}
let nextBuild: Promise<string>;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'rtk-entities-recipes-'));
  // `npm test` builds dist/ before jest runs
  const [packed] = JSON.parse(npm(root, ['pack', '--json', '--pack-destination', workspace])) as Array<{
    filename: string;
  }>;
  tarball = join(workspace, packed?.filename ?? 'missing.tgz');
  const specs = INSTALL_PAGES.flatMap(installSpecs).map((spec) =>
    /rtk-entities-[\d.]+\.tgz$/.test(spec) ? tarball : spec,
  );
  // what `npm create vite` and create-next-app bring
  const templates = [`vite@${installed('vite')}`, `next@${installed('next')}`, 'react-dom'];
  writeFileSync(join(workspace, 'package.json'), '{ "private": true }\n');
  npm(workspace, [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
    ...specs,
    ...templates,
  ]);
  nextBuild = buildNextApp();
  // awaited by the Next.js tests; a failure is theirs to report
  nextBuild.catch(() => {});
}, 600_000);

afterAll(async () => {
  await nextBuild?.catch(() => {});
  await new Promise((resolve) => api.close(resolve));
  rmSync(workspace, { recursive: true, force: true });
});

test("the install lines are the guides': the packed package, its peers, each recipe's own packages", () => {
  const specs = INSTALL_PAGES.flatMap(installSpecs);
  expect(specs).toEqual(
    expect.arrayContaining([
      '../rtk-entities/rtk-entities-0.1.0.tgz',
      '@reduxjs/toolkit',
      'react',
      'react-redux',
      'redux-persist',
      'idb-keyval',
      'typescript@6',
      'nock@14',
    ]),
  );
  expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).toMatchObject({ version: '0.1.0' });
  const manifest = JSON.parse(readFileSync(join(workspace, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  expect(manifest.dependencies['rtk-entities']).toMatch(/^file:rtk-entities-0\.1\.0\.tgz$/);
});

describe('the ES module Vite app: Persistence, RTK Query adoption, Pushes', () => {
  const app = () => join(workspace, 'vite');
  let site: Server;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(app());
    writeFileSync(join(app(), 'package.json'), '{ "private": true, "type": "module" }\n');
    cpSync(join(TEMPLATES, 'vite', 'vite.config.js'), join(app(), 'vite.config.js'));
    for (const [folder, page] of [
      ['persistence', 'docs/guide/persistence.md'],
      ['rtk-query', 'docs/guide/rtk-query.md'],
      ['pushes', 'docs/guide/pushes.md'],
    ] as const) {
      writeRecipe(page, join(app(), folder));
      cpSync(join(TEMPLATES, 'vite', 'index.html'), join(app(), folder, 'index.html'));
    }
    cpSync(join(TEMPLATES, 'vite', 'idb.html'), join(app(), 'persistence', 'idb.html'));
    cpSync(join(TEMPLATES, 'vite', 'idb.ts'), join(app(), 'persistence', 'idb.ts'));
    await run(app(), 'vite/bin/vite.js', ['build', '--logLevel', 'warn']);
    ({ server: site, url } = await serveFolder(join(app(), 'dist')));
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  /** A page of the app whose requests to the API are answered by `answer`, with what it logged as errors. */
  async function openPage(
    context: Awaited<ReturnType<Browser['newContext']>>,
    answer: (method: string, path: string, body: unknown) => unknown,
  ) {
    const page = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
    await page.route(`${API}/**`, async (route) => {
      const request = route.request();
      const { pathname, search } = new URL(request.url());
      requests.push(`${request.method()} ${pathname}${search}`);
      const body = request.postData() === null ? undefined : (JSON.parse(request.postData() ?? '') as unknown);
      await route.fulfill({
        json: answer(request.method(), `${pathname}${search}`, body),
        headers: { 'access-control-allow-origin': '*' },
      });
    });
    return { page, requests, errors };
  }

  test('Persistence: a reload shows the saved users at once, with no request, in an ES module build', async () => {
    const context = await browser.newContext();
    try {
      const users = [
        { id: '1', name: 'Ann' },
        { id: '2', name: 'Bo' },
      ];
      const { page, requests, errors } = await openPage(context, () => users);
      await page.goto(`${url}persistence/`);
      await page.getByText('Bo').waitFor();
      expect(await page.locator('li').allInnerTexts()).toEqual(['Ann', 'Bo']);
      expect(requests).toEqual(['GET /users']);
      // redux-persist wrote the slice to localStorage
      await page.waitForFunction(() => localStorage.getItem('persist:root')?.includes('Ann') === true);

      await page.reload();
      await page.getByText('Bo').waitFor();
      expect(await page.locator('li').allInnerTexts()).toEqual(['Ann', 'Bo']);
      await page.waitForTimeout(300);
      expect(requests).toEqual(['GET /users']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('Persistence: the IndexedDB storage reads back what it wrote, across page loads', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${url}persistence/idb.html?write=saved`);
      await page.waitForFunction(() => document.body.dataset.read !== undefined);
      expect(await page.evaluate(() => document.body.dataset.read)).toBe('saved');
      await page.goto(`${url}persistence/idb.html`);
      await page.waitForFunction(() => document.body.dataset.read !== undefined);
      expect(await page.evaluate(() => document.body.dataset.read)).toBe('saved');
    } finally {
      await context.close();
    }
  });

  test('RTK Query adoption: ONE POST /trade updates the normalized component and the one still on RTK Query', async () => {
    const context = await browser.newContext();
    try {
      const trades = [{ id: 1, amount: '2', coin: 'btc' }];
      const account = { id: 1, balance: '100' };
      const { page, requests, errors } = await openPage(context, (method, path, body) => {
        if (method === 'POST' && path === '/trade') {
          const trade = { id: 2, ...(body as { amount: string; coin: string }) };
          account.balance = '95';
          return { trade, account };
        }
        return path === '/trade' ? trades : account;
      });
      await page.goto(`${url}rtk-query/`);
      const button = page.getByRole('button');
      await page.getByText('1 trades, balance 100').waitFor();
      await page.getByText('1 trades', { exact: true }).waitFor();
      // RTK Query's own request cache: the old component's query is its own request
      expect([...requests].sort()).toEqual(['GET /account/1', 'GET /trade']);

      await button.click();
      await page.getByText('2 trades, balance 95').waitFor();
      await page.getByText('2 trades', { exact: true }).waitFor();
      await page.waitForTimeout(300);
      expect(requests.slice(2)).toEqual(['POST /trade']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('Pushes: socket messages rename a todo and append one, with no request after the first GET', async () => {
    const context = await browser.newContext();
    try {
      const { page, requests, errors } = await openPage(context, () => [
        { id: 1, userId: 1, title: 'Milk' },
        { id: 2, userId: 1, title: 'Eggs' },
      ]);
      let send: (message: string) => void = () => {};
      let connect: () => void = () => {};
      const connected = new Promise<void>((resolve) => (connect = resolve));
      // Chromium answers the socket in place of the server
      await page.routeWebSocket('wss://api.example.com/todos', (socket) => {
        send = (message) => socket.send(message);
        connect();
      });
      await page.goto(`${url}pushes/`);
      await page.getByText('Eggs').waitFor();
      await connected;

      send(JSON.stringify({ type: 'changed', todo: { id: 1, userId: 1, title: 'Oat milk' } }));
      await page.getByText('Oat milk').waitFor();
      send(JSON.stringify({ type: 'added', todo: { id: 3, userId: 1, title: 'Bread' } }));
      await page.getByText('Bread').waitFor();
      expect(await page.locator('li').allInnerTexts()).toEqual(['Oat milk', 'Eggs', 'Bread']);
      expect(requests).toEqual(['GET /todos?userId=1']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the CommonJS Jest project of Testing with Jest', () => {
  test("runs the guide's tests with its jest.config.js and tsconfig.json, and they pass", async () => {
    const project = join(workspace, 'jest');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
    expect(writeRecipe('docs/guide/testing.md', project).sort()).toEqual([
      'fetch.test.ts',
      'jest.config.js',
      'tsconfig.json',
      'users.test.tsx',
    ]);
    const reportFile = join(project, 'report.json');
    try {
      await run(project, 'jest/bin/jest.js', ['--ci', '--json', `--outputFile=${reportFile}`]);
    } finally {
      // the report says which test failed, and why
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
        testResults: Array<{ message: string; assertionResults: Array<{ title: string; status: string }> }>;
      };
      expect({
        results: report.testResults
          .flatMap((file) => file.assertionResults.map(({ title, status }) => `${status}: ${title}`))
          .sort(),
        messages: report.testResults.map((file) => file.message).filter((message) => message !== ''),
      }).toEqual({
        results: ['passed: a created user joins the list with no refetch', 'passed: the list shows every stored user'],
        messages: [],
      });
    }
  });
});

describe('the Next.js App Router app of Server rendering', () => {
  const app = () => join(workspace, 'next');
  let next: ChildProcess | undefined;
  let url: string;
  let build: string;

  beforeAll(async () => {
    build = await nextBuild;
    const port = await freePort();
    next = spawn(
      process.execPath,
      [join(workspace, 'node_modules', 'next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', `${port}`],
      {
        cwd: app(),
        env: { ...process.env, NEXT_PUBLIC_API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    url = `http://127.0.0.1:${port}/`;
    await waitForServer(url);
  }, 300_000);

  afterAll(async () => {
    await stopServer(next);
  });

  test('next build lists the page as dynamic (ƒ), not static (○)', () => {
    expect(build).toMatch(/^[┌├└]\s+ƒ \/\s*$/m);
    expect(build).not.toMatch(/^[┌├└]\s+○ \/\s*$/m);
  });

  test('each request renders anew: the HTML holds the users, and a user added to the API appears on reload', async () => {
    const first = await fetch(url);
    expect(first.headers.get('x-nextjs-cache')).toBeNull();
    expect(await first.text()).toMatch(/<li>Ann<\/li><li>Bo<\/li>/);

    users.push({ id: '3', name: 'Cy' });
    const browser = await launchChromium();
    try {
      const page: Page = await browser.newPage();
      const errors: string[] = [];
      const apiRequests: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('request', (request) => {
        if (request.url().startsWith(apiUrl)) apiRequests.push(request.url());
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      expect(await page.locator('li').allInnerTexts()).toEqual(['Ann', 'Bo', 'Cy']);
      users.push({ id: '4', name: 'Dee' });
      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.locator('li').allInnerTexts()).toEqual(['Ann', 'Bo', 'Cy', 'Dee']);
      // hydrated from the server's state: the browser asks the API for nothing
      await page.waitForTimeout(300);
      expect(apiRequests).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

/** A port that was free a moment ago (`next start` takes a port number). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once `url` answers, within a minute. */
async function waitForServer(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
