/**
 * @jest-environment jsdom
 *
 * The hooks of `rtk-entities/rtk-query/react`: RTK Query's own hooks with the data denormalized, under
 * RTK Query's generated names. They re-render when the denormalized value or a flag changes, and
 * for nothing else: a mutation in another component re-renders a list showing its entity, with no
 * request and no tags.
 */
import { act, screen } from '@testing-library/react';
import { createApi as createCoreApi, fetchBaseQuery, skipToken } from '@reduxjs/toolkit/query';
import nock from 'nock';
import { useState } from 'react';
import { Entity, RestEndpoint, createController } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/react';
import { renderCounter, renderWithStore } from '../react/harness';
import { API, assertNetworkDone, strictNetwork } from '../fixtures/store';
import { Trade, api, closeStores, makeTradesStore, tradeRows, tradeSchemas } from '../fixtures/tradesApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(api, tradeSchemas);

describe('useQuery', () => {
  test('useGetTradesQuery fetches once and gives instances, with RTK Query’s flags', async () => {
    const { store } = makeTradesStore(entitiesApi);
    expect(entitiesApi.useGetTradesQuery).toBe(entitiesApi.endpoints.getTrades.useQuery);
    nock(API).get('/trade').reply(200, tradeRows(1, 2));
    const seen: string[] = [];
    function Trades() {
      const { data, isLoading, isSuccess } = entitiesApi.useGetTradesQuery();
      seen.push(
        isLoading
          ? 'loading'
          : isSuccess
            ? `${data?.length} trades, ${data?.every((trade) => trade instanceof Trade)}`
            : 'other',
      );
      return <p>{isLoading ? 'loading' : data?.map((trade) => trade.amount).join(', ')}</p>;
    }
    renderWithStore(store, <Trades />);
    await screen.findByText('1, 2');
    expect(seen[0]).toBe('loading');
    expect(seen.at(-1)).toBe('2 trades, true');
  });

  test('a mutation in another component re-renders the list showing its entity, with no request; a write elsewhere re-renders nothing', async () => {
    const { store } = makeTradesStore(entitiesApi);
    nock(API).get('/trade').reply(200, tradeRows(1, 2));
    const list = renderCounter();
    function Trades() {
      list.hit();
      const { data } = entitiesApi.useGetTradesQuery();
      return (
        <ul>
          {data?.map((trade) => (
            <li key={trade.pk()}>{`${trade.id}: ${trade.amount}`}</li>
          ))}
        </ul>
      );
    }
    function Edit() {
      const [update, { data, isSuccess }] = entitiesApi.useUpdateTradeMutation();
      return (
        <button type="button" onClick={() => void update({ id: 1, amount: '9' })}>
          {isSuccess ? `saved ${data?.amount} (${data instanceof Trade})` : 'save'}
        </button>
      );
    }
    renderWithStore(
      store,
      <>
        <Trades />
        <Edit />
      </>,
    );
    await screen.findByText('2: 2');
    const rendersBefore = list.count;

    // an unrelated write: another table
    const getNote = new RestEndpoint({ urlPrefix: API, path: '/notes/:id', schema: Note });
    act(() => void createController(store).setResponse(getNote, { id: 1 }, { id: 1, text: 'x' }));
    expect(list.count).toBe(rendersBefore);

    nock(API).patch('/trade/1', { amount: '9' }).reply(200, { id: 1, user: 1, amount: '9', coin: 'btc' });
    act(() => screen.getByRole('button').click());
    await screen.findByText('1: 9');
    await screen.findByText('saved 9 (true)');
    // the new amount is one re-render of the list: RTK Query's own state for it did not change
    expect(list.count).toBe(rendersBefore + 1);
    expect(screen.getByText('2: 2')).toBeTruthy();
  });

  test('a new argument shows the last data while it loads, as RTK Query does; skip keeps it too', async () => {
    const { store } = makeTradesStore(entitiesApi);
    nock(API).get('/trade/1').reply(200, tradeRows(1)[0]);
    nock(API).get('/trade/2').reply(200, { id: 2, amount: 'two', coin: 'eth' });
    let show: (id: number | typeof skipToken) => void = () => {};
    function Detail() {
      const [id, setId] = useState<number | typeof skipToken>(1);
      show = setId;
      const { data, currentData, isFetching } = entitiesApi.endpoints.getTrade.useQuery(id);
      return <p>{`${data?.amount ?? '-'} / ${currentData?.amount ?? '-'}${isFetching ? ' …' : ''}`}</p>;
    }
    renderWithStore(store, <Detail />);
    await screen.findByText('1 / 1');
    act(() => show(2));
    expect(screen.getByText('1 / - …')).toBeTruthy();
    await screen.findByText('two / two');
    act(() => show(skipToken));
    expect(screen.getByText('two / -')).toBeTruthy();
  });
});

test('normalizeApi of rtk-entities/rtk-query/react refuses an api without hooks, saying which entry to use', () => {
  const coreApi = createCoreApi({
    reducerPath: 'coreApi',
    baseQuery: fetchBaseQuery({ baseUrl: API }),
    endpoints: (build) => ({ getTrades: build.query<unknown[], void>({ query: () => '/trade' }) }),
  });
  expect(() => normalizeApi(coreApi, { getTrades: [Trade] })).toThrow(
    "normalizeApi (rtk-entities/rtk-query/react): getTrades (RTK Query 'coreApi') has no hooks. Make the api with createApi from '@reduxjs/toolkit/query/react', or import normalizeApi from 'rtk-entities/rtk-query'",
  );
});

class Note extends Entity {
  id = 0;
  text = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Note';
}
