/**
 * RestEndpoint's URLs: path templates (required, optional and wildcard segments, encoding, dot
 * segments refused), params that are missing or invalid, search params, and the key.
 */
import { RestEndpoint } from '../../src/index';
import { freshModule, inProduction } from '../fixtures/production';

const API = 'http://api.test';

describe('RestEndpoint path templates', () => {
  test(':name fills a required segment and leaves the rest to the query string', () => {
    const getTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id' });
    expect(getTrade.url({ id: 5 })).toBe(`${API}/trade/5`);
    expect(getTrade.url({ id: 'abc', page: 2 })).toBe(`${API}/trade/abc?page=2`);
  });

  test('several params, with literal text between them', () => {
    const getIssue = new RestEndpoint({ path: '/:org/repos/:repo.json' });
    expect(getIssue.url({ org: 'acme', repo: 'app' })).toBe('/acme/repos/app.json');
  });

  test('{/:name} is an optional segment: dropped when its param is missing', () => {
    const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users{/:id}' });
    expect(getUsers.url()).toBe(`${API}/users`);
    expect(getUsers.url({})).toBe(`${API}/users`);
    expect(getUsers.url({ id: undefined })).toBe(`${API}/users`);
    expect(getUsers.url({ id: 7 })).toBe(`${API}/users/7`);
  });

  test('an optional group holds literal text and is dropped whole', () => {
    const getComments = new RestEndpoint({ path: '/posts/:post{/comments/:comment}/view' });
    expect(getComments.url({ post: 1 })).toBe('/posts/1/view');
    expect(getComments.url({ post: 1, comment: 2 })).toBe('/posts/1/comments/2/view');
  });

  test('*name is a wildcard: an array of segments joined with /, each encoded', () => {
    const getFile = new RestEndpoint({ path: '/files/*path' });
    expect(getFile.url({ path: ['docs', 'a b', 'c?.txt'] })).toBe('/files/docs/a%20b/c%3F.txt');
  });

  test('an optional wildcard may be left out', () => {
    const browse = new RestEndpoint({ path: '/browse{/*path}' });
    expect(browse.url()).toBe('/browse');
    expect(browse.url({ path: [] })).toBe('/browse');
    expect(browse.url({ path: ['a', 'b'] })).toBe('/browse/a/b');
  });

  test('a backslash escapes a literal colon, star or brace', () => {
    const at = new RestEndpoint({ path: '/time/10\\:30/\\*/\\{x\\}/:zone' });
    expect(at.url({ zone: 'utc' })).toBe('/time/10:30/*/{x}/utc');
  });

  test('path params are percent-encoded with encodeURIComponent', () => {
    const getTrade = new RestEndpoint({ path: '/trade/:id' });
    expect(getTrade.url({ id: 'a/b' })).toBe('/trade/a%2Fb');
    expect(getTrade.url({ id: 'what?x=1' })).toBe('/trade/what%3Fx%3D1');
    expect(getTrade.url({ id: 'top#frag' })).toBe('/trade/top%23frag');
    expect(getTrade.url({ id: 'é %' })).toBe('/trade/%C3%A9%20%25');
  });

  test('names like __proto__ or constructor are ordinary params', () => {
    const odd = new RestEndpoint({ path: '/x/:constructor' });
    expect(() => odd.url({} as { constructor: string })).toThrow("path parameter 'constructor' is missing");
    expect(odd.url({ constructor: 'c' } as unknown as { constructor: string })).toBe('/x/c');
    expect(new RestEndpoint({ path: '/y' }).url(JSON.parse('{"__proto__":"p"}') as Record<string, string>)).toBe(
      '/y?__proto__=p',
    );
  });
});

describe('dot segments are rejected before any request', () => {
  const getFile = new RestEndpoint({ urlPrefix: API, path: '/files/:name' });

  test.each(['.', '..', '%2e', '%2E', '%2e%2e', '%2E%2e', '.%2e', '%252e%252E'])('%s', (name) => {
    expect(() => getFile.url({ name })).toThrow(TypeError);
    expect(() => getFile.url({ name })).toThrow(
      `GET /files/:name: path parameter 'name' is ${JSON.stringify(name)}, a dot segment`,
    );
  });

  test('in wildcard segments too', () => {
    const getPath = new RestEndpoint({ name: 'getPath', path: '/files/*path' });
    expect(() => getPath.url({ path: ['a', '..', 'etc'] })).toThrow(
      'getPath: path parameter \'path\' is "..", a dot segment',
    );
  });

  test('names that only contain dots are fine', () => {
    expect(getFile.url({ name: '...' })).toBe(`${API}/files/...`);
    expect(getFile.url({ name: '.env' })).toBe(`${API}/files/.env`);
    expect(getFile.url({ name: 'a..b' })).toBe(`${API}/files/a..b`);
  });

  test('a malformed percent sequence is encoded, not rejected', () => {
    expect(getFile.url({ name: '%E0%A4%A' })).toBe(`${API}/files/%25E0%25A4%25A`);
  });
});

