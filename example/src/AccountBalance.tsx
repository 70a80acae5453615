import { useSuspense } from 'rtk-entities/react';
import { getAccount } from './endpoints';

/** GET /account/:id, fetched once: trades update it through their bundled response. */
export function AccountBalance({ id }: { id: number }) {
  const account = useSuspense(getAccount, { id });
  return (
    <dl className="account" data-testid="account">
      <div>
        <dt>Account {account.id} balance</dt>
        <dd data-testid="account-balance">{account.balance}</dd>
      </div>
      <div>
        <dt>Price per coin</dt>
        <dd>{account.coin_value}</dd>
      </div>
    </dl>
  );
}
