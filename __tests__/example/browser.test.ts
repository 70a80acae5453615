/**
 * The example app in real Chromium, as `npm run example` serves it (`node example/index.mjs`: the
 * API, and the page compiled from the sources by Vite as the browser asks, with no build first);
 * playwright-core drives Debian's /usr/bin/chromium (never a downloaded browser). The server's
 * request log (GET /__log) tells how many requests each action made. Every test starts from the
 * seed data (POST /__reset) on a freshly loaded page, so each runs alone or in any order. One panel
 * reads the same trades and account through an RTK Query api normalized with normalizeApi, and its
 * last line through RTK Query's own hooks, which follow every normalized write.
 *
 * Each trade shows its user's name (a nested entity), and follows a rename; a rename is optimistic
 * and rolls back when the server refuses it; a trade is bought and sold; every failure (a refused
 * request, an unreachable server, a failed read) is shown styled, with the server's reason, and can
 * be retried. Failures of the network are made by Chromium's routing (`page.route`).
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
import { keepErrors, launchChromium, startServer, stopServer } from './chromium';

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
  await page.getByTestId('trade-coin').locator('option').nth(2).waitFor({ state: 'attached' });
  await page.getByTestId('rtkq-trade-coin').locator('option').nth(2).waitFor({ state: 'attached' });
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
const collectErrors = (tab: Page) => keepErrors(tab, pageErrors);

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
    expect(await texts('rtkq-trade-user')).toEqual(['Ann', 'Bo', 'Ann']);
    expect(await texts('trade-user')).toEqual(['Ann', 'Bo', 'Ann']);
    // RTK Query keeps its own request cache: its panel asks for the trades and the account once more
    expect((await settledLog(0)).sort()).toEqual([
      'GET /account/1',
      'GET /account/1',
      'GET /coins',
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
    // 10^399 BTC at 40.00: a 401-digit cost
    expect(await alert.innerText()).toMatch(/^Insufficient balance: this trade costs 4\d{400}\.00,/);
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
    expect(await row.innerText()).toMatch(/^4\tAnn\t4\tETH\t/);
    // 1000.00 − 4 ETH × 2.50
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

    expect(await page.getByTestId('rtkq-trade-row').nth(3).innerText()).toMatch(/^4\tAnn\t2\tSOL\t/);
    expect(await texts('trade-user')).toEqual(await texts('rtkq-trade-user'));
    // 1000.00 − 2 SOL × 1.25, in both panels
    await page.waitForFunction(
      () => document.querySelector('[data-testid="rtkq-account-balance"]')?.textContent === '997.50',
    );
    expect(await page.getByTestId('account-balance').innerText()).toBe('997.50');

    const requests = await settledLog(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/^POST \/trade\/?$/);
  });

  test('a component still on RTK Query’s own hooks follows a buy in the Trades panel: no request of its own', async () => {
    expect(await page.getByTestId('rtkq-own-balance').innerText()).toBe('1000.00');
    expect(await page.getByTestId('rtkq-own-count').innerText()).toBe('3');
    const before = (await readLog()).length;
    await page.getByTestId('trade-amount').fill('4');
    await page.getByTestId('trade-coin').selectOption('eth');
    await page.getByTestId('trade-submit').click();
    // 1000.00 − 4 ETH × 2.50, written back into RTK Query's own cache entries
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

describe('a small real app: nested entities, edits, failures', () => {
  /** The user names the trade rows of both panels show. */
  const tradeUsers = async () => ({ trades: await texts('trade-user'), rtkQuery: await texts('rtkq-trade-user') });

  /** Renames the user of row `index` of the user list to `name`. */
  async function rename(index: number, name: string): Promise<void> {
    await page.getByTestId('user-rename').nth(index).click();
    await page.getByTestId('rename-input').fill(name);
    await page.getByTestId('rename-save').click();
  }

  test("each trade shows its user's name; a rename shows in every trade of that user, in both panels, after ONE PATCH", async () => {
    expect(await tradeUsers()).toEqual({ trades: ['Ann', 'Bo', 'Ann'], rtkQuery: ['Ann', 'Bo', 'Ann'] });
    const before = (await readLog()).length;
    await rename(0, 'Anna');
    await page.waitForFunction(() => document.querySelector('[data-testid="rtkq-trade-user"]')?.textContent === 'Anna');
    expect(await texts('user-name')).toEqual(['Anna', 'Bo']);
    expect(await tradeUsers()).toEqual({ trades: ['Anna', 'Bo', 'Anna'], rtkQuery: ['Anna', 'Bo', 'Anna'] });
    expect(await settledLog(before)).toEqual(['PATCH /users/1']);
  });

  test('a rename shows at once, and goes back everywhere when the server refuses it, with its reason', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/users/1', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await rename(0, 'Bo'); // taken by user 2: the server refuses it
      // optimistic: before the server answers, the list and every trade of Ann read "Bo"
      await page.waitForFunction(() => document.querySelector('[data-testid="trade-user"]')?.textContent === 'Bo');
      expect(await texts('user-name')).toEqual(['Bo', 'Bo']);
      expect(await tradeUsers()).toEqual({ trades: ['Bo', 'Bo', 'Bo'], rtkQuery: ['Bo', 'Bo', 'Bo'] });
      answer();
      const alert = page.getByTestId('user').first().getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toBe('The name "Bo" is taken by user 2.');
      expect(await texts('user-name')).toEqual(['Ann', 'Bo']);
      expect(await tradeUsers()).toEqual({ trades: ['Ann', 'Bo', 'Ann'], rtkQuery: ['Ann', 'Bo', 'Ann'] });
    } finally {
      await page.unroute('**/users/1');
    }
  });

  test('selling a trade: ONE DELETE takes it out of both tables and refunds the account, no GET after it', async () => {
    const before = (await readLog()).length;
    await page.getByTestId('trade-sell').nth(2).click(); // trade 3: 2 ETH
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="rtkq-trade-row"]').length === 2);
    expect(await page.getByTestId('trade-row').evaluateAll((rows) => rows.map((row) => row.dataset.id))).toEqual([
      '1',
      '2',
    ]);
    // 1000.00 + 2 ETH × 2.50, in both panels
    await page.waitForFunction(
      () => document.querySelector('[data-testid="rtkq-account-balance"]')?.textContent === '1005.00',
    );
    expect(await page.getByTestId('account-balance').innerText()).toBe('1005.00');
    expect(await settledLog(before)).toEqual(['DELETE /trade/3']);
  });

  test('each coin has its own price: the form lists them, and 1 BTC costs 40.00', async () => {
    expect(await page.getByTestId('trade-coin').locator('option').allInnerTexts()).toEqual([
      'BTC at 40.00',
      'ETH at 2.50',
      'SOL at 1.25',
    ]);
    await page.getByTestId('trade-amount').fill('1');
    await page.getByTestId('trade-submit').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-balance"]')?.textContent === '960.00',
    );
  });

  test("a refused trade's reason goes away as soon as the amount is edited", async () => {
    await page.getByTestId('trade-amount').fill('100000');
    await page.getByTestId('trade-submit').click();
    const alert = page.getByTestId('trade-form').getByRole('alert');
    await alert.waitFor();
    await page.getByTestId('trade-amount').fill('1000');
    await alert.waitFor({ state: 'detached' });
  });

  test('with the server unreachable, a buy in either panel says so (never [object Object]) and changes nothing; once it is back, the same buy works', async () => {
    await page.route('**/trade', (route) => route.abort('connectionrefused'));
    try {
      for (const form of ['trade', 'rtkq-trade']) {
        await page.getByTestId(`${form}-submit`).click();
        const alert = page.getByTestId(`${form}-form`).getByRole('alert');
        await alert.waitFor();
        expect(await alert.innerText()).toBe(
          'The server cannot be reached. Is "npm run example" still running? Start it again, then retry.',
        );
      }
      expect(await page.getByTestId('trade-row').count()).toBe(3);
      expect(await page.getByTestId('account-balance').innerText()).toBe('1000.00');
    } finally {
      await page.unroute('**/trade');
    }
    await page.getByTestId('rtkq-trade-submit').click();
    await page.getByTestId('trade-row').nth(3).waitFor();
    await page.getByTestId('rtkq-trade-form').getByRole('alert').waitFor({ state: 'detached' });
  });

  test('when GET /account/1 fails, both panels show a styled error with the reason and Retry (no endless Loading); Retry shows the balance', async () => {
    await page.route('**/account/1', (route) =>
      route.fulfill({ status: 500, json: { error: 'The accounts database is down.' } }),
    );
    try {
      await page.goto(url);
      const notices = page.getByTestId('error-notice');
      await notices.nth(1).waitFor();
      expect(await notices.count()).toBe(2);
      for (const notice of await notices.all()) {
        expect(await notice.locator('.error-title').innerText()).toBe('The server failed (500)');
        expect(await notice.locator('.error-reason').innerText()).toBe('The accounts database is down.');
        expect(await notice.innerText()).not.toContain('{');
        // styled: the page's own button, not the browser's
        expect(await notice.getByTestId('retry').getAttribute('class')).toBe('button');
        expect(await notice.evaluate((element) => getComputedStyle(element).borderLeftStyle)).toBe('solid');
      }
      await page.getByTestId('trade-row').nth(2).waitFor();
      expect(await page.getByTestId('loading').count()).toBe(0);
    } finally {
      await page.unroute('**/account/1');
    }
    await page.getByTestId('retry').first().click();
    await page.getByTestId('retry').first().click();
    await page.getByTestId('account-balance').waitFor();
    await page.getByTestId('rtkq-account-balance').waitFor();
    expect(await page.getByTestId('error-notice').count()).toBe(0);
    expect(await page.getByTestId('rtkq-account-balance').innerText()).toBe('1000.00');
  });

  test('when the server is down, the request log says so, and resumes when it is back', async () => {
    await page.route('**/__log', (route) => route.abort('connectionrefused'));
    try {
      await page.getByTestId('log-offline').waitFor();
    } finally {
      await page.unroute('**/__log');
    }
    await page.getByTestId('log-offline').waitFor({ state: 'detached' });
  });

  test('npm run example compiles the page and the library from their sources as the browser asks: nothing is built first', async () => {
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(loaded).toEqual(expect.arrayContaining([expect.stringMatching(/\/src\/main\.tsx$/)]));
    // the library's own entry, from ../src (no dist/)
    expect(loaded.filter((name) => /\/@fs\/.*\/src\/index\.ts$/.test(name))).toHaveLength(1);
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
      expect(await watcher.getByTestId('trade-row').nth(3).innerText()).toMatch(/^4\tAnn\t4\tETH\t/);
      // 1000.00 − 4 ETH × 2.50, from the one POST the buyer made
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
