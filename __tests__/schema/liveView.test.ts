/**
 * Live views (DESIGN §11.3): `new schema.Query(new schema.All(X), { where, orderBy, order, limit })`,
 * kept from what each write changed. Every read here is checked against the rule it must equal: a
 * filter and a sort of `schema.All`, read by a fresh memo from the same tables.
 */
import { Entity, MemoCache, RestEndpoint, createEntities, denormalize, schema, selectQuery } from '../../src/index';
import { FLAT_MAX, isPaged } from '../../src/storage/table.js';
import { views } from '../../src/views/index';
import { API, assertNetworkDone, held, makeStore, strictNetwork, type HeldReply } from '../fixtures/store';

class Trader extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'ViewTrader';
}
class Trade extends Entity {
  id = 0;
  coin = '';
  price = 0;
  trader = Trader.fromJS();
  pk() {
    return this.id;
  }
  static override key = 'ViewTrade';
  static override schema = { trader: Trader };
}

type Options = ConstructorParameters<typeof schema.Query<schema.All<typeof Trade>, Trade[], [string?]>>[1];

/** What a view must read: the same filter, order and limit applied to a fresh read of All. */
function expected(tables: object, options: Exclude<Options, Function>, args: readonly unknown[]): unknown[] {
  const all = new MemoCache().denormalize(new schema.All(Trade), undefined, tables as never) as Trade[];
  const sign = options.order === 'desc' ? -1 : 1;
  const key = (trade: Trade) => options.orderBy?.(trade) ?? 0;
  const sorted = all
    .filter((trade) => options.where?.(trade, ...(args as [string])) ?? true)
    .sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
  const limit = typeof options.limit === 'function' ? options.limit(...(args as [string])) : options.limit;
  return sorted.slice(0, limit).map(show);
}
const show = (trade: Trade) => `${trade.id}:${trade.coin}:${trade.price}:${trade.trader.name}`;

const trades = (first: number, count: number) =>
  Array.from({ length: count }, (_, n) => ({
    id: first + n,
    coin: ['BTC', 'ETH', 'SOL'][(first + n) % 3],
    price: (first + n) % 17,
    trader: { id: `t${(first + n) % 5}`, name: `T${(first + n) % 5}` },
  }));

/** A memo of its own that keeps live views, for reads outside a store. */
function viewMemo(): MemoCache {
  const memo = new MemoCache();
  memo.views = views;
  return memo;
}

function setup(count = 200) {
  // RTK's development checks walk the whole state on every dispatch: past 30 ms on a table of 18,000 records, they
  // warn, and a sweep's dispatch may come after the file's tests are done
  const { store, ctrl } = makeStore({ views, devChecks: count <= 1_000 });
  ctrl.set(new schema.All(Trade), trades(0, count));
  const tables = () => store.getState().entities.entities;
  return { store, ctrl, tables };
}

const byPrice = { orderBy: (trade: Trade) => trade.price } as const;

