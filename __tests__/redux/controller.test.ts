/**
 * The Controller: setResponse and setError write as a response and a failure would, and its reads
 * answer from the store, and a store without the data middleware has nothing to retain. Its
 * fetchIfStale, expireAll and invalidate are in expiry.test.ts.
 */
import { RestEndpoint, schema } from '../../src/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeClockedStore, makeStore, strictNetwork } from '../fixtures/store';
import { recordOf } from '../../src/storage/table.js';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({
  urlPrefix: API,
  path: '/users',
  schema: new schema.All(User),
  dataExpiryLength: 1000,
});
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User, dataExpiryLength: 1000 });

describe('Controller', () => {
  test('setResponse normalizes as if fetched, synchronously; setError stores an error', () => {
    const { ctrl, slice } = makeClockedStore();
    const user = ctrl.setResponse(getUser, { id: 5 }, { id: '5', name: 'Eve' });
    expect(user).toBeInstanceOf(User);
    expect(recordOf(slice().entities.User, '5')).toEqual({ id: '5', name: 'Eve' });
    expect(ctrl.get(User, '5')).toBe(user);
    expect(ctrl.get(User, { id: '5' })).toBe(user);
    ctrl.setError(getUser, { id: 6 }, new Error('nope'));
    expect(ctrl.getError(getUser, { id: 6 })).toEqual({ name: 'Error', message: 'nope' });
    expect(() => ctrl.setResponse(getUser, { id: 7 }, { name: 'no id' })).toThrow(/User\.pk\(\)/);
    expect(ctrl.getError(getUser, { id: 7 })?.message).toMatch(/User\.pk\(\)/);
  });

  test('setError stores a thrown value that is no Error as plain data: a string as it is, anything else as its JSON, or its type when JSON cannot write it', () => {
    const { ctrl } = makeClockedStore();
    const cycle: { self?: unknown } = {};
    cycle.self = cycle;
    const stored = (id: number, thrown: unknown) => {
      ctrl.setError(getUser, { id }, thrown);
      return ctrl.getError(getUser, { id });
    };
    expect(stored(1, 'offline')).toEqual({ name: 'Error', message: 'offline' });
    expect(stored(2, { code: 42 })).toEqual({ name: 'Error', message: '{"code":42}' });
    expect(stored(3, undefined)).toEqual({ name: 'Error', message: 'undefined' });
    expect(stored(4, cycle)).toEqual({ name: 'Error', message: '[object Object]' });
    expect(stored(5, 7n)).toEqual({ name: 'Error', message: '[object BigInt]' });
  });

  test('a read whose endpoint never ran answers from the store when it can', () => {
    const { ctrl } = makeClockedStore();
    ctrl.setResponse(getUsers, usersResponse);
    const response = ctrl.getResponse(getUser, { id: 2 });
    expect(response.data?.name).toBe('Bo');
    expect(response.status).toBe('uninitialized');
  });
});

describe('in a store without the data middleware', () => {
  test('retain and retainQuery have nothing to keep: they give a release that does nothing, and say once, in development, how to add it; fetches say so too', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { ctrl } = makeStore({ dataMiddleware: false });
    const release = ctrl.retain(getUser, { id: 1 });
    const releaseQuery = ctrl.retainQuery(User, { id: '1' });
    expect(() => {
      release();
      releaseQuery();
    }).not.toThrow();
    expect(errors.mock.calls).toEqual([
      [
        "rtk-entities: the data middleware for 'entities' is not installed. Add it to configureStore: " +
          '`middleware: (getDefault) => getDefault().concat(createDataMiddleware())`. ' +
          'Without it, nothing in this store fetches: useCache and useQuery read only what is there.',
      ],
    ]);
    await expect(ctrl.fetch(getUser, { id: 1 })).rejects.toThrow("the data middleware for 'entities' is not installed");
  });
});