describe('missing and invalid path params', () => {
  const getTrade = new RestEndpoint({ path: '/trade/:id' });

  test('a missing required param names the endpoint and the param', () => {
    expect(() => getTrade.url({} as { id: number })).toThrow(
      new TypeError(
        `GET /trade/:id: path parameter 'id' is missing for "/trade/:id": pass it in the params, e.g. { id: … }.`,
      ),
    );
  });

  test('an empty string is missing: it would request another resource', () => {
    expect(() => getTrade.url({ id: '' })).toThrow("path parameter 'id' is missing");
  });

  test('an object is not a path param', () => {
    expect(() => getTrade.url({ id: { a: 1 } } as unknown as { id: number })).toThrow(
      `GET /trade/:id: path parameter 'id' must be a string or number; received {"a":1}.`,
    );
  });

  test.each([
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a symbol', Symbol('s'), 'a symbol (Symbol(s))'],
    ['a function', function part() {}, 'a function (part)'],
    ['an array', ['b'], '["b"]'],
  ])('a wildcard segment that is %s is refused, not written into the URL', (_label, segment, shown) => {
    const getFile = new RestEndpoint({ path: '/files/*path' });
    expect(() => getFile.url({ path: ['a', segment] } as unknown as { path: string[] })).toThrow(
      new TypeError(`GET /files/*path: path parameter 'path' must be a string or number; received ${shown}.`),
    );
  });

  test('a wildcard needs an array', () => {
    const getFile = new RestEndpoint({ path: '/files/*path' });
    expect(() => getFile.url({ path: 'a/b' } as unknown as { path: string[] })).toThrow(
      `GET /files/*path: path parameter 'path' is a wildcard and takes an array of segments`,
    );
    expect(() => getFile.url({ path: [] })).toThrow("path parameter 'path' is missing");
  });

  test('params must be an object', () => {
    expect(() => getTrade.url(5 as unknown as { id: number })).toThrow(
      'GET /trade/:id: params must be an object such as { id: 1 }; received 5.',
    );
  });

  test.each([
    ['a Map', new Map([['id', 1]]), 'a Map: [["id",1]]'],
    ['a Date', new Date(0), 'a Date (1970-01-01T00:00:00.000Z)'],
    ['a Set', new Set([1]), 'a Set: [1]'],
    ['a function', function lookup() {}, 'a function (lookup)'],
  ])('params that are %s are refused as such, not reported as a missing path parameter', (_label, params, shown) => {
    expect(() => getTrade.url(params as unknown as { id: number })).toThrow(
      `GET /trade/:id: params must be a plain object such as { id: 1 }; received ${shown}.`,
    );
  });

  test.each([
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
  ])('a path param with %s names the endpoint and the parameter (no bare URIError)', (_label, id) => {
    expect(() => getTrade.url({ id })).toThrow(
      `GET /trade/:id: path parameter 'id' holds ${JSON.stringify(id)}, a string with a lone surrogate (half of a UTF-16 pair) that has no UTF-8 form to percent-encode. Pass the whole character, or leave it out.`,
    );
  });
});

describe('invalid templates fail when the endpoint is built', () => {
  test.each([
    ['/trade/:', "':' is not followed by a parameter name at index 7"],
    ['/files/*', "'*' is not followed by a parameter name at index 7"],
    ['/users{/:id', "a '{' is never closed"],
    ['/users/:id}', "a '}' without its '{' at index 10"],
    ['/users\\', 'a trailing backslash'],
    [
      'http://api.test/users',
      "':' is not followed by a parameter name (put the origin in urlPrefix, not in path) at index 4",
    ],
    [
      '/a/:id?',
      "':id?' is an Express-style optional parameter, which this syntax does not have: write '{/:id}' for an optional segment at index 3",
    ],
    [
      '/a/:id?/b',
      "':id?' is an Express-style optional parameter, which this syntax does not have: write '{/:id}' for an optional segment at index 3",
    ],
    [
      '/files/:path+',
      "':path+' is an Express-style repeated parameter, which this syntax does not have: write '*path' for a wildcard at index 7",
    ],
  ])('%s', (path, problem) => {
    expect(() => new RestEndpoint({ path })).toThrow(TypeError);
    expect(() => new RestEndpoint({ path })).toThrow(
      `GET ${path}: invalid path template ${JSON.stringify(path)}: ${problem}`,
    );
  });
});

