import { useController } from 'rtk-entities/react';
import { BuyForm } from './BuyForm';
import { TradeResource } from './endpoints';

/** Buys through our endpoint: one request, whose { trade, account } answer updates every list and balance. */
export function TradeForm() {
  const ctrl = useController();
  return <BuyForm buy={(trade) => ctrl.fetch(TradeResource.create, trade)} />;
}
