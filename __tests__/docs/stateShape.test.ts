/**
 * The State shape page (docs/reference/state-shape.md) shows the slice as it is: its table lists
 * exactly the slice's fields (`committed` while an optimistic update is in flight), and its JSON
 * example is the state a real store holds after the request it describes.
 */
import nock from 'nock';
import { Entity, RestEndpoint, createResource, fetchEndpoint, schema } from '../../src/index';
import { PAGE as PART, type Part } from '../../src/storage/table';
import { makeStore } from '../fixtures/store';
import { pageBlocks, pageText } from './docBlocks';

const PAGE = 'docs/reference/state-shape.md';
const API = 'https://api.example.com';

class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}
class Trade extends Entity {
  id = 0;
  amount = '0';
  user = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Trade';
  static override schema = { user: User };
}

/** The fields the page's table lists, top level only (`entities[Key][pk]` is `entities`). */
function tableFields(): string[] {
  return pageText(PAGE)
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`(\w+)/g)].map(([, name = '']) => name));
}

afterEach(() => nock.cleanAll());

test("the table lists exactly the slice's fields, at rest and while an optimistic update is in flight", async () => {
  const TradeResource = createResource({ urlPrefix: API, path: '/trades/:id', schema: Trade, optimistic: true });
  const { store, ctrl } = makeStore();
  ctrl.setResponse(TradeResource.get, { id: 1 }, { id: 1, amount: '5', user: { id: '1', name: 'Ann' } });
  const atRest = Object.keys(store.getState().entities);

  nock(API)
    .patch('/trades/1')
    .delay(50)
    .reply(200, { id: 1, amount: '6', user: { id: '1', name: 'Ann' } });
  const update = ctrl.fetch(TradeResource.partialUpdate, { id: 1 }, { amount: '6' });
  const inFlight = Object.keys(store.getState().entities);
  await update;

  expect(inFlight).toEqual([...atRest, 'committed']);
  expect(tableFields().sort()).toEqual([...inFlight].sort());
});

test('the JSON example is the state after the GET /trades it describes', async () => {
  const [example] = pageBlocks(PAGE).filter((block) => block.language === 'json');
  const getTrades = new RestEndpoint({ urlPrefix: API, path: '/trades', schema: new schema.Collection([Trade]) });
  const { store } = makeStore({ now: () => 1_700_000_000_000 });
  nock(API)
    .get('/trades')
    .reply(200, [{ id: 1, amount: '5', user: { id: '1', name: 'Ann' } }]);
  await store.dispatch(fetchEndpoint(getTrades));
  expect(store.getState().entities).toEqual(JSON.parse(example?.code ?? 'null'));
});

test("the example of a large table is a real store's table, shortened: its fields, pages and locator entries", () => {
  const [, example] = pageBlocks(PAGE).filter((block) => block.language === 'json');
  const shown = (JSON.parse(example?.code ?? 'null') as { entities: { Trade: Record<string, unknown> } }).entities
    .Trade;
  const { ctrl, slice } = makeStore();
  // a trade without its user: the example shows the layout of records, not what they hold
  class Plain extends Entity {
    id = '';
    amount = '0';
    pk() {
      return this.id;
    }
    static override key = 'Trade';
  }
  const trades = Array.from({ length: 2_049 }, (_, i) => ({ id: `t${i}`, amount: '5' }));
  ctrl.set([Plain], trades);
  ctrl.set(Plain, { id: '42', amount: '1' });
  const stored = slice().entities.Trade as unknown as {
    parts: Record<string, unknown>;
    pages: Part[];
    first: number;
    at: number[][];
  };
  expect(Object.keys(shown)).toEqual(Object.keys(stored));
  expect(shown.parts).toEqual(stored.parts);
  expect(shown.first).toBe(stored.first);
  // the place of a trade as its page holds it
  const placeOf = (pk: string | null) => {
    const page = stored.pages.findIndex((each) => each.pks.includes(pk));
    return (stored.first + page) * PART + stored.pages[page]!.pks.indexOf(pk);
  };
  // each page shown is the start of the page of its first trade, as stored
  for (const page of shown.pages as Part[]) {
    const place = placeOf(page.pks[0]!);
    const real = stored.pages[Math.floor(place / PART) - stored.first]!;
    expect(place % PART).toBe(0);
    expect(page.pks).toEqual(real.pks.slice(0, page.pks.length));
    expect(page.records).toEqual(real.records.slice(0, page.records.length));
  }
  // each locator number shown is one stored in a bucket, and ends in the place of a trade the pages show
  const shownPlaces = (shown.pages as Part[]).flatMap((page) => page.pks.map(placeOf));
  for (const key of (shown.at as number[][]).flat()) {
    expect(stored.at.some((bucket) => bucket.includes(key))).toBe(true);
    expect(shownPlaces).toContain(key % 2 ** 37);
  }
});
