/**
 * The example app in real Chromium: `node example/index.mjs` builds the page and serves it with its
 * API; playwright-core drives Debian's /usr/bin/chromium (never a downloaded browser). The server's
 * request log (GET /__log) tells how many requests each action made. Every test starts from the
 * seed data (POST /__reset) on a freshly loaded page, so each runs alone or in any order. The fourth
 * panel reads the same trades and account through an RTK Query api normalized with normalizeApi,
 * and its last line through RTK Query's own hooks, which follow every normalized write.
 *
 * Two more pages, in a browser context of their own, are two tabs of the app: the store shares its
 * writes on a BroadcastChannel, so a trade bought in one shows in the other with no request there.
 *
 * The screenshot goes to .tmp/example.png; `UPDATE_SCREENSHOT=1 npx jest __tests__/example` writes
 * the README's docs/example.png instead, so an ordinary run leaves the working tree clean.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startServer, stopServer } from './chromium';

const ROOT = join(__dirname, '..', '..');
const SCREENSHOT = process.env.UPDATE_SCREENSHOT
  ? join(ROOT, 'docs', 'example.png')
  : join(ROOT, '.tmp', 'example.png');

interface LoggedRequest {
  method: string;
  url: string;
  status: number;
}

jest.setTimeout(60_000);

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let page: Page;
let url: string;
const pageErrors: string[] = [];

async function readLog(): Promise<LoggedRequest[]> {
  const response = await fetch(`${url}__log`);
  return (await response.json()) as LoggedRequest[];
}

const describeRequests = (log: readonly LoggedRequest[]) => log.map((entry) => `${entry.method} ${entry.url}`);

/** Waits until the app has been quiet for a while, so a request that an action caused late is seen. */
async function settledLog(since: number): Promise<string[]> {
  await page.waitForTimeout(400);
  return describeRequests((await readLog()).slice(since));
}

const texts = (testId: string) => textsIn(page, testId);
/** The inner texts of every element with `testId` in `tab`. */
const textsIn = (tab: Page, testId: string) => tab.getByTestId(testId).allInnerTexts();

/** The page as the seed data shows it once every panel has loaded. */
async function loadPage(): Promise<void> {
  await page.goto(url);
  await page.getByTestId('user').nth(1).waitFor();
  await page.getByTestId('trade-row').nth(2).waitFor();
  await page.getByTestId('rtkq-trade-row').nth(2).waitFor();
  await page.getByTestId('feed-item').nth(3).waitFor();
  await page.getByTestId('account-balance').waitFor();
  await page.getByTestId('rtkq-account-balance').waitFor();
}

/** The page's content is no wider than the window: nothing scrolls sideways. */
async function expectPageWithinWindow(): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(innerWidth).toBe(1280);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Width and height of a PNG file, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number; signature: string } {
  const bytes = readFileSync(file);
  return {
    signature: bytes.subarray(0, 8).toString('hex'),
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  };
}

beforeAll(async () => {
  const started = await startServer(join(ROOT, 'example', 'index.mjs'), ROOT, { EXAMPLE_QUIET: '1' });
  server = started.child;
  url = started.url;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  collectErrors(page);
});

/** Keeps the page's errors and warnings in `pageErrors`, for the test to answer for. */
function collectErrors(tab: Page): void {
  tab.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  tab.on('console', (message) => {
    // the browser's own line for the refused trade's 422, which the test provokes
    if (/status of 422/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning')
      pageErrors.push(`console.${message.type()}: ${message.text()}`);
  });
}

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
});

beforeEach(async () => {
  // the seed data and an empty request log, then the page loaded from scratch
  const reset = await fetch(`${url}__reset`, { method: 'POST' });
  expect(reset.status).toBe(200);
  await loadPage();
});

afterEach(() => {
  // each test answers for its own errors
  expect(pageErrors.splice(0)).toEqual([]);
});

