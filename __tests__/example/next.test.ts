/**
 * The Next.js App Router example (example/next) in real Chromium: a server component fetches the
 * users through the library and hands `store.getState()` to a client component, which builds its
 * store from it. The server's HTML holds the users; after hydration the page makes no request of
 * its own; a new user from the page joins the list after one POST; an empty name shows the API's
 * reason, and adds nothing. The app imports the library's
 * build (dist/, which `npm test` makes first) as an installed package would.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startServer, stopServer } from './chromium';

jest.setTimeout(180_000);

const ROOT = join(__dirname, '..', '..');

let server: ChildProcess | undefined;
let url = '';
let browser: Browser | undefined;
let page: Page;
const pageErrors: string[] = [];
/** Every request the page made to the API, in order. */
const apiRequests: string[] = [];

beforeAll(async () => {
  // `npm run example:next`'s script, the library already built by npm test
  const started = await startServer(join(ROOT, 'example', 'next', 'serve.mjs'), ROOT, { LIBRARY_BUILT: '1' });
  server = started.child;
  url = started.url;
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // the browser's own line for the refused empty name, which a test provokes
    if (/status of 400/.test(message.text())) return;
    if (message.type() === 'error') pageErrors.push(`console.error: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${request.method()} ${url.pathname}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
});

afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});

test('the server’s HTML holds the users it fetched through the library', async () => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/data-testid="user-name"[^>]*>Ann</);
  expect(html).toMatch(/data-testid="user-name"[^>]*>Bo</);
});

test('hydrated from the server’s state: the users show, and the page requests nothing', async () => {
  await page.goto(url, { waitUntil: 'networkidle' });
  // hydrated: React has attached its handlers to the form
  await page.waitForFunction(() => {
    const input = document.querySelector('[data-testid="user-input"]');
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactProps'));
  });
  expect(await page.getByTestId('user-name').allInnerTexts()).toEqual(['Ann', 'Bo']);
  await page.waitForTimeout(300);
  expect(apiRequests).toEqual([]);
});

test('a user added from the page joins the list after one POST, with no refetch', async () => {
  await page.getByTestId('user-input').fill('Cy');
  await page.getByTestId('user-submit').click();
  await page.getByTestId('user-name').nth(2).waitFor();
  expect(await page.getByTestId('user-name').allInnerTexts()).toEqual(['Ann', 'Bo', 'Cy']);
  await page.waitForTimeout(300);
  expect(apiRequests).toEqual(['POST /api/users']);
});

test('an empty name shows the API’s reason and adds nothing; typing again clears it', async () => {
  apiRequests.length = 0;
  for (const name of ['', '   ']) {
    await page.getByTestId('user-input').fill(name);
    await page.getByTestId('user-submit').click();
    const alert = page.getByTestId('user-error');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('A user needs a name: type one, then add it.');
    expect(await page.getByTestId('user-name').allInnerTexts()).toEqual(['Ann', 'Bo', 'Cy']);
    await page.getByTestId('user-input').fill('D');
    await alert.waitFor({ state: 'detached' });
  }
  expect(apiRequests).toEqual(['POST /api/users', 'POST /api/users']);
});
