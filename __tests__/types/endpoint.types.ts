/**
 * Type tests for the endpoint layer: compiled by `tsc --noEmit` (see tsconfig.json), never run.
 * Each `expectType<Equal<A, B>>()` fails compilation unless `A` and `B` are identical, and each
 * `@ts-expect-error` fails compilation unless the line below it is rejected.
 */
import { Endpoint, NetworkError, RestEndpoint, schema } from '../../src/index';
import type { EndpointInterface, PathParams, RequestContext, ResultOf } from '../../src/index';
import { Account, Link, Post, Trade, User } from '../fixtures/spec';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

declare const context: RequestContext;
const API = 'http://api.test';

// ---------------------------------------------------------------------------------------------
// Path parameters
// ---------------------------------------------------------------------------------------------

expectType<Equal<PathParams<'/trade/:id'>, { id: string | number }>>();
expectType<Equal<PathParams<'/users{/:id}'>, { id?: string | number | undefined }>>();
expectType<Equal<PathParams<'/files/*path'>, { path: readonly string[] }>>();
expectType<
  Equal<
    PathParams<'/:org/repos/:repo{/issues/:issue}'>,
    { org: string | number; repo: string | number; issue?: string | number | undefined }
  >
>();
expectType<Equal<PathParams<'/users'>, {}>>();
// an escaped colon is literal text, not a parameter
expectType<Equal<PathParams<'/time/10\\:30/:zone'>, { zone: string | number }>>();

const getTrade = new RestEndpoint({ urlPrefix: API, path: '/trade/:id', schema: Trade });
getTrade.url({ id: 5 });
getTrade.url({ id: '5', page: 2, active: true, q: undefined });
// @ts-expect-error: '/trade/:id' needs `id`
getTrade.url({});
// @ts-expect-error: '/trade/:id' needs params at all
getTrade.url();
// @ts-expect-error: `id` is a string or number
getTrade.url({ id: true });
// @ts-expect-error: `id` is a string or number
getTrade.key({ id: { nested: 1 } });
// @ts-expect-error: search params are primitives
getTrade.url({ id: 1, filter: { a: 1 } });
void getTrade.request(context, { id: 1 });
// @ts-expect-error: a GET takes no body
void getTrade.request(context, { id: 1 }, { amount: '1' });

const getUserOrUsers = new RestEndpoint({ path: '/users{/:id}' });
getUserOrUsers.url();
getUserOrUsers.url({ id: 1 });
getUserOrUsers.url({ page: 2 });
// @ts-expect-error: `id` is a string or number even when optional
getUserOrUsers.url({ id: [1] });

const getFile = new RestEndpoint({ path: '/files/*path' });
getFile.url({ path: ['a', 'b.txt'] });
getFile.url({ path: ['a'], download: true });
// @ts-expect-error: a wildcard takes an array of segments
getFile.url({ path: 'a/b.txt' });
// @ts-expect-error: the wildcard is required
getFile.url({});

// ---------------------------------------------------------------------------------------------
// Methods, bodies, search params
// ---------------------------------------------------------------------------------------------

const createUser = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST', schema: User });
expectType<
  Equal<
    Parameters<typeof createUser.key>,
    | [body: Record<string, unknown>]
    | [params: Record<string, string | number | boolean | undefined>, body: Record<string, unknown>]
  >
>();
createUser.key({ name: 'Ann' });
createUser.key({ draft: true }, { name: 'Ann' });
// @ts-expect-error: the body is an object
createUser.key('Ann');

const updateTrade = new RestEndpoint({
  path: '/trade/:id',
  method: 'PATCH',
  body: {} as { amount: string },
  schema: Trade,
});
void updateTrade.request(context, { id: 1 }, { amount: '2' });
// @ts-expect-error: the body has the declared type
void updateTrade.request(context, { id: 1 }, { amount: 2 });
// @ts-expect-error: a body endpoint with path params takes (params, body)
void updateTrade.request(context, { amount: '2' });

const closeTrade = new RestEndpoint({ path: '/trade/:id/close', method: 'POST', body: undefined });
expectType<
  Equal<
    Parameters<typeof closeTrade.url>,
    [params: { id: string | number } & Record<string, string | number | boolean | undefined>]
  >
>();

const listTrades = new RestEndpoint({ path: '/trade', searchParams: {} as { page?: number; coin?: string } });
listTrades.url({ page: 1, coin: 'btc' });
listTrades.url();
// @ts-expect-error: declared search params are checked
listTrades.url({ page: '1' });

expectType<Equal<typeof createUser.method, 'POST'>>();
expectType<Equal<typeof getTrade.method, 'GET'>>();
// @ts-expect-error: not an HTTP method
new RestEndpoint({ path: '/x', method: 'FETCH' });

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