test('a production build does not check templates (a development check): stray characters stay text', () => {
  inProduction(() => {
    const Endpoint = freshModule<{ RestEndpoint: typeof RestEndpoint }>('../../src/endpoint/RestEndpoint').RestEndpoint;
    expect(new Endpoint({ path: '/a/:id?' }).url({ id: 1 } as never)).toBe('/a/1?');
    expect(new Endpoint({ path: '/users/:id}' }).url({ id: 1 })).toBe('/users/1}');
    expect(new Endpoint({ path: '/trade/:' }).url({} as never)).toBe('/trade/:');
    expect(new Endpoint({ path: '/users{/:id' }).url()).toBe('/users');
  });
});

describe('search params', () => {
  const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users' });

  test('are sorted by name, so equal params give one URL and one key', () => {
    expect(getUsers.url({ page: 2, active: true, q: 'ann' })).toBe(`${API}/users?active=true&page=2&q=ann`);
    expect(getUsers.key({ q: 'ann', page: 2, active: true })).toBe(getUsers.key({ active: true, page: 2, q: 'ann' }));
  });

  test('undefined params are left out', () => {
    expect(getUsers.url({ page: undefined, q: 'x' })).toBe(`${API}/users?q=x`);
    expect(getUsers.url({ page: undefined })).toBe(`${API}/users`);
  });

  test('values are encoded as form data', () => {
    expect(getUsers.url({ q: 'a&b=c d' })).toBe(`${API}/users?q=a%26b%3Dc+d`);
  });

  test('a path param is not repeated in the query', () => {
    const getTrade = new RestEndpoint({ path: '/trade/:id' });
    expect(getTrade.url({ id: 1, coin: 'btc' })).toBe('/trade/1?coin=btc');
  });

  test('an object value is refused with a hint', () => {
    expect(() => getUsers.url({ filter: { a: 1 } } as unknown as Record<string, string>)).toThrow(
      'GET /users: search parameter \'filter\' must be a string, number or boolean; received {"a":1}.',
    );
  });

  test.each([
    [
      'a Date',
      { since: new Date(0) },
      "search parameter 'since' must be a string, number or boolean; received a Date (1970-01-01T00:00:00.000Z). Pass since.toISOString(), or its time in ms.",
    ],
    [
      'a Map',
      { filter: new Map([['user', 'alice']]) },
      'search parameter \'filter\' must be a string, number or boolean; received a Map: [["user","alice"]]. Serialize it yourself, e.g. with JSON.stringify.',
    ],
    [
      'a function',
      {
        cb: function secret() {
          return 'token=abc';
        },
      },
      "search parameter 'cb' must be a string, number or boolean; received a function (secret). Serialize it yourself, e.g. with JSON.stringify.",
    ],
    [
      'a symbol',
      { tag: Symbol('t') },
      "search parameter 'tag' must be a string, number or boolean; received a symbol (Symbol(t)). Serialize it yourself, e.g. with JSON.stringify.",
    ],
    [
      'a function in an array',
      { cb: ['a', () => 1] },
      "search parameter 'cb' must be a string, number or boolean; received a function (an anonymous function). Serialize it yourself, e.g. with JSON.stringify.",
    ],
    [
      'a lone surrogate',
      { q: 'x\udfff' },
      'search parameter \'q\' holds "x\\udfff", a string with a lone surrogate (half of a UTF-16 pair) that has no UTF-8 form to percent-encode. Pass the whole character, or leave it out.',
    ],
  ])(
    '%s is refused naming the endpoint and the parameter; nothing of it reaches the URL',
    (_label, params, problem) => {
      expect(() => getUsers.url(params as unknown as Record<string, string>)).toThrow(`GET /users: ${problem}`);
      expect(() => getUsers.key(params as unknown as Record<string, string>)).toThrow(`GET /users: ${problem}`);
    },
  );

  test('a query already in the path is extended', () => {
    const search = new RestEndpoint({ path: '/search?v=2' });
    expect(search.url({ q: 'x' })).toBe('/search?v=2&q=x');
    expect(search.url()).toBe('/search?v=2');
  });
});

describe('key', () => {
  test('is the method and the full URL', () => {
    const getTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id' });
    expect(getTrade.key({ id: 1, b: 2, a: 1 })).toBe(`GET ${API}/trade/1?a=1&b=2`);
    const updateTrade = getTrade.extend({ method: 'PUT' });
    expect(updateTrade.key({ id: 1 }, { amount: '1' })).toBe(`PUT ${API}/trade/1`);
  });

  test('differs for different params', () => {
    const getTrade = new RestEndpoint({ path: '/trade/:id' });
    expect(getTrade.key({ id: 1 })).not.toBe(getTrade.key({ id: 2 }));
    expect(getTrade.key({ id: 1 })).not.toBe(getTrade.key({ id: 1, page: 1 }));
  });
});
