// The example's API server: plain Node http, in-memory data, listening on 127.0.0.1 only.
// It serves the spec's endpoints (section 4.1) and more (renames, coins, selling a trade), a
// request log for tests (GET /__log), a reset to the seed data for tests (POST /__reset: fresh data,
// empty log), and hands every other request to the page (`npm run example` gives it Vite's).
import { createServer } from 'node:http';
import { boardEvent, boardViews, initialTrades } from './board.mjs';
import seedData from './seed.json' with { type: 'json' };

/** Fresh data for one server: every `startServer` call starts from the seed data (seed.json). */
function seed() {
  return structuredClone(seedData);
}

// Decimal strings are computed in fixed point, never through floats: 0.1 + 0.2 stays 0.3.
const SCALE = 8;
const DECIMAL = /^\d+(\.\d+)?$/;

function toUnits(text) {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole + fraction.slice(0, SCALE).padEnd(SCALE, '0'));
}

/** Formats fixed-point units with two decimals, rounding half up. */
function formatMoney(units) {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const cents = (abs + 5n * 10n ** BigInt(SCALE - 3)) / 10n ** BigInt(SCALE - 2);
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    const body = JSON.parse(text || '{}');
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
    return body;
  } catch {
    throw new HttpError(400, `The request body must be a JSON object. Received: ${text.slice(0, 80)}`);
  }
}

/** The API routes: each returns `[status, body]`, or undefined when the path is not an API path. */
function createApi(data) {
  const nextId = (rows) => Math.max(0, ...rows.map((row) => Number(row.id))) + 1;
  const findUser = (id) => data.users.find((user) => user.id === id);
  // a trade as the API sends it: with its user inside (the page normalizes it into the User table)
  const withUser = (trade) => ({ ...trade, user: findUser(trade.user) ?? { id: trade.user, name: '' } });
  const account = () => data.accounts.find((row) => row.id === 1);
  const priceOf = (coin) => data.coins.find((row) => row.id === coin)?.price;
  /** What `amount` coins of `coin` cost, in fixed-point units. */
  const cost = (amount, coin) => (toUnits(amount) * toUnits(priceOf(coin) ?? '0')) / 10n ** BigInt(SCALE);

  /** A name for a user: a non-empty string no other user has. */
  function checkName(name, id) {
    if (typeof name !== 'string' || name.trim() === '') throw new HttpError(400, "A user needs a non-empty 'name'.");
    const taken = data.users.find((user) => user.id !== id && user.name === name.trim());
    if (taken) throw new HttpError(409, `The name ${JSON.stringify(name.trim())} is taken by user ${taken.id}.`);
    return name.trim();
  }

  return async function api(method, url, request) {
    const path = url.pathname.replace(/\/+$/, '') || '/';

    if (path === '/users') {
      if (method === 'GET') return [200, data.users];
      if (method === 'POST') {
        const { name } = await readJson(request);
        const user = { id: String(nextId(data.users)), name: checkName(name) };
        data.users.push(user);
        return [201, user];
      }
    }

    const userPath = /^\/users\/([^/]+)$/.exec(path);
    if (userPath && method === 'PATCH') {
      const user = findUser(decodeURIComponent(userPath[1]));
      if (user === undefined) throw new HttpError(404, `No user ${userPath[1]}.`);
      const { name } = await readJson(request);
      user.name = checkName(name, user.id);
      return [200, user];
    }

    if (path === '/feed' && method === 'GET') return [200, data.feed];

    if (path === '/coins' && method === 'GET') return [200, data.coins];

    if (path === '/trade') {
      if (method === 'GET') {
        const user = url.searchParams.get('user');
        const trades = user === null ? data.trades : data.trades.filter((trade) => trade.user === user);
        return [200, trades.map(withUser)];
      }
      if (method === 'POST') {
        const { amount, coin } = await readJson(request);
        if (typeof amount !== 'string' || !DECIMAL.test(amount) || toUnits(amount) === 0n) {
          throw new HttpError(
            400,
            `'amount' must be a positive decimal string such as "2.5". Received: ${JSON.stringify(amount)}`,
          );
        }
        if (typeof coin !== 'string' || priceOf(coin) === undefined)
          throw new HttpError(400, `'coin' must be one of ${data.coins.map((row) => row.id).join(', ')}.`);
        const paid = cost(amount, coin);
        const balance = toUnits(account().balance) - paid;
        if (balance < 0n)
          throw new HttpError(
            422,
            `Insufficient balance: this trade costs ${formatMoney(paid)}, the account holds ${account().balance}.`,
          );
        account().balance = formatMoney(balance);
        const trade = {
          id: nextId(data.trades),
          user: account().user,
          amount,
          coin,
          created_at: new Date().toISOString(),
        };
        data.trades.push(trade);
        return [201, { trade: withUser(trade), account: account() }];
      }
    }

    const tradePath = /^\/trade\/([^/]+)$/.exec(path);
    if (tradePath && method === 'DELETE') {
      // selling a trade: it goes, and the account gets its cost back
      const index = data.trades.findIndex((trade) => String(trade.id) === decodeURIComponent(tradePath[1]));
      if (index === -1) throw new HttpError(404, `No trade ${tradePath[1]}.`);
      const [trade] = data.trades.splice(index, 1);
      if (trade.user === account().user)
        account().balance = formatMoney(toUnits(account().balance) + cost(trade.amount, trade.coin));
      return [200, { trade: { id: trade.id }, account: account() }];
    }

    const accountPath = /^\/account\/([^/]+)$/.exec(path);
    if (accountPath && method === 'GET') {
      const found = data.accounts.find((row) => String(row.id) === decodeURIComponent(accountPath[1]));
      if (found === undefined) throw new HttpError(404, `No account ${accountPath[1]}.`);
      return [200, found];
    }

    if (['/users', '/feed', '/coins', '/trade'].includes(path) || userPath || tradePath || accountPath)
      throw new HttpError(405, `${method} ${path} is not supported.`);
    return undefined;
  };
}

