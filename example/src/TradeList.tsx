import { useSuspense } from 'rtk-entities/react';
import { TradeResource } from './endpoints';
import { TradeTable } from './TradeTable';

/** GET /trade: a Collection, so a created trade joins it in place. */
export function TradeList() {
  return <TradeTable trades={useSuspense(TradeResource.getList)} />;
}
