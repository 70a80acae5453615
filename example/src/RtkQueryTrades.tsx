import { AccountView } from './AccountView';
import { BuyForm } from './BuyForm';
import { Loading } from './Loading';
import { RtkQueryOwnHooks } from './RtkQueryOwnHooks';
import { TradeTable } from './TradeTable';
import { entitiesApi } from './tradesApi';

/** The Trades panel again, through RTK Query's hooks: the data are instances from the shared tables. */
export function RtkQueryTrades() {
  const { data: account } = entitiesApi.useGetAccountQuery(1);
  const { data: trades } = entitiesApi.useGetTradesQuery();
  const [createTrade] = entitiesApi.useCreateTradeMutation();
  return (
    <>
      {account === undefined ? <Loading /> : <AccountView account={account} testId="rtkq-account" />}
      <BuyForm buy={(trade) => createTrade(trade).unwrap()} testId="rtkq-trade" />
      {trades === undefined ? <Loading /> : <TradeTable trades={trades} testId="rtkq-trade" />}
      <RtkQueryOwnHooks />
    </>
  );
}