expectType<Equal<ResultOf<typeof getTrade>, Trade>>();
expectType<Equal<ResultOf<typeof createUser>, User>>();
const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
expectType<Equal<ResultOf<typeof getUsers>, User[]>>();
const getFeed = new RestEndpoint({
  urlPrefix: API,
  path: '/feed',
  schema: new schema.All({ link: Link, post: Post }, 'type'),
});
expectType<Equal<ResultOf<typeof getFeed>, (Link | Post)[]>>();
const createTrade = new RestEndpoint({ path: '/trade/', method: 'POST', schema: { trade: Trade, account: Account } });
expectType<Equal<ResultOf<typeof createTrade>, { trade: Trade; account: Account }>>();
// without a schema, the result is what `process` returns
const getCount = new RestEndpoint({ path: '/count', process: (value) => Number(value) });
expectType<Equal<ResultOf<typeof getCount>, number>>();
expectType<Equal<ReturnType<typeof getCount.request>, Promise<number>>>();
const getText = new RestEndpoint({ path: '/text' });
expectType<Equal<ResultOf<typeof getText>, unknown>>();
// `process` sees the call's arguments
new RestEndpoint({
  path: '/trade/:id',
  process(value, params) {
    expectType<Equal<typeof params, { id: string | number } & Record<string, string | number | boolean | undefined>>>();
    return value;
  },
});

// ---------------------------------------------------------------------------------------------
// extend
// ---------------------------------------------------------------------------------------------

// keeps the path's types when the path stays
const getTradeFresh = getTrade.extend({ dataExpiryLength: 1000 });
getTradeFresh.url({ id: 1 });
// @ts-expect-error: still needs `id`
getTradeFresh.url({});
expectType<Equal<ResultOf<typeof getTradeFresh>, Trade>>();

// a new path retypes the params
const getOrder = getTrade.extend({ path: '/orders/:orderId' });
getOrder.url({ orderId: 1 });
// @ts-expect-error: the old param is gone
getOrder.url({ id: 1 });
const getTrades = getTrade.extend({ path: '/trade', schema: new schema.All(Trade) });
getTrades.url();
expectType<Equal<ResultOf<typeof getTrades>, Trade[]>>();

// a new method without `body` takes that method's default body
const patchTrade = getTrade.extend({ method: 'PATCH' });
void patchTrade.request(context, { id: 1 }, { amount: '3' });
// @ts-expect-error: PATCH with path params takes (params, body)
void patchTrade.request(context, { id: 1 }, 'x');
expectType<Equal<typeof patchTrade.method, 'PATCH'>>();

// a new schema changes the result; the body type survives when the method stays
const createTradeWithAccount = createTrade.extend({ schema: { trade: Trade, account: Account, user: User } });
expectType<Equal<ResultOf<typeof createTradeWithAccount>, { trade: Trade; account: Account; user: User }>>();
const patchTradeBody = updateTrade.extend({ name: 'updateTrade' });
// @ts-expect-error: the declared body type is kept
void patchTradeBody.request(context, { id: 1 }, { amount: 2 });

// ---------------------------------------------------------------------------------------------
// The contract the Redux layer calls
// ---------------------------------------------------------------------------------------------

const asInterface: EndpointInterface = getTrade;
const asInterface2: EndpointInterface<readonly unknown[], typeof User> = createUser;
void asInterface;
void asInterface2;

// ---------------------------------------------------------------------------------------------
// Endpoint(fetchFn)
// ---------------------------------------------------------------------------------------------

const fetchTrade = async (id: number, full?: boolean): Promise<{ id: number; full: boolean }> => ({
  id,
  full: full ?? false,
});
const tradeEndpoint = Endpoint(fetchTrade);
expectType<Equal<Parameters<typeof tradeEndpoint.key>, [id: number, full?: boolean | undefined]>>();
expectType<Equal<ResultOf<typeof tradeEndpoint>, { id: number; full: boolean }>>();
// @ts-expect-error: arguments follow the function
tradeEndpoint.key('1');
const tradeEntityEndpoint = new Endpoint(fetchTrade, { schema: Trade, key: (id) => `trade ${id}` });
expectType<Equal<ResultOf<typeof tradeEntityEndpoint>, Trade>>();
const tradesEndpoint = tradeEntityEndpoint.extend({ schema: [Trade] });
expectType<Equal<ResultOf<typeof tradesEndpoint>, Trade[]>>();
const endpointAsInterface: EndpointInterface = tradeEndpoint;
void endpointAsInterface;
// @ts-expect-error: only async functions
Endpoint((id: number) => id);

// ---------------------------------------------------------------------------------------------
// NetworkError
// ---------------------------------------------------------------------------------------------

declare const error: NetworkError;
expectType<Equal<typeof error.status, number>>();
expectType<Equal<typeof error.response, Response>>();