describe('schema.Query with options: a live view', () => {
  test('where, orderBy, order and limit, with arguments: each distinct arguments value is its own view', () => {
    const { store, tables } = setup();
    const options = {
      where: (trade: Trade, coin?: string) => trade.coin === coin,
      orderBy: (trade: Trade) => trade.price,
      order: 'desc' as const,
      limit: (coin?: string) => (coin === 'BTC' ? 5 : 10),
    };
    const view = new schema.Query(new schema.All(Trade), options);
    const btc = selectQuery(view, 'BTC')(store.getState())!;
    const eth = selectQuery(view, 'ETH')(store.getState())!;
    expect(btc.map(show)).toEqual(expected(tables(), options, ['BTC']));
    expect(eth.map(show)).toEqual(expected(tables(), options, ['ETH']));
    expect(btc).toHaveLength(5);
    expect(eth).toHaveLength(10);
    // same state, same arguments: the same array
    expect(selectQuery(view, 'BTC')(store.getState())!).toBe(btc);
    expect(viewMemo().denormalize(view, undefined, tables(), ['ETH'])).toEqual(eth);
  });

  test('a write moves, joins and removes items; every other item keeps its instance', () => {
    const { store, ctrl, tables } = setup();
    const options = { where: (trade: Trade) => trade.coin !== 'SOL', ...byPrice };
    const view = new schema.Query(new schema.All(Trade), options);
    const read = () => selectQuery(view)(store.getState())!;
    const before = read();
    ctrl.set(Trade, { id: 4, coin: 'BTC', price: 99, trader: { id: 't4', name: 'T4' } }); // moves to the end
    ctrl.set(Trade, { id: 2, coin: 'BTC', price: 0, trader: { id: 't2', name: 'T2' } }); // joins (was SOL)
    ctrl.set(Trade, { id: 0, coin: 'SOL', price: 0, trader: { id: 't0', name: 'T0' } }); // leaves
    ctrl.set(Trade, { id: 500, coin: 'ETH', price: 3, trader: { id: 't0', name: 'T0' } }); // new
    const after = read();
    expect(after.map(show)).toEqual(expected(tables(), options, []));
    const changed = new Set([4, 2, 0, 500]);
    const unchanged = after.filter((trade) => !changed.has(trade.id));
    const beforeById = new Map(before.map((trade) => [trade.id, trade]));
    expect(unchanged.every((trade) => beforeById.get(trade.id) === trade)).toBe(true);
    expect(after.at(-1)?.id).toBe(4);
  });

  test('a top-N view gives the same array while no write touches its N, and refills when one leaves', () => {
    const { store, ctrl, tables } = setup();
    const options = { ...byPrice, limit: 3 };
    const view = new schema.Query(new schema.All(Trade), options);
    const read = () => selectQuery(view)(store.getState())!;
    const top = read();
    ctrl.set(Trade, { id: 150, coin: 'SOL', price: 16, trader: { id: 't0', name: 'T0' } });
    expect(read()).toBe(top);
    const leaving = top[0] as Trade;
    ctrl.set(Trade, { ...leaving, trader: { id: leaving.trader.id, name: leaving.trader.name }, price: 50 });
    const refilled = read();
    expect(refilled).not.toBe(top);
    expect(refilled.map(show)).toEqual(expected(tables(), options, []));
    expect(refilled.slice(0, 2)).toEqual(top.slice(1, 3));
  });

  test('ties go by primary key, and desc is the exact reverse of asc, ties included', () => {
    const { store } = setup(60);
    const asc = selectQuery(new schema.Query(new schema.All(Trade), byPrice))(store.getState())!;
    const desc = selectQuery(new schema.Query(new schema.All(Trade), { ...byPrice, order: 'desc' }))(store.getState())!;
    expect(desc).toEqual([...asc].reverse());
    const zeros = asc.filter((trade) => trade.price === 0).map((trade) => trade.id);
    expect(zeros).toEqual([0, 17, 34, 51]);
    // without orderBy: by primary key
    const plain = selectQuery(new schema.Query(new schema.All(Trade), {}))(store.getState())!;
    expect(plain.map((trade) => trade.id)).toEqual(asc.map((trade) => trade.id).sort((a, b) => a - b));
  });

  test('a nested record that changes re-sorts the items that read it', () => {
    const { store, ctrl, tables } = setup(40);
    const options = { orderBy: (trade: Trade) => trade.trader.name };
    const view = new schema.Query(new schema.All(Trade), options);
    const before = selectQuery(view)(store.getState())!;
    expect(before[0]?.trader.name).toBe('T0');
    ctrl.set(Trader, { id: 't0', name: 'Zed' });
    const after = selectQuery(view)(store.getState())!;
    expect(after.map(show)).toEqual(expected(tables(), options, []));
    expect(after.at(-1)?.trader.name).toBe('Zed');
    const kept = after.filter((trade) => trade.trader.id !== 't0');
    expect(kept.every((trade) => before.includes(trade))).toBe(true);
  });

  test('an orderBy that reads outside the item: an item that leaves is still taken out', () => {
    const { store, ctrl } = setup(20);
    const rank = new Map<number, number>();
    const view = new schema.Query(new schema.All(Trade), { orderBy: (trade: Trade) => rank.get(trade.id) ?? trade.id });
    expect(selectQuery(view)(store.getState())!).toHaveLength(20);
    rank.set(3, 100);
    ctrl.set(new schema.Invalidate(Trade), { id: 3 } as never);
    const after = selectQuery(view)(store.getState())!;
    expect(after.map((trade) => trade.id)).not.toContain(3);
    expect(after).toHaveLength(19);
  });

  test('a view is usable as a field of another schema', () => {
    const { tables } = setup(30);
    const board = new schema.Object({ cheapest: new schema.Query(new schema.All(Trade), { ...byPrice, limit: 2 }) });
    const read = viewMemo().denormalize(board, {}, tables()) as { cheapest: Trade[] };
    expect(read.cheapest.map((trade) => trade.id)).toEqual([0, 17]);
  });

  // also over a paged table, where ids deleted and written again go back in the middle of their block
  test.each([300, FLAT_MAX + 300])(
    'random writes, deletes, renames and earlier states over %i trades: each read equals a fresh filter and sort',
    (count) => {
      let seed = 7;
      const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n) as number;
      const { store, ctrl, tables } = setup(count);
      const ids = count + 100;
      const views = [
        { where: (trade: Trade, coin?: string) => trade.coin === coin, ...byPrice, limit: 7 },
        { ...byPrice, order: 'desc' as const },
        { orderBy: (trade: Trade) => trade.trader.name, order: 'desc' as const, limit: 20 },
      ].map((options) => ({ options, view: new schema.Query(new schema.All(Trade), options) }));
      const states: ReturnType<typeof store.getState>[] = [];
      for (let round = 0; round < 150; round++) {
        const action = random(10);
        if (action < 5) ctrl.set(Trade, trades(random(ids), 1)[0] as never);
        else if (action < 7) ctrl.set(new schema.Invalidate(Trade), { id: random(ids) } as never);
        else if (action < 8) ctrl.set(Trader, { id: `t${random(5)}`, name: `N${random(9)}` });
        else if (action < 9) ctrl.set(new schema.All(Trade), trades(random(ids), 1 + random(30)));
        states.push(store.getState());
        // now and then an earlier state is read again (time travel, a rollback)
        const state = action === 9 && states.length > 3 ? (states[random(states.length)] as never) : store.getState();
        for (const { options, view } of views) {
          const args = ['BTC'];
          expect(selectQuery(view, ...args)(state)!.map(show)).toEqual(
            expected(state.entities.entities, options as never, args),
          );
        }
      }
      expect(isPaged(tables().ViewTrade)).toBe(count > FLAT_MAX);
    },
  );
});

