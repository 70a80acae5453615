import { useState, type FormEvent } from 'react';
import { useController } from 'rtk-entities/react';
import { TradeResource } from './endpoints';
import { useSubmit } from './useSubmit';
import { FormError } from './FormError';

const COINS = ['btc', 'eth', 'sol'];

export function TradeForm() {
  const ctrl = useController();
  const [amount, setAmount] = useState('2');
  const [coin, setCoin] = useState('btc');
  const { busy, error, run } = useSubmit();

  function submit(event: FormEvent) {
    event.preventDefault();
    // one request; its { trade, account } answer updates the list and the balance
    void run(() => ctrl.fetch(TradeResource.create, { amount, coin }));
  }

  return (
    <form className="inline-form" onSubmit={submit} data-testid="trade-form">
      <input aria-label="Amount" inputMode="decimal" pattern="\d+(\.\d+)?" value={amount} onChange={(event) => setAmount(event.target.value)} data-testid="trade-amount" required />
      <select aria-label="Coin" value={coin} onChange={(event) => setCoin(event.target.value)} data-testid="trade-coin">
        {COINS.map((name) => (
          <option key={name} value={name}>
            {name.toUpperCase()}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy} data-testid="trade-submit">
        Buy
      </button>
      <FormError error={error} />
    </form>
  );
}
