// The same trades and account through RTK Query: an ordinary createApi, normalized with normalizeApi.
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { normalizeApi } from 'rtk-entities/rtk-query/react';
import { TradeResource } from './endpoints';
import { Account } from './entities';

/** A trade as the server sends it. */
export interface TradeRow {
  id: number;
  user: { id: string; name: string };
  amount: string;
  coin: string;
  created_at: string;
}

/** An account as the server sends it. */
export interface AccountRow {
  id: number;
  user: string;
  balance: string;
}

/** An RTK Query api as an app already has one: no tags, no hand-written cache updates. */
export const tradesApi = createApi({
  reducerPath: 'tradesApi',
  baseQuery: fetchBaseQuery({ baseUrl: window.location.origin }),
  endpoints: (build) => ({
    getTrades: build.query<TradeRow[], void>({ query: () => '/trade' }),
    getAccount: build.query<AccountRow, number>({ query: (id) => `/account/${id}` }),
    createTrade: build.mutation<{ trade: TradeRow; account: AccountRow }, { amount: string; coin: string }>({
      query: (body) => ({ url: '/trade', method: 'POST', body }),
    }),
  }),
});

/**
 * The schemas of the Trades panel's resource: RTK Query's responses land in the same tables and the
 * same list, so a buy in either panel updates both.
 */
export const entitiesApi = normalizeApi(tradesApi, {
  getTrades: TradeResource.getList.schema,
  getAccount: Account,
  createTrade: TradeResource.create.schema,
});
