/**
 * Type tests for live views (`schema.Query` with options): `where` and `orderBy` get the item type,
 * `where` and `limit` the arguments, and every read of the view is the item array. Compiled by
 * `tsc --noEmit` (see tsconfig.json), never run.
 */
import { Entity, createController, schema, selectQuery } from '../../src/index';
import type { Denormalize } from '../../src/index';
import { useQuery } from '../../src/react/index';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

class Trade extends Entity {
  id = 0;
  coin = '';
  price = 0;
  pk() {
    return this.id;
  }
  static override key = 'Trade';
}

const byCoin = new schema.Query(new schema.All(Trade), {
  where: (trade, coin: string) => {
    expectType<Equal<typeof trade, Trade>>();
    return trade.coin === coin;
  },
  orderBy: (trade) => trade.price,
  order: 'desc',
  limit: (coin) => (coin === 'BTC' ? 50 : 10),
});
expectType<Equal<Denormalize<typeof byCoin>, Trade[]>>();
const read = selectQuery(byCoin, 'BTC')({});
expectType<Equal<typeof read, Trade[] | undefined>>();
declare const ctrl: ReturnType<typeof createController>;
const got = ctrl.get(byCoin, 'ETH');
expectType<Equal<typeof got, Trade[] | undefined>>();
export function Board() {
  const trades = useQuery(byCoin, 'SOL');
  expectType<Equal<typeof trades, Trade[] | undefined>>();
  return null;
}

// the function form keeps its result type
const names = new schema.Query(new schema.All(Trade), (trades) => trades.map((trade) => trade.coin));
expectType<Equal<Denormalize<typeof names>, string[]>>();

// @ts-expect-error orderBy returns a number or a string
new schema.Query(new schema.All(Trade), { orderBy: (trade) => [trade.price] });
// @ts-expect-error an unknown order
new schema.Query(new schema.All(Trade), { order: 'up' });
// @ts-expect-error where is called with the item type
new schema.Query(new schema.All(Trade), { where: (trade: { missing: number }) => trade.missing > 0 });
