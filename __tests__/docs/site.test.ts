/**
 * The documentation site as a reader meets it: `npm run docs:build` builds it (the API reference
 * generated from the JSDoc by TypeDoc first), and Chromium opens the built site, follows the
 * navigation from the home page to a guide, then to the API reference and one of its pages, and
 * from there back to the guide its `@see` names. `npm run docs` serves it on 127.0.0.1 and prints
 * its URL.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, stopServer } from '../example/chromium';
import { serveFolder } from '../fixtures/serveFolder';
import { root } from './docBlocks';

jest.setTimeout(240_000);

const SITE = join(root, 'docs', '.vitepress', 'dist');

let server: Server | undefined;
let url = '';
let browser: Browser | undefined;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  const build = spawnSync('npm', ['run', 'docs:build'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run docs:build failed:\n${build.stdout}\n${build.stderr}`);
  ({ server, url } = await serveFolder(SITE));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // a failed load is reported with its URL below
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`console.error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

afterEach(() => {
  expect(errors.splice(0)).toEqual([]);
});

/** The page's title, without the zero-width space of its anchor link. */
async function heading(): Promise<string> {
  return (await page.locator('h1').innerText()).replace(/\u200b/g, '').trim();
}

test('npm run docs:build writes the static site, the API reference included', () => {
  for (const file of ['index.html', 'guide/getting-started.html', 'guide/testing.html', 'api/index.html'])
    expect(existsSync(join(SITE, file))).toBe(true);
  expect(existsSync(join(SITE, 'api', 'rtk-entities', 'functions', 'createResource.html'))).toBe(true);
});

test('from the home page to a guide, through the sidebar to another, then to an API page and back to its guide', async () => {
  await page.goto(url);
  await page.getByRole('link', { name: 'Get started' }).click();
  await reach(/\/guide\/getting-started$/, 'Getting started');

  await page.locator('.VPSidebar').getByRole('link', { name: 'React', exact: true }).click();
  await reach(/\/guide\/react$/, 'React');

  await page.locator('.VPNav').getByRole('link', { name: 'API' }).click();
  await reach(/\/api\/$/, 'rtk-entities');
  await page.locator('.vp-doc').getByRole('link', { name: 'rtk-entities', exact: true }).click();
  await reach(/\/api\/rtk-entities\/$/, 'rtk-entities');
  await page.locator('.vp-doc').getByRole('link', { name: 'createResource', exact: true }).click();
  await reach(/\/api\/rtk-entities\/functions\/createResource$/, 'Function: createResource()');
  // the JSDoc's @example is on the page
  expect(await page.locator('.vp-doc h2').allInnerTexts()).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Example/)]),
  );

  // its `@see docs/guide/resources.md` is a link to that guide
  await page.locator('.vp-doc').getByRole('link', { name: 'docs/guide/resources.md' }).click();
  await reach(/\/guide\/resources$/, 'REST endpoints and resources');
});

/** Waits until the page is at `path` and shows the title `title`. */
async function reach(path: RegExp, title: string): Promise<void> {
  await page.waitForURL(path);
  await page.locator('h1', { hasText: title }).waitFor();
  expect(await heading()).toBe(title);
}

test('npm run docs serves the site on 127.0.0.1 and prints its URL', async () => {
  const child = spawn('node', [join(root, 'scripts', 'docs.mjs'), 'dev'], {
    cwd: root,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const served = await new Promise<string>((resolve, reject) => {
      let output = '';
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const found = /rtk-entities docs: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
        if (found?.[1] !== undefined) resolve(found[1]);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.once('exit', (code) => reject(new Error(`docs.mjs dev exited with ${code}:\n${output}`)));
    });
    await page.goto(`${served}guide/getting-started`);
    expect(await heading()).toBe('Getting started');
    // leave before the server stops: the dev page keeps a connection to it
    await page.goto('about:blank');
  } finally {
    await stopServer(child);
  }
});