describe('the example page in Chromium', () => {
  test('loads every panel with one GET per endpoint and library', async () => {
    expect(await texts('user-name')).toEqual(['Ann', 'Bo']);
    expect(await page.getByTestId('account-balance').innerText()).toBe('1000.00');
    expect(await page.getByTestId('rtkq-account-balance').innerText()).toBe('1000.00');
    expect(await page.getByTestId('trade-row').count()).toBe(3);
    expect(await texts('rtkq-trade-row')).toEqual(await texts('trade-row'));
    // RTK Query keeps its own request cache: its panel asks for the trades and the account once more
    expect((await settledLog(0)).sort()).toEqual([
      'GET /account/1',
      'GET /account/1',
      'GET /feed',
      'GET /trade',
      'GET /trade',
      'GET /users',
    ]);
  });

  test('both feed schemas render the same items, with no request', async () => {
    const before = (await readLog()).length;
    const kinds = () =>
      page
        .getByTestId('feed-item')
        .evaluateAll((items) => items.map((item) => `${item.getAttribute('data-kind')}: ${item.textContent}`));
    const byAttribute = await kinds();
    expect(byAttribute).toHaveLength(4);
    expect(byAttribute.filter((item) => item.startsWith('Link: '))).toHaveLength(2);
    expect(byAttribute.filter((item) => item.startsWith('Post: '))).toHaveLength(2);
    expect(await page.getByTestId('feed-same').getAttribute('data-same')).toBe('true');

    await page.getByTestId('feed-variant-function').check();
    await page.locator('[data-testid="feed-list"][data-variant="function"]').waitFor();
    expect(await kinds()).toEqual(byAttribute);
    expect(await page.getByTestId('feed-same').getAttribute('data-same')).toBe('true');
    expect(await settledLog(before)).toEqual([]);
  });

  test('adding a user lists it, after one POST /users and no refetch', async () => {
    const before = (await readLog()).length;
    await page.getByTestId('new-user-name').fill('Cy');
    await page.getByTestId('add-user').click();
    await page.getByTestId('user').nth(2).waitFor();

    expect(await texts('user-name')).toEqual(['Ann', 'Bo', 'Cy']);
    expect(await page.getByTestId('new-user-name').inputValue()).toBe('');
    expect(await settledLog(before)).toEqual(['POST /users']);
  });

  test('a 200,000-character name is listed whole and wraps: the page stays as wide as the window', async () => {
    const name = 'x'.repeat(200_000);
    await page.getByTestId('new-user-name').fill(name);
    await page.getByTestId('add-user').click();
    await page.getByTestId('user').nth(2).waitFor();

    expect(
      await page
        .getByTestId('user-name')
        .nth(2)
        .evaluate((element) => element.textContent),
    ).toBe(name);
    expect(await page.getByTestId('user-avatar').nth(2).innerText()).toBe('X');
    await expectPageWithinWindow();
  });

  test("an emoji name's avatar is the whole emoji, not half of it", async () => {
    await page.getByTestId('new-user-name').fill('👩‍💻 Dee');
    await page.getByTestId('add-user').click();
    await page.getByTestId('user').nth(2).waitFor();

    expect(await texts('user-avatar')).toEqual(['A', 'B', '👩‍💻']);
    expect(await page.getByTestId('user-name').nth(2).innerText()).toBe('👩‍💻 Dee');
  });

  test('a 400-digit amount wraps in both trade tables, and so does the refusal quoting a 400-digit cost', async () => {
    const amount = `${'0'.repeat(399)}1`; // one coin: the server reads it as 1
    await page.getByTestId('trade-amount').fill(amount);
    await page.getByTestId('trade-submit').click();
    await page.getByTestId('trade-row').nth(3).waitFor();
    await page.getByTestId('rtkq-trade-row').nth(3).waitFor();

    expect(await page.getByTestId('trade-row').nth(3).locator('td').nth(2).innerText()).toBe(amount);
    expect(await page.getByTestId('rtkq-trade-row').nth(3).locator('td').nth(2).innerText()).toBe(amount);
    await expectPageWithinWindow();

    await page.getByTestId('trade-amount').fill(`1${'0'.repeat(399)}`);
    await page.getByTestId('trade-submit').click();
    const alert = page.getByTestId('trade-form').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^Insufficient balance: this trade costs \d{400}\.00,/);
    await expectPageWithinWindow();
  });

  test('one trade: the new row and the new balance come from ONE POST /trade, no GET after it', async () => {
    const before = (await readLog()).length;
    await page.getByTestId('trade-amount').fill('4');
    await page.getByTestId('trade-coin').selectOption('eth');
    await page.getByTestId('trade-submit').click();
    await page.getByTestId('trade-row').nth(3).waitFor();

    const row = page.getByTestId('trade-row').nth(3);
    expect(await row.getAttribute('data-id')).toBe('4');
    expect(await row.innerText()).toMatch(/^4\t1\t4\tETH\t/);
    // 1000.00 − 4 coins × 2.50
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-balance"]')?.textContent === '990.00',
    );

    const requests = await settledLog(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/^POST \/trade\/?$/);
    expect(requests.filter((request) => request.startsWith('GET '))).toEqual([]);
  });

  test('a trade through RTK Query: ONE POST /trade updates that panel and the Trades panel beside it, no GET after it', async () => {
    const before = (await readLog()).length;
    await page.getByTestId('rtkq-trade-amount').fill('2');
    await page.getByTestId('rtkq-trade-coin').selectOption('sol');
    await page.getByTestId('rtkq-trade-submit').click();
    await page.getByTestId('rtkq-trade-row').nth(3).waitFor();
    await page.getByTestId('trade-row').nth(3).waitFor();

    expect(await page.getByTestId('rtkq-trade-row').nth(3).innerText()).toMatch(/^4\t1\t2\tSOL\t/);
    expect(await texts('trade-row')).toEqual(await texts('rtkq-trade-row'));
    // 1000.00 − 2 coins × 2.50, in both panels
    await page.waitForFunction(
      () => document.querySelector('[data-testid="rtkq-account-balance"]')?.textContent === '995.00',
    );
    expect(await page.getByTestId('account-balance').innerText()).toBe('995.00');

    const requests = await settledLog(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/^POST \/trade\/?$/);
  });

  test('a component still on RTK Query’s own hooks follows a buy in the Trades panel: no request of its own', async () => {
    expect(await page.getByTestId('rtkq-own-balance').innerText()).toBe('1000.00');
    expect(await page.getByTestId('rtkq-own-count').innerText()).toBe('3');
    const before = (await readLog()).length;
    await page.getByTestId('trade-amount').fill('4');
    await page.getByTestId('trade-submit').click();
    // 1000.00 − 4 coins × 2.50, written back into RTK Query's own cache entries
    await page.waitForFunction(
      () => document.querySelector('[data-testid="rtkq-own-balance"]')?.textContent === '990.00',
    );
    expect(await page.getByTestId('rtkq-own-count').innerText()).toBe('4');
    const requests = await settledLog(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/^POST \/trade\/?$/);
  });

  test('screenshot for the README: the page after a trade, written now, as a PNG of the full page', async () => {
    const started = Date.now();
    await page.getByTestId('trade-amount').fill('4');
    await page.getByTestId('trade-submit').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="request-log"]')?.textContent?.includes('POST /trade'),
    );
    await page.getByTestId('trade-row').nth(3).waitFor();
    expect(await page.getByTestId('loading').count()).toBe(0);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    expect(statSync(SCREENSHOT).mtimeMs).toBeGreaterThanOrEqual(started - 1000); // this run's, not an old file
    expect(pngSize(SCREENSHOT)).toEqual({ signature: '89504e470d0a1a0a', width: 1280, height });
    expect(height).toBeGreaterThanOrEqual(720);
  });

  test('a refused trade shows the server’s reason and changes nothing', async () => {
    const before = (await readLog()).length;
    await page.getByTestId('trade-amount').fill('100000');
    await page.getByTestId('trade-submit').click();
    const alert = page.getByTestId('trade-form').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Insufficient balance');
    expect(await page.getByTestId('trade-row').count()).toBe(3);
    expect(await page.getByTestId('account-balance').innerText()).toBe('1000.00');
    expect(await settledLog(before)).toEqual(['POST /trade']);
  });

  test('a trade RTK Query’s panel refuses shows the server’s reason there, and changes nothing', async () => {
    const before = (await readLog()).length;
    await page.getByTestId('rtkq-trade-amount').fill('100000');
    await page.getByTestId('rtkq-trade-submit').click();
    const alert = page.getByTestId('rtkq-trade-form').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Insufficient balance');
    expect(await page.getByTestId('rtkq-trade-row').count()).toBe(3);
    expect(await page.getByTestId('rtkq-account-balance').innerText()).toBe('1000.00');
    expect(await settledLog(before)).toEqual(['POST /trade']);
  });
});

