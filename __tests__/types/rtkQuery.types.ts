/**
 * Type tests for `rtk-entities/rtk-query` and `rtk-entities/rtk-query/react`: compiled by
 * `tsc --noEmit` (see tsconfig.json), never run. The schema's `Denormalize<>` becomes the data type
 * of every select and hook; arguments are RTK Query's; names the api does not have are errors.
 */
import type { Middleware } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import { schema } from '../../src/index';
import { normalizeApi as normalizeCoreApi } from '../../src/rtk-query/index';
import { normalizeApi } from '../../src/rtk-query/react';
import { Account, Trade, api, tradeSchemas, trades } from '../fixtures/tradesApi';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

declare const state: unknown;

// ---------------------------------------------------------------------------------------------
// rtk-entities/rtk-query: select
// ---------------------------------------------------------------------------------------------

const core = normalizeCoreApi(api, tradeSchemas);
expectType<Equal<typeof core.middleware, Middleware>>();
expectType<
  Equal<
    keyof typeof core.endpoints,
    'getTrades' | 'getTrade' | 'getAccount' | 'createTrade' | 'updateTrade' | 'deleteTrade' | 'getStats'
  >
>();

const list = core.endpoints.getTrades.select()(state);
expectType<Equal<typeof list.data, Trade[] | undefined>>();
expectType<Equal<typeof list.currentData, Trade[] | undefined>>();
expectType<Equal<typeof list.isSuccess, boolean>>();
core.endpoints.getTrades.select({ user: 1 });
core.endpoints.getTrades.select(skipToken);
// @ts-expect-error: getTrades takes { user?: number } or nothing
core.endpoints.getTrades.select({ user: 'one' });

expectType<
  Equal<typeof core.endpoints.getTrade.select extends (arg: infer A) => unknown ? A : never, number | typeof skipToken>
>();
expectType<Equal<ReturnType<ReturnType<typeof core.endpoints.getTrade.select>>['data'], Trade | undefined>>();
expectType<Equal<ReturnType<ReturnType<typeof core.endpoints.getAccount.select>>['data'], Account | undefined>>();
// @ts-expect-error: getTrade takes a number
core.endpoints.getTrade.select('1');

// a bundled mutation: each key read with its own schema; a delete: the entity, or nothing
const created = core.endpoints.createTrade.select({ requestId: 'id', fixedCacheKey: undefined })(state);
expectType<Equal<typeof created.data, { trade: Trade; account: Account } | undefined>>();
expectType<Equal<ReturnType<ReturnType<typeof core.endpoints.deleteTrade.select>>['data'], Trade | undefined>>();
core.endpoints.deleteTrade.select(skipToken);

// the selector counts its recomputations, as every selector of the library does
expectType<Equal<ReturnType<ReturnType<typeof core.endpoints.getTrades.select>['recomputations']>, number>>();

// an undeclared endpoint is RTK Query's own
expectType<Equal<typeof core.endpoints.getStats, typeof api.endpoints.getStats>>();

// @ts-expect-error: the api has no endpoint 'getTrade5'
normalizeCoreApi(api, { getTrade5: Trade });
normalizeCoreApi(api, { getTrades: new schema.All(Trade) });

// ---------------------------------------------------------------------------------------------
// rtk-entities/rtk-query/react: hooks, also under RTK Query's generated names
// ---------------------------------------------------------------------------------------------

const withHooks = normalizeApi(api, { ...tradeSchemas, getTrades: trades });

function Component() {
  const all = withHooks.useGetTradesQuery();
  expectType<Equal<typeof all.data, Trade[] | undefined>>();
  expectType<Equal<typeof all.isFetching, boolean>>();
  all.refetch();
  withHooks.useGetTradesQuery({ user: 2 }, { pollingInterval: 1000, skip: false });
  const one = withHooks.endpoints.getTrade.useQuery(1);
  expectType<Equal<typeof one.currentData, Trade | undefined>>();
  withHooks.useGetTradeQuery(skipToken);
  // @ts-expect-error: getTrade takes a number
  withHooks.useGetTradeQuery('1');
  // selectFromResult receives the denormalized result, and its return is what the hook gives
  const picked = withHooks.useGetTradeQuery(1, { selectFromResult: ({ data }) => ({ amount: data?.amount }) });
  expectType<Equal<typeof picked.amount, string | undefined>>();
  // @ts-expect-error: data is a Trade, which has no field 'nope'
  withHooks.useGetTradeQuery(1, { selectFromResult: ({ data }) => ({ nope: data?.nope }) });

  const [create, created] = withHooks.useCreateTradeMutation();
  expectType<Equal<typeof created.data, { trade: Trade; account: Account } | undefined>>();
  void create({ amount: '1', coin: 'btc' });
  // @ts-expect-error: createTrade needs an amount
  void create({ coin: 'btc' });
  const [, removed] = withHooks.endpoints.deleteTrade.useMutation({ fixedCacheKey: 'delete' });
  expectType<Equal<typeof removed.data, Trade | undefined>>();

  // queries have no useMutation, mutations no useQuery; an undeclared endpoint has RTK Query's own hook
  // @ts-expect-error: getTrades is a query
  void withHooks.endpoints.getTrades.useMutation;
  // @ts-expect-error: createTrade is a mutation
  void withHooks.useCreateTradeQuery;
  expectType<Equal<typeof withHooks.useGetStatsQuery, typeof api.useGetStatsQuery>>();
  return null;
}
void Component;
