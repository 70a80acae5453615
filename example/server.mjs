// The example's API server: plain Node http, in-memory data, listening on 127.0.0.1 only.
// It serves the spec's endpoints (section 4.1), a request log for tests (GET /__log), a reset to the
// seed data for tests (POST /__reset: fresh data, empty log), and the page built into example/dist.
//
//   node example/server.mjs [port]     (or PORT=... ; 0 picks a free port)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import seedData from './seed.json' with { type: 'json' };

const DIST = fileURLToPath(new URL('./dist/', import.meta.url));

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

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

  return async function api(method, url, request) {
    const path = url.pathname.replace(/\/+$/, '') || '/';

    if (path === '/users') {
      if (method === 'GET') return [200, data.users];
      if (method === 'POST') {
        const { name } = await readJson(request);
        if (typeof name !== 'string' || name.trim() === '')
          throw new HttpError(400, "POST /users needs a non-empty 'name'.");
        const user = { id: String(nextId(data.users)), name: name.trim() };
        data.users.push(user);
        return [201, user];
      }
    }

    if (path === '/feed' && method === 'GET') return [200, data.feed];

    if (path === '/trade') {
      if (method === 'GET') {
        const user = url.searchParams.get('user');
        return [200, user === null ? data.trades : data.trades.filter((trade) => String(trade.user) === user)];
      }
      if (method === 'POST') {
        const { amount, coin } = await readJson(request);
        if (typeof amount !== 'string' || !DECIMAL.test(amount) || toUnits(amount) === 0n) {
          throw new HttpError(
            400,
            `'amount' must be a positive decimal string such as "2.5". Received: ${JSON.stringify(amount)}`,
          );
        }
        if (typeof coin !== 'string' || coin.trim() === '') throw new HttpError(400, "POST /trade needs a 'coin'.");
        const account = data.accounts.find((row) => row.id === 1);
        // the account pays amount × coin_value
        const cost = (toUnits(amount) * toUnits(account.coin_value)) / 10n ** BigInt(SCALE);
        const balance = toUnits(account.balance) - cost;
        if (balance < 0n)
          throw new HttpError(
            422,
            `Insufficient balance: this trade costs ${formatMoney(cost)}, the account holds ${account.balance}.`,
          );
        account.balance = formatMoney(balance);
        const trade = {
          id: nextId(data.trades),
          user: 1,
          amount,
          coin: coin.trim(),
          created_at: new Date().toISOString(),
        };
        data.trades.push(trade);
        return [201, { trade, account }];
      }
    }

    const accountPath = /^\/account\/([^/]+)$/.exec(path);
    if (accountPath && method === 'GET') {
      const account = data.accounts.find((row) => String(row.id) === decodeURIComponent(accountPath[1]));
      if (account === undefined) throw new HttpError(404, `No account ${accountPath[1]}.`);
      return [200, account];
    }

    if (['/users', '/feed', '/trade'].includes(path) || accountPath)
      throw new HttpError(405, `${method} ${path} is not supported.`);
    return undefined;
  };
}

/** Serves a file of the built page, or index.html for any other page path. */
async function serveStatic(url, response) {
  let file;
  try {
    file = join(DIST, normalize(decodeURIComponent(url.pathname)));
  } catch {
    file = DIST; // a malformed escape: answer with the page
  }
  if (!file.startsWith(DIST)) file = DIST;
  const isFile = await stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!isFile) file = join(DIST, 'index.html');
  try {
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`The page is not built (${join(DIST, 'index.html')} is missing). Run: npm run example\n`);
  }
}

/**
 * Starts the example server on 127.0.0.1.
 * @param {{ port?: number }} [options] `port` 0 (the default) picks a free port.
 * @returns {Promise<{ url: string, close: () => Promise<void>, log: Array<{ method: string, url: string, status: number }> }>}
 *   `url` ends with '/'; `log` lists every API request in order (not /__log, not the page's files).
 */
export async function startServer({ port = 0 } = {}) {
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
    const entry = { method, url: url.pathname + url.search, status: 0 };
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
    return serveStatic(url, response);
  });

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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
  const { url, close } = await startServer({ port });
  console.log(`rtk-entities example API: ${url}`);
  const stop = () => close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
