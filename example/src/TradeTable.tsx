import type { Trade } from './entities';

const time = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A table of trades; `testId` prefixes its test ids (`trade-list`, `trade-row`). */
export function TradeTable({ trades, testId = 'trade' }: { trades: readonly Trade[]; testId?: string }) {
  return (
    <table className="trades" data-testid={`${testId}-list`}>
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
          <tr key={trade.pk()} data-testid={`${testId}-row`} data-id={trade.pk()}>
            <td>{trade.id}</td>
            <td>{trade.user}</td>
            <td className="num user-text">{trade.amount}</td>
            <td>{trade.coin.toUpperCase()}</td>
            <td>{trade.created_at === '' ? '' : time.format(new Date(trade.created_at))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
