/** Type tests for createResource and bundled mutations (compiled by tsc, not run). */
import { createResource, createController, schema } from '../../src/index';
import type { Denormalize } from '../../src/index';
import { Account, Trade, User, makeTradeResource } from '../fixtures/spec';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): void {}
declare const ctrl: ReturnType<typeof createController>;

const TradeResource = makeTradeResource('https://api.test');

// get requires the id from the path
TradeResource.get.url({ id: 1 });
TradeResource.get.url({ id: '1' });
// @ts-expect-error: '/trade/:id' needs id
TradeResource.get.url({});
// @ts-expect-error: id must be a string or number
TradeResource.get.url({ id: true });

// the list path drops the last param
TradeResource.getList.url();
TradeResource.getList.url({ user: 1 });

// results are typed instances
async function reads() {
  const trade = await ctrl.fetch(TradeResource.get, { id: 1 });
  expectType<Equal<typeof trade, Trade>>();
  const trades = await ctrl.fetch(TradeResource.getList);
  expectType<Equal<typeof trades, Trade[]>>();
  const pushed = await ctrl.fetch(TradeResource.getList.push, { amount: '5', coin: 'btc' });
  expectType<Equal<typeof pushed, Trade>>();
  const bundled = await ctrl.fetch(TradeResource.create, { amount: '5', coin: 'btc' });
  expectType<Equal<typeof bundled, { trade: Trade; account: Account }>>();
  const deleted = await ctrl.fetch(TradeResource.delete, { id: 1 });
  expectType<Equal<typeof deleted, Trade | undefined>>();
  // @ts-expect-error: a bundled result has no 'user'
  bundled.user;
}
void reads;

// push types its body from the Entity's fields
ctrl.fetch(TradeResource.getList.push, { amount: '5', coin: 'btc', user: 1 });
// @ts-expect-error: amount is a string
ctrl.fetch(TradeResource.getList.push, { amount: 5 });
// @ts-expect-error: not a field of Trade
ctrl.fetch(TradeResource.getList.push, { price: '5' });
// update needs the id and the body
ctrl.fetch(TradeResource.update, { id: 1 }, { amount: '6' });
// @ts-expect-error: update without the id
ctrl.fetch(TradeResource.update, { amount: '6' });
ctrl.fetch(TradeResource.partialUpdate, { id: 1 }, { coin: 'eth' });

// extend forms keep types
const Users = createResource({ path: '/users/:id', schema: User });
const WithCurrent = Users.extend('current', { path: '/users/current' });
WithCurrent.current.url();
expectType<Equal<Denormalize<typeof WithCurrent.current.schema>, User>>();
const WithSearch = Users.extend({ search: { path: '/users/search/:term', schema: new schema.All(User) } });
WithSearch.search.url({ term: 'ann' });
// @ts-expect-error: '/users/search/:term' needs term
WithSearch.search.url({});
expectType<Equal<Denormalize<typeof WithSearch.search.schema>, User[]>>();
const WithFn = Users.extend((Base) => ({ byName: Base.getList.extend({ path: '/users/by-name/:name' }) }));
WithFn.byName.url({ name: 'ann' });
// @ts-expect-error: the old resource has no byName
Users.byName;

// a nested entity field in a body takes the nested body or just its primary key
class Owner extends User {
  static override key = 'Owner';
}
class Pet extends Trade {
  owner = Owner.fromJS();
  static override key = 'Pet';
  static override schema = { owner: Owner };
}
const Pets = createResource({ path: '/pets/:id', schema: Pet });
ctrl.fetch(Pets.getList.push, { owner: 'm1' });
ctrl.fetch(Pets.getList.push, { owner: { id: 'm1', name: 'Max' } });
// @ts-expect-error: not a pk nor an Owner body
ctrl.fetch(Pets.getList.push, { owner: true });

// a path ending in a wildcard: getList drops it with the last segment
const ContentResource = createResource({ urlPrefix: 'https://api.test', path: '/repos/:owner/*path', schema: User });
ContentResource.getList.url({ owner: 'octo' });
ContentResource.get.url({ owner: 'octo', path: ['a', 'b'] });
expectType<Equal<typeof ContentResource.getList.path, '/repos/:owner'>>();
const OptionalContent = createResource({ urlPrefix: 'https://api.test', path: '/repos/:owner{/*path}', schema: User });
expectType<Equal<typeof OptionalContent.getList.path, '/repos/:owner'>>();
// @ts-expect-error: the list still needs the params before the wildcard
ContentResource.getList.url({});
