import { useSuspense } from 'rtk-entities/react';
import { TradeResource } from './endpoints';

const time = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** GET /trade: a Collection, so a created trade joins it in place. */
export function TradeList() {
  const trades = useSuspense(TradeResource.getList);
  return (
    <table className="trades" data-testid="trade-list">
      <thead>
        <tr>
          <th>#</th>
          <th>User</th>
          <th className="num">Amount</th>
          <th>Coin</th>
          <th>When</th>
        </tr>
      </thead>
      <tbody>
        {trades.map((trade) => (
          <tr key={trade.pk()} data-testid="trade-row" data-id={trade.pk()}>
            <td>{trade.id}</td>
            <td>{trade.user}</td>
            <td className="num">{trade.amount}</td>
            <td>{trade.coin.toUpperCase()}</td>
            <td>{trade.created_at === '' ? '' : time.format(new Date(trade.created_at))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
