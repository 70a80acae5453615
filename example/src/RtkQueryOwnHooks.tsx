import { tradesApi } from './tradesApi';

/**
 * A component not migrated yet: RTK Query's own hooks, plain data. normalizeApi writes every
 * normalized write back into RTK Query's cache, so it follows a buy in either Trades panel with no
 * request of its own.
 */
export function RtkQueryOwnHooks() {
  const { data: account } = tradesApi.useGetAccountQuery(1);
  const { data: trades } = tradesApi.useGetTradesQuery();
  return (
    <p className="own-hooks" data-testid="rtkq-own">
      On RTK Query&rsquo;s own hooks: balance <strong data-testid="rtkq-own-balance">{account?.balance ?? '…'}</strong>,{' '}
      <strong data-testid="rtkq-own-count">{trades?.length ?? '…'}</strong> trades
    </p>
  );
}
