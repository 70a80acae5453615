import { useSuspense } from 'rtk-entities/react';
import { AccountView } from './AccountView';
import { getAccount } from './endpoints';

/** GET /account/:id, fetched once: trades update it through their bundled response. */
export function AccountBalance({ id }: { id: number }) {
  return <AccountView account={useSuspense(getAccount, { id })} />;
}
