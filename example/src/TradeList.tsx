import { useController, useSuspense } from 'rtk-entities/react';
import { TradeResource } from './endpoints';
import type { Trade } from './entities';
import { FormError } from './FormError';
import { TradeTable } from './TradeTable';
import { useSubmit } from './useSubmit';

/** GET /trade: a Collection, so a bought trade joins it in place and a sold one leaves it. */
export function TradeList() {
  const trades = useSuspense(TradeResource.getList);
  const ctrl = useController();
  const { busy, error, run } = useSubmit();
  const sell = (trade: Trade) => (
    <button
      type="button"
      className="button small secondary"
      disabled={busy}
      onClick={() => void run(() => ctrl.fetch(TradeResource.sell, { id: trade.id }))}
      data-testid="trade-sell"
    >
      Sell
    </button>
  );
  return (
    <>
      <FormError error={error} />
      <TradeTable trades={trades} action={sell} />
    </>
  );
}