describe('two tabs of the example page', () => {
  test('a trade bought in one tab shows in the other, which makes no request', async () => {
    // a context of its own: the tabs share their BroadcastChannel with each other, not with `page`
    const context = await (browser as Browser).newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const [buyer, watcher] = [await context.newPage(), await context.newPage()];
      for (const tab of [buyer, watcher]) {
        collectErrors(tab);
        await tab.goto(url);
        await tab.getByTestId('trade-row').nth(2).waitFor();
        await tab.getByTestId('account-balance').waitFor();
        await tab.getByTestId('rtkq-trade-row').nth(2).waitFor();
      }
      await watcher.waitForTimeout(400);
      const watcherRequests: string[] = [];
      watcher.on('request', (request) => {
        // the request log panel reads GET /__log every second: not the app's data
        const { pathname } = new URL(request.url());
        if (pathname !== '/__log') watcherRequests.push(`${request.method()} ${pathname}`);
      });
      const before = (await readLog()).length;

      await buyer.getByTestId('trade-amount').fill('4');
      await buyer.getByTestId('trade-coin').selectOption('eth');
      await buyer.getByTestId('trade-submit').click();

      await watcher.getByTestId('trade-row').nth(3).waitFor();
      expect(await watcher.getByTestId('trade-row').nth(3).getAttribute('data-id')).toBe('4');
      expect(await watcher.getByTestId('trade-row').nth(3).innerText()).toMatch(/^4\t1\t4\tETH\t/);
      // 1000.00 − 4 coins × 2.50, from the one POST the buyer made
      await watcher.waitForFunction(
        () => document.querySelector('[data-testid="account-balance"]')?.textContent === '990.00',
      );
      expect(await textsIn(watcher, 'trade-row')).toEqual(await textsIn(buyer, 'trade-row'));

      await watcher.waitForTimeout(400);
      expect(watcherRequests).toEqual([]);
      const requests = describeRequests((await readLog()).slice(before));
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatch(/^POST \/trade\/?$/);
    } finally {
      await context.close();
    }
  });
});
