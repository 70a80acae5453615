/**
 * The commit: one plain action per response, dispatched by the middleware. What the store's own
 * subscribers do with it is theirs: a subscriber that throws does not turn a committed response
 * into a failed request. Its error is reported (`reportError`, as EventTarget reports a throwing
 * listener), not lost.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint, schema, selectResponse } from '../../src/index';
import { User } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });

/** Collects what the library reports through `globalThis.reportError` during `run`. */
async function reportedDuring(run: () => Promise<void> | void): Promise<unknown[]> {
  const reported: unknown[] = [];
  const global = globalThis as { reportError?: (error: unknown) => void };
  const original = global.reportError;
  global.reportError = (error) => void reported.push(error);
  try {
    await run();
  } finally {
    if (original === undefined) delete global.reportError;
    else global.reportError = original;
  }
  return reported;
}

describe('a store subscriber that throws', () => {
  test('during the commit of a response: the request resolves with the data, no error is stored, and the subscriber error is reported', async () => {
    const { store, slice } = makeStore();
    nock(API)
      .get('/users')
      .reply(200, [{ id: '1', name: 'Ann' }]);
    const broken = new Error('the subscriber broke');
    const unsubscribe = store.subscribe(() => {
      if (slice().endpoints[getUsers.key()] !== undefined) throw broken;
    });

    let users: User[] | undefined;
    const reported = await reportedDuring(async () => {
      users = await store.dispatch(fetchEndpoint(getUsers));
    });
    unsubscribe();
    expect(users?.map((user) => user.name)).toEqual(['Ann']);
    expect(reported).toEqual([broken]);
    expect(slice().meta[getUsers.key()]?.error).toBeUndefined();
    expect(selectResponse(getUsers)(store.getState())).toMatchObject({ status: 'fulfilled', isError: false });
    expect(selectResponse(getUsers)(store.getState()).data).toBe(users);
  });

  test('on every action: the request still happens and its data is committed', async () => {
    const { store, slice } = makeStore();
    nock(API)
      .get('/users')
      .reply(200, [{ id: '1', name: 'Ann' }]);
    const unsubscribe = store.subscribe(() => {
      throw new Error('always');
    });
    const reported = await reportedDuring(async () => {
      await expect(store.dispatch(fetchEndpoint(getUsers))).resolves.toHaveLength(1);
    });
    unsubscribe();
    expect(reported.length).toBeGreaterThanOrEqual(2); // the pending and the fulfilled commits
    expect(slice().meta[getUsers.key()]).toMatchObject({ date: expect.any(Number) });
    expect(slice().meta[getUsers.key()]?.error).toBeUndefined();
    expect(slice().meta[getUsers.key()]?.pending).toBeUndefined();
  });

  test('during ctrl.setResponse: it returns the data, and the error is reported', async () => {
    const { store, ctrl } = makeStore();
    const broken = new Error('listener');
    const unsubscribe = store.subscribe(() => {
      throw broken;
    });
    let users: User[] | undefined;
    const reported = await reportedDuring(() => {
      users = ctrl.setResponse(getUsers, [{ id: '2', name: 'Bo' }]);
    });
    unsubscribe();
    expect(users?.map((user) => user.name)).toEqual(['Bo']);
    expect(reported).toEqual([broken]);
    expect(ctrl.getResponse(getUsers).error).toBeUndefined();
  });

  test('a response that fails before its commit (normalization) still fails: only what subscribers throw is set aside', async () => {
    const { store, slice } = makeStore();
    nock(API).get('/users').reply(200, { not: 'a list' });
    const before = slice();
    await expect(store.dispatch(fetchEndpoint(getUsers))).rejects.toThrow(TypeError);
    expect(slice().entities).toBe(before.entities);
  });
});
