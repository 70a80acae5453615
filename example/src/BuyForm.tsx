import { useState, type FormEvent } from 'react';
import { useSuspense } from 'rtk-entities/react';
import { getCoins } from './endpoints';
import { FormError } from './FormError';
import { useSubmit } from './useSubmit';

/** The trade form: `buy` makes the request; `testId` prefixes its test ids (`trade-form`, `trade-amount`…). */
export function BuyForm({
  buy,
  testId = 'trade',
}: {
  buy: (trade: { amount: string; coin: string }) => Promise<unknown>;
  testId?: string;
}) {
  const coins = useSuspense(getCoins);
  const [amount, setAmount] = useState('2');
  const [coin, setCoin] = useState('btc');
  const { busy, error, run, clear } = useSubmit();

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
        onChange={(event) => {
          setAmount(event.target.value);
          clear();
        }}
        data-testid={`${testId}-amount`}
        required
      />
      <select
        aria-label="Coin"
        value={coin}
        onChange={(event) => {
          setCoin(event.target.value);
          clear();
        }}
        data-testid={`${testId}-coin`}
      >
        {coins.map((row) => (
          <option key={row.pk()} value={row.id}>
            {row.id.toUpperCase()} at {row.price}
          </option>
        ))}
      </select>
      <button type="submit" className="button" disabled={busy} data-testid={`${testId}-submit`}>
        Buy
      </button>
      <FormError error={error} />
    </form>
  );
}
