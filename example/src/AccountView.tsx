import type { Account } from './entities';

/** An account's balance; `testId` prefixes its test ids (`account`, `account-balance`). */
export function AccountView({ account, testId = 'account' }: { account: Account; testId?: string }) {
  return (
    <dl className="account" data-testid={testId}>
      <div>
        <dt>Account {account.id} balance</dt>
        <dd data-testid={`${testId}-balance`}>{account.balance}</dd>
      </div>
    </dl>
  );
}
