import type { ReactNode } from 'react';
import type { Trade } from './entities';

const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/**
 * A table of trades, each with its user's name (the nested User: a rename shows here at once);
 * `action` adds a last cell per row. `testId` prefixes its test ids (`trade-list`, `trade-row`).
 */
export function TradeTable({
  trades,
  action,
  testId = 'trade',
}: {
  trades: readonly Trade[];
  action?: (trade: Trade) => ReactNode;
  testId?: string;
}) {
  return (
    <table className="trades" data-testid={`${testId}-list`}>
      <thead>
        <tr>
          <th>#</th>
          <th>User</th>
          <th className="num">Amount</th>
          <th>Coin</th>
          <th>When</th>
          {action === undefined ? null : <th aria-label="Actions" />}
        </tr>
      </thead>
      <tbody>
        {trades.map((trade) => (
          <tr key={trade.pk()} data-testid={`${testId}-row`} data-id={trade.pk()}>
            <td>{trade.id}</td>
            <td className="user-text" data-testid={`${testId}-user`}>
              {trade.user.name}
            </td>
            <td className="num user-text">{trade.amount}</td>
            <td>{trade.coin.toUpperCase()}</td>
            <td>{trade.created_at === '' ? '' : day.format(new Date(trade.created_at))}</td>
            {action === undefined ? null : <td className="row-action">{action(trade)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
