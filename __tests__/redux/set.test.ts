/**
 * `ctrl.set(schema, ...args, value)` (DESIGN §3, §8.5): a value written with no request, as a
 * websocket or server-sent message brings it. It is normalized like a response, ordered as a write
 * that starts when it is called, and one plain `entities/set` action; a value its schema cannot
 * normalize throws and writes nothing.
 */
import nock from 'nock';
import { RestEndpoint, createResource, fetchEndpoint, getEntitySelectors, schema } from '../../src/index';
import { API, assertNetworkDone, held, makeStore, strictNetwork } from '../fixtures/store';
import { Trade, User } from '../fixtures/spec';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const TradeResource = createResource({ urlPrefix: API, path: '/trade/:id', schema: Trade });

test('an entity: every view of it updates, with no request, in one plain entities/set action', async () => {
  const { store, ctrl, actions } = makeStore({ logActions: true });
  nock(API)
    .get('/users')
    .reply(200, [{ id: '1', name: 'Ann' }]);
  const users = await store.dispatch(fetchEndpoint(getUsers));
  expect(users.map((user) => user.name)).toEqual(['Ann']);
  const before = actions.length;

  ctrl.set(User, { id: '1', name: 'Ann (pushed)' });
  ctrl.set(User, { id: '2', name: 'Bo' });

  expect(ctrl.getResponse(getUsers).data?.map((user) => user.name)).toEqual(['Ann (pushed)', 'Bo']);
  expect(getEntitySelectors(User).selectById(store.getState(), '2')).toBeInstanceOf(User);
  // what reaches the reducer (the logger also sees the Controller reaching the middleware)
  const written = actions.slice(before).filter((action) => action.type !== 'entities/connect');
  expect(written.map((action) => action.type)).toEqual(['entities/set', 'entities/set']);
  expect(written[0]).toEqual({
    type: 'entities/set',
    payload: expect.objectContaining({ schema: 'User', entities: { User: { 1: { id: '1', name: 'Ann (pushed)' } } } }),
  });
  expect(JSON.parse(JSON.stringify(written[0]))).toEqual(written[0]);
});

test('a function of the stored value: a Collection’s list for its arguments takes a pushed item', async () => {
  const { store, ctrl } = makeStore();
  nock(API)
    .get('/trade')
    .query({ user: '1' })
    .reply(200, [{ id: 1, user: 1, amount: '1', coin: 'btc' }]);
  await store.dispatch(fetchEndpoint(TradeResource.getList, { user: '1' }));
  const lists = TradeResource.getList.schema;

  const seen: unknown[] = [];
  ctrl.set(lists, { user: '1' }, (stored) => {
    seen.push(stored);
    return [...(stored ?? []), { id: 2, user: 1, amount: '2', coin: 'eth' }];
  });

  expect(seen).toEqual([[expect.any(Trade)]]);
  const list = ctrl.getResponse(TradeResource.getList, { user: '1' }).data;
  expect(list?.map((trade) => trade.id)).toEqual([1, 2]);
  expect(list?.[1]).toBeInstanceOf(Trade);
});

test('ordered as a write that starts when it is called: an answer to an earlier request does not overwrite it', async () => {
  const { store, ctrl } = makeStore();
  const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });
  const slow = held('get', '/users/1', 200, { id: '1', name: 'from the slow GET' });
  const request = store.dispatch(fetchEndpoint(getUser, { id: '1' }));
  await slow.arrived;

  ctrl.set(User, { id: '1', name: 'pushed after the GET started' });
  slow.release();
  await request;

  expect(ctrl.get(User, '1')?.name).toBe('pushed after the GET started');
});

test('a value the schema cannot normalize throws, naming the schema and the field, and writes nothing', () => {
  const { store, ctrl, slice } = makeStore();
  ctrl.set(User, { id: '1', name: 'Ann' });
  const state = store.getState();

  expect(() => ctrl.set(new schema.All(User), [{ id: '2', name: 'Bo' }, { name: 'no id' }])).toThrow(
    /User\.pk\(\) returned undefined while normalizing ctrl\.set\(schema\.All\(User\)\)/,
  );
  expect(() => ctrl.set(User, 'not an object' as unknown as object)).toThrow(/ctrl\.set\(User\).*received a string/);
  expect(store.getState()).toBe(state);
  expect(Object.keys(slice().entities.User ?? {})).toEqual(['1']);
});

test('a store without the entities slice is told how to mount it, naming the write', () => {
  const { ctrl } = makeStore({ slice: false });
  expect(() => ctrl.set(User, { id: '1', name: 'Ann' })).toThrow(/ctrl\.set\(User\)/);
});

describe('a value the state cannot keep as JSON throws, naming the schema and the field, and writes nothing', () => {
  const circular: Record<string, unknown> = { id: '1', name: 'Ann' };
  circular.self = { back: circular };
  test.each([
    ['a BigInt field', { id: '1', name: 'Ann', balance: 10n }, 'User "1".balance is a BigInt (10n)'],
    ['a function field', { id: '1', name: 'Ann', onClick() {} }, 'User "1".onClick is a function (onClick)'],
    [
      'a BigInt deep in a field',
      { id: '1', name: 'Ann', tags: [{ weight: 1n }] },
      'User "1".tags[0].weight is a BigInt (1n)',
    ],
    ['a value that contains itself', circular, 'User "1".self.back.self contains itself (a circular reference)'],
    ['Infinity', { id: '1', name: 'Ann', score: Infinity }, 'User "1".score is Infinity, which JSON turns into null'],
    ['a Date', { id: '1', name: 'Ann', born: new Date(0) }, 'User "1".born is a Date (1970-01-01T00:00:00.000Z)'],
  ])('%s', (_name, value, problem) => {
    const { store, ctrl } = makeStore();
    ctrl.set(User, { id: '2', name: 'Bo' });
    const state = store.getState();
    expect(() => ctrl.set(User, value)).toThrow(`ctrl.set(User): ${problem}`);
    expect(() => ctrl.set(User, () => value)).toThrow(`ctrl.set(User): ${problem}`);
    expect(store.getState()).toBe(state);
    expect(() => JSON.stringify(store.getState())).not.toThrow();
  });

  test('a nested entity’s field is named with its own schema', () => {
    const { ctrl } = makeStore();
    expect(() => ctrl.set(TradeResource.getList.schema, [{ id: 1, user: 1, amount: 1n, coin: 'btc' }])).toThrow(
      /^ctrl\.set\(schema\.Collection\(.*\)\): Trade "1"\.amount is a BigInt \(1n\)/,
    );
  });
});
