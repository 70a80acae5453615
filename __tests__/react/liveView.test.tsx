/** @jest-environment jsdom */
/**
 * A live view in React (DESIGN §11.3): a component on `useQuery(view, args)` renders again only when
 * its view's array changed, and a row under `React.memo` only when its own record changed.
 */
import { act, screen } from '@testing-library/react';
import { memo } from 'react';
import { Entity, schema } from '../../src/index';
import { useQuery } from '../../src/react/index';
import { views } from '../../src/views/index';
import { makeStore } from '../fixtures/store';
import { renderCounter, renderWithStore } from './harness';

class Quote extends Entity {
  id = '';
  coin = '';
  price = 0;
  pk() {
    return this.id;
  }
  static override key = 'ViewQuote';
}

const cheapest = new schema.Query(new schema.All(Quote), {
  where: (quote, coin: string) => quote.coin === coin,
  orderBy: (quote) => quote.price,
  limit: 3,
});

const quotes = Array.from({ length: 12 }, (_, i) => ({
  id: `q${i}`,
  coin: i % 2 === 0 ? 'BTC' : 'ETH',
  price: 100 + i,
}));

describe('a live view in React', () => {
  test('the list renders again only when its view changed, each memo row only when its record changed', () => {
    const { store, ctrl } = makeStore({ views });
    ctrl.set(new schema.All(Quote), quotes);
    const list = renderCounter();
    const rows = new Map<string, number>();
    const Row = memo(function Row({ quote }: { quote: Quote }) {
      rows.set(quote.id, (rows.get(quote.id) ?? 0) + 1);
      return (
        <li>
          {quote.id} {quote.price}
        </li>
      );
    });
    function Cheapest({ coin }: { coin: string }) {
      list.hit();
      const shown = useQuery(cheapest, coin) ?? [];
      return (
        <ul aria-label="cheapest">
          {shown.map((quote) => (
            <Row key={quote.id} quote={quote} />
          ))}
        </ul>
      );
    }
    renderWithStore(store, <Cheapest coin="BTC" />);
    const shown = () => screen.getByLabelText('cheapest').textContent;
    expect(shown()).toBe('q0 100q2 102q4 104');
    expect(list.count).toBe(1);

    // another coin's quote, and a BTC quote outside the top 3: the view's array is the same
    act(() => void ctrl.set(Quote, { id: 'q1', coin: 'ETH', price: 1 }));
    act(() => void ctrl.set(Quote, { id: 'q10', coin: 'BTC', price: 500 }));
    expect(list.count).toBe(1);

    // a quote of the top 3 changes: the list renders again, and of the rows only that quote's
    act(() => void ctrl.set(Quote, { id: 'q2', coin: 'BTC', price: 103 }));
    expect(list.count).toBe(2);
    expect(shown()).toBe('q0 100q2 103q4 104');
    expect(Object.fromEntries(rows)).toEqual({ q0: 1, q2: 2, q4: 1 });

    // a quote enters the top 3: the rows that stay do not render again
    act(() => void ctrl.set(Quote, { id: 'q8', coin: 'BTC', price: 50 }));
    expect(shown()).toBe('q8 50q0 100q2 103');
    expect(Object.fromEntries(rows)).toEqual({ q0: 1, q2: 2, q4: 1, q8: 1 });
  });
});