describe('a live view under optimistic updates', () => {
  beforeEach(strictNetwork);
  afterEach(assertNetworkDone);

  test('optimistic updates that commit or roll back, in any order, between plain writes: each read equals a fresh filter and sort', async () => {
    let seed = 11;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n) as number;
    const { store, ctrl } = setup(300);
    const reprice = new RestEndpoint({
      urlPrefix: API,
      path: '/view-trades/:id',
      method: 'PATCH',
      schema: Trade,
      getOptimisticResponse: (_snapshot, params: { id: number }, body: { price: number }) => ({ ...params, ...body }),
    });
    const views = [
      { ...byPrice, limit: 10 },
      { where: (trade: Trade, coin?: string) => trade.coin === coin, ...byPrice, order: 'desc' as const },
    ].map((options) => ({ options, view: new schema.Query(new schema.All(Trade), options) }));
    const check = () => {
      const state = store.getState();
      for (const { options, view } of views)
        expect(selectQuery(view, 'ETH')(state)!.map(show)).toEqual(
          expected(state.entities.entities, options as never, ['ETH']),
        );
    };
    const inFlight: { reply: HeldReply; request: Promise<unknown> }[] = [];
    let layered = 0;
    for (let round = 0; round < 80; round++) {
      const action = random(10);
      if (action < 5) {
        // a price shown at once, and the server's answer (a price of its own) or its refusal later
        const id = random(300);
        const ok = random(2) === 0;
        const reply = held('patch', `/view-trades/${id}`, ok ? 200 : 500, ok ? { id, price: 100 + random(50) } : {});
        inFlight.push({
          reply,
          request: ctrl.fetch(reprice, { id }, { price: 50 + random(50) }).catch(() => undefined),
        });
        layered = Math.max(layered, store.getState().entities.optimistic.length);
      } else if (action < 8 && inFlight.length > 0) {
        const [settled] = inFlight.splice(random(inFlight.length), 1);
        await settled!.reply.arrived;
        settled!.reply.release();
        await settled!.request;
      } else ctrl.set(Trade, trades(random(300), 1)[0] as never);
      check();
    }
    for (const { reply, request } of inFlight.splice(0)) {
      await reply.arrived;
      reply.release();
      await request;
      check();
    }
    expect(layered).toBeGreaterThan(2);
    expect(store.getState().entities.optimistic).toEqual([]);
  });
});

describe('a live view over a paged table', () => {
  test('one write: the view reflects it, every other item the same instance', () => {
    const { store, ctrl, tables } = setup(FLAT_MAX + 2_000);
    expect(isPaged(tables().ViewTrade)).toBe(true);
    const options = { ...byPrice, order: 'desc' as const };
    const view = new schema.Query(new schema.All(Trade), options);
    const top = new schema.Query(new schema.All(Trade), { ...options, limit: 50 });
    const before = selectQuery(view)(store.getState())!;
    const topBefore = selectQuery(top)(store.getState())!;
    ctrl.set(Trade, { id: 1234, coin: 'BTC', price: 1000, trader: { id: 't1', name: 'T1' } });
    const after = selectQuery(view)(store.getState())!;
    expect(after.map(show)).toEqual(expected(tables(), options, []));
    expect(after[0]?.id).toBe(1234);
    expect(after.filter((trade) => !before.includes(trade)).map((trade) => trade.id)).toEqual([1234]);
    const topAfter = selectQuery(top)(store.getState())!;
    expect(topAfter.slice(1)).toEqual(topBefore.slice(0, 49));
  });
});