/** The live board's first message (100,000 trades, about 8 MB), made once. */
let boardStart;

/**
 * Streams the live board's feed as server-sent events: the trades (event `trades`), then an event of
 * changes every 1/hz s (`message`), until the page closes the stream. Each connection starts the feed
 * from its beginning (example/board.mjs).
 */
function streamBoard(request, response, hz) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  boardStart ??= `event: trades\ndata: ${JSON.stringify(initialTrades())}\n\n`;
  response.write(boardStart);
  let seq = 0;
  const every = 1000 / Math.min(60, Math.max(1, Number.isFinite(hz) ? hz : 25));
  const timer = setInterval(() => response.write(`data: ${JSON.stringify(boardEvent(++seq))}\n\n`), every);
  request.once('close', () => clearInterval(timer));
}

/**
 * Starts the example server on 127.0.0.1.
 * @param {{ port?: number, page?: (server: import('node:http').Server) => Promise<(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse, next: () => void) => void> }} [options]
 *   `port` 0 (the default) picks a free port; `page` makes the handler of every request that is not
 *   the API's (a connect-style middleware, such as Vite's), given the HTTP server.
 * @returns {Promise<{ url: string, close: () => Promise<void>, log: Array<{ method: string, url: string, status: number }> }>}
 *   `url` ends with '/'; `log` lists every API request in order (not /__log, not the page's files).
 */
export async function startServer({ port = 0, page } = {}) {
  const data = seed();
  const api = createApi(data);
  const log = [];

  const server = createServer(async (request, response) => {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/__log') return send(200, log);
    if (url.pathname === '/__reset' && method === 'POST') {
      // each browser test starts from the seed data, whatever ran before it
      Object.assign(data, seed());
      log.length = 0;
      return send(200, { reset: true });
    }
    // what the live board shows after event `seq`, sorted afresh: what the browser test checks the page against
    if (url.pathname === '/__board')
      return send(200, boardViews(Number(url.searchParams.get('seq')), url.searchParams.get('coin')));
    const entry = { method, url: url.pathname + url.search, status: 0 };
    if (url.pathname === '/board/stream' && method === 'GET') {
      log.push({ ...entry, status: 200 });
      return streamBoard(request, response, Number(url.searchParams.get('hz') ?? 25));
    }
    try {
      const handled = await api(method, url, request);
      if (handled !== undefined) {
        entry.status = handled[0];
        log.push(entry);
        return send(...handled);
      }
    } catch (error) {
      entry.status = error instanceof HttpError ? error.status : 500;
      log.push(entry);
      return send(entry.status, { error: error instanceof Error ? error.message : String(error) });
    }
    if (method !== 'GET' && method !== 'HEAD')
      return send(404, { error: `${method} ${url.pathname}: no such endpoint.` });
    if (handlePage === undefined) return send(404, { error: `${url.pathname}: this server has no page.` });
    handlePage(request, response, () => send(404, { error: `${url.pathname}: not found.` }));
  });
  const handlePage = await page?.(server);

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}/`,
    log,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
