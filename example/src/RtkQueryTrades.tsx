import { AccountView } from './AccountView';
import { Boundary } from './Boundary';
import { BuyForm } from './BuyForm';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';
import { RtkQueryOwnHooks } from './RtkQueryOwnHooks';
import { TradeTable } from './TradeTable';
import { entitiesApi } from './tradesApi';

/** The Trades panel again, through RTK Query's hooks: the data are instances from the shared tables. */
export function RtkQueryTrades() {
  const account = entitiesApi.useGetAccountQuery(1);
  const trades = entitiesApi.useGetTradesQuery();
  const [createTrade] = entitiesApi.useCreateTradeMutation();
  return (
    <>
      {account.data !== undefined ? (
        <AccountView account={account.data} testId="rtkq-account" />
      ) : account.isError ? (
        <ErrorNotice error={account.error} retry={() => void account.refetch()} />
      ) : (
        <Loading />
      )}
      <Boundary>
        <BuyForm buy={(trade) => createTrade(trade).unwrap()} testId="rtkq-trade" />
      </Boundary>
      {trades.data !== undefined ? (
        <TradeTable trades={trades.data} testId="rtkq-trade" />
      ) : trades.isError ? (
        <ErrorNotice error={trades.error} retry={() => void trades.refetch()} />
      ) : (
        <Loading />
      )}
      <RtkQueryOwnHooks />
    </>
  );
}