describe('a polymorphic live view over a paged table', () => {
  class Fill extends Trade {
    static override key = 'ViewFill';
  }
  const all = new schema.All({ trade: Trade, fill: Fill }, (value: { coin?: string }) =>
    value.coin === 'FILL' ? 'fill' : 'trade',
  );
  /** Every item of both kinds, by price (desc), ties by kind, then by id: what the view must show. */
  const fresh = (tables: object) =>
    (new MemoCache().denormalize(all, undefined, tables as never) as Trade[])
      .map((item) => [item.price, (item.constructor as typeof Trade).key, item.id, show(item)] as const)
      .sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : b[2] - a[2]))
      .map((rank) => rank[3]);

  test('a part added to the first kind shifts the lists of the second: each read equals a fresh sort, unchanged items keep their instance', () => {
    const { store, ctrl, tables } = setup(FLAT_MAX + 500);
    ctrl.set(
      new schema.All(Fill),
      trades(0, 50).map((fill) => ({ ...fill, coin: 'FILL' })),
    );
    expect(isPaged(tables().ViewTrade)).toBe(true);
    const view = new schema.Query(all, { orderBy: (item: Trade) => item.price, order: 'desc' });
    const before = selectQuery(view)(store.getState())!;
    expect(before.map(show)).toEqual(fresh(tables()));
    // a new part of trades (ids past the last block), and a fill that changes
    ctrl.set(new schema.All(Trade), trades(FLAT_MAX + 1_000, 3));
    ctrl.set(Fill, { id: 7, coin: 'FILL', price: 99, trader: { id: 't1', name: 'T1' } });
    const after = selectQuery(view)(store.getState())!;
    expect(after.map(show)).toEqual(fresh(tables()));
    const came = after
      .filter((item) => !before.includes(item))
      .map((item) => `${(item.constructor as typeof Trade).key} ${item.id}`);
    expect(came.sort()).toEqual(['ViewFill 7', ...[0, 1, 2].map((n) => `ViewTrade ${FLAT_MAX + 1_000 + n}`)].sort());
    // the same state read again: the very array
    expect(selectQuery(view)(store.getState())).toBe(after);
  });
});

describe('bad input', () => {
  test('a store without views: reading a view throws, naming it and the option to add', () => {
    const entities = createEntities({ reducerPath: 'noViews' });
    const { store, ctrl } = makeStore({ entities });
    ctrl.set(Trade, trades(0, 1)[0] as never);
    const view = new schema.Query(new schema.All(Trade), { where: () => true });
    expect(() => entities.selectQuery(view)(store.getState())).toThrow(
      /schema\.Query of ViewTrade has options .*'rtk-entities\/views', given to createDataMiddleware\(\{ views \}\)/,
    );
    expect(() => denormalize(view, undefined, {})).toThrow(/rtk-entities\/views/);
  });

  test('orderBy giving an object, NaN, or numbers and strings: an error naming the view', () => {
    const { store } = setup(10);
    const read = (orderBy: (trade: Trade) => number | string) =>
      selectQuery(new schema.Query(new schema.All(Trade), { orderBy }))(store.getState())!;
    expect(() => read(() => ({}) as never)).toThrow(
      /schema\.Query of ViewTrade: orderBy must return a number or a string/,
    );
    expect(() => read(() => NaN)).toThrow(/returned NaN for ViewTrade/);
    expect(() => read((trade) => (trade.id % 2 ? 'a' : 1))).toThrow(/numbers only or strings only/);
  });

  test('where throwing: the read throws, naming the view, and the store is untouched', () => {
    const { store } = setup(10);
    const before = store.getState();
    let fail = true;
    const view = new schema.Query(new schema.All(Trade), {
      where: () => {
        if (fail) throw new Error('no coin');
        return true;
      },
    });
    expect(() => selectQuery(view)(store.getState())!).toThrow(/schema\.Query of ViewTrade could not be read: no coin/);
    expect(store.getState()).toBe(before);
    fail = false;
    expect(selectQuery(view)(store.getState())!).toHaveLength(10);
  });

  test('a limit that is negative or not a whole number: an error at construction', () => {
    expect(() => new schema.Query(new schema.All(Trade), { limit: -1 })).toThrow(/limit must be a whole number/);
    expect(() => new schema.Query(new schema.All(Trade), { limit: 1.5 })).toThrow(RangeError);
  });
});
