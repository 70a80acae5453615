/**
 * The example's live board in real Chromium, as `npm run example` serves it: 100,000 trades, then 25
 * events a second pushed by the server (server-sent events, example/board.mjs), applied once per
 * animation frame, shown as two live views (the 50 largest trades, the newest of one coin). After
 * 10 s the feed is stopped and both views are compared with the server's fresh sort of the same
 * feed replayed to the last event the page applied (GET /__board). The page's own readout gives
 * the time each frame's update took (dispatch, selectors, React's render and commit).
 *
 * The same board on plain RTK (createEntityAdapter, createSelector sorting the whole table on every
 * change) shows the same views, and the difference in time per frame a visitor sees.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { keepErrors, launchChromium, startServer, stopServer } from './chromium';

const ROOT = join(__dirname, '..', '..');

jest.setTimeout(90_000);

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let page: Page;
let url: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  const started = await startServer(join(ROOT, 'example', 'index.mjs'), ROOT, { EXAMPLE_QUIET: '1' });
  server = started.child;
  url = started.url;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  keepErrors(page, pageErrors);
});

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
});

afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});

/** What the board showed when stopped, and what a fresh sort of the feed says it should show. */
async function runBoard(mode: 'entities' | 'rtk', coin: string) {
  await page.goto(url);
  await page.getByTestId(`board-mode-${mode}`).check();
  await page.getByTestId('board-coin').selectOption(coin);
  await page.getByTestId('board-start').click();
  // the readout shows once the 100,000 trades are in
  await page.getByTestId('board-seq').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(10_000);
  await page.getByTestId('board-stop').click();
  const number = async (testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/,/g, ''));
  const ids = (testId: string) =>
    page.getByTestId(testId).evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.id)));
  const seq = await number('board-seq');
  const response = await fetch(`${url}__board?seq=${seq}&coin=${coin}`);
  return {
    seq,
    trades: await number('board-trades'),
    frames: await number('board-frames'),
    median: await number('board-median'),
    shown: { largest: await ids('board-largest-row'), newest: await ids('board-newest-row') },
    expected: (await response.json()) as { largest: number[]; newest: number[] },
  };
}

describe('the live board in Chromium: 100,000 trades, 25 events a second', () => {
  test('on rtk-entities live views: both views match a fresh sort of the feed, and the median frame update is under 16 ms', async () => {
    const run = await runBoard('entities', 'ETH');
    // 10 s at 25 events a second: a loaded machine may deliver fewer, never none
    expect(run.seq).toBeGreaterThan(100);
    expect(run.trades).toBe(100_000 + run.seq);
    expect(run.frames).toBeGreaterThan(50);
    expect(run.shown.largest).toHaveLength(50);
    expect(run.shown.newest).toHaveLength(20);
    expect(run.shown).toEqual(run.expected);
    expect(run.median).toBeLessThan(16);
  });

  test('on plain RTK selectors: the same views, each frame’s update past a frame’s 16 ms', async () => {
    const run = await runBoard('rtk', 'SOL');
    expect(run.seq).toBeGreaterThan(0);
    expect(run.trades).toBe(100_000 + run.seq);
    expect(run.shown.largest).toHaveLength(50);
    expect(run.shown).toEqual(run.expected);
    // every change sorts the 100,000 trades again
    expect(run.median).toBeGreaterThan(16);
  });
});
