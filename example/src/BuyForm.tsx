import { useState, type FormEvent } from 'react';
import { FormError } from './FormError';
import { useSubmit } from './useSubmit';

const COINS = ['btc', 'eth', 'sol'];

/** The trade form: `buy` makes the request; `testId` prefixes its test ids (`trade-form`, `trade-amount`…). */
export function BuyForm({
  buy,
  testId = 'trade',
}: {
  buy: (trade: { amount: string; coin: string }) => Promise<unknown>;
  testId?: string;
}) {
  const [amount, setAmount] = useState('2');
  const [coin, setCoin] = useState('btc');
  const { busy, error, run } = useSubmit();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(() => buy({ amount, coin }));
  }

  return (
    <form className="inline-form" onSubmit={submit} data-testid={`${testId}-form`}>
      <input
        aria-label="Amount"
        inputMode="decimal"
        pattern="\d+(\.\d+)?"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        data-testid={`${testId}-amount`}
        required
      />
      <select
        aria-label="Coin"
        value={coin}
        onChange={(event) => setCoin(event.target.value)}
        data-testid={`${testId}-coin`}
      >
        {COINS.map((name) => (
          <option key={name} value={name}>
            {name.toUpperCase()}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy} data-testid={`${testId}-submit`}>
        Buy
      </button>
      <FormError error={error} />
    </form>
  );
}
