/**
 * The fetch policy (`src/redux/fetchPolicy.ts`), asked directly: from a call's stored meta and the
 * time, whether the call is in flight, stale, marked stale, fresh enough for `fetchIfStale`, and
 * whether a reader (a hook) should request it. The Controller and the hooks only ask these questions;
 * their tests cover the asking. Last, the clock they ask on: the Controller's `now()`.
 */
import { isFreshData, isInFlight, isMarkedStale, isStale, shouldRequest } from '../../src/redux/fetchPolicy';
import { entitiesSlice, RestEndpoint } from '../../src/index';
import { makeStore } from '../fixtures/store';
import type { ResponseMeta } from '../../src/index';

/** A response fetched at 1,000, stored at 1,100 and fresh until 2,000, with `changes` over it. */
function meta(changes: Partial<ResponseMeta> = {}): ResponseMeta {
  return { fetchedAt: 1_000, seq: 1, date: 1_100, expiresAt: 2_000, ...changes };
}

describe('isInFlight', () => {
  test('a call with requests pending in the store is in flight; one never fetched or settled is not', () => {
    expect(isInFlight(meta({ pending: 1 }))).toBe(true);
    expect(isInFlight(meta({ pending: 2 }))).toBe(true);
    expect(isInFlight(meta())).toBe(false);
    expect(isInFlight(meta({ pending: 0 }))).toBe(false);
    expect(isInFlight(undefined)).toBe(false);
  });
});

describe('isStale', () => {
  test('data is fresh until its expiry, and stale from that very millisecond on', () => {
    expect(isStale(meta(), 1_999)).toBe(false);
    expect(isStale(meta(), 2_000)).toBe(true);
    expect(isStale(meta(), 5_000)).toBe(true);
  });

  test('a call never fetched is stale; an invalidated one is stale whatever its expiry says', () => {
    expect(isStale(undefined, 0)).toBe(true);
    expect(isStale(meta({ invalidated: true }), 1_500)).toBe(true);
  });

  test('a stored error is judged by its expiry like data', () => {
    const failed = meta({ error: { name: 'NetworkError', message: '503', status: 503 }, errorPolicy: 'soft' });
    expect(isStale(failed, 1_500)).toBe(false);
    expect(isStale(failed, 2_000)).toBe(true);
  });
});

describe('isMarkedStale: stale whatever the clock says', () => {
  test('never fetched, expired through the Controller (expiresAt 0) or invalidated', () => {
    expect(isMarkedStale(undefined)).toBe(true);
    expect(isMarkedStale(meta({ expiresAt: 0 }))).toBe(true);
    expect(isMarkedStale(meta({ expiresAt: 0, invalidated: true }))).toBe(true);
    expect(isMarkedStale(meta({ invalidated: true }))).toBe(true);
  });

  test('data that merely expired by the clock is not marked: it turns stale without a store change', () => {
    expect(isStale(meta(), 9_000)).toBe(true);
    expect(isMarkedStale(meta())).toBe(false);
  });
});

describe('isFreshData: fetchIfStale may answer from the store', () => {
  test('fresh data whose last request succeeded', () => {
    expect(isFreshData(meta(), 1_500)).toBe(true);
  });

  test('not once it expired, was invalidated, or never came', () => {
    expect(isFreshData(meta(), 2_000)).toBe(false);
    expect(isFreshData(meta({ invalidated: true, expiresAt: 0 }), 1_500)).toBe(false);
    expect(isFreshData(undefined, 1_500)).toBe(false);
  });

  test('not while the last request failed, even a soft failure within its errorExpiryLength', () => {
    const soft = meta({ error: { name: 'NetworkError', message: '503', status: 503 }, errorPolicy: 'soft' });
    const hard = meta({ error: { name: 'NetworkError', message: '404', status: 404 }, errorPolicy: 'hard' });
    expect(isFreshData(soft, 1_500)).toBe(false);
    expect(isFreshData(hard, 1_500)).toBe(false);
  });
});

describe('shouldRequest: whether a reader asks for a request', () => {
  test('a call never fetched, or fetched and expired, is requested; fresh data is not', () => {
    expect(shouldRequest(undefined, 0)).toBe(true);
    expect(shouldRequest(meta(), 1_500)).toBe(false);
    expect(shouldRequest(meta(), 2_000)).toBe(true);
  });

  test('a call marked stale is requested, whatever the reader asked before', () => {
    expect(shouldRequest(meta({ expiresAt: 0 }), 1_500, { requestedFrom: 1_100 })).toBe(true);
    expect(shouldRequest(meta({ expiresAt: 0, invalidated: true }), 1_500, { requestedFrom: 500 })).toBe(true);
  });

  test('a read in flight is joined, even over fresh data; a mutation in flight is never joined', () => {
    expect(shouldRequest(meta({ pending: 1 }), 1_500)).toBe(true);
    expect(shouldRequest(meta({ pending: 1 }), 1_500, { sideEffect: false })).toBe(true);
    expect(shouldRequest(meta({ pending: 1 }), 1_500, { sideEffect: true })).toBe(false);
    expect(shouldRequest(meta({ pending: 1, expiresAt: 0 }), 1_500, { sideEffect: true })).toBe(false);
  });

  describe('a response stale on arrival (an expiry length of 0)', () => {
    const onArrival = meta({ date: 1_100, expiresAt: 1_100 });

    test('answers the request the reader made before it arrived: no request, or renders would loop', () => {
      expect(shouldRequest(onArrival, 1_100, { requestedFrom: 0 })).toBe(false);
      expect(shouldRequest(onArrival, 5_000, { requestedFrom: 900 })).toBe(false);
    });

    test('is requested by a reader that never asked, or asked from this very response', () => {
      expect(shouldRequest(onArrival, 1_100)).toBe(true);
      expect(shouldRequest(onArrival, 1_100, { requestedFrom: 1_100 })).toBe(true);
    });

    test('is requested again once the Controller marks it stale', () => {
      expect(shouldRequest({ ...onArrival, expiresAt: 0 }, 1_100, { requestedFrom: 0 })).toBe(true);
    });
  });

  test('an ordinary response that expired later is requested again even though the reader asked before', () => {
    expect(shouldRequest(meta(), 2_000, { requestedFrom: 0 })).toBe(true);
  });
});

describe('the clock the policy is asked on: Controller.now()', () => {
  const getUsers = new RestEndpoint({ urlPrefix: 'https://api.example.test', path: '/users' });

  test("is the middleware's clock", () => {
    const { ctrl } = makeStore({ now: () => 42 });
    expect(ctrl.now()).toBe(42);
  });

  describe('in a store without the data middleware', () => {
    /** A store holding users fetched at `date` and fresh for a minute, with no data middleware. */
    function storeWithoutMiddleware(date: number) {
      const key = getUsers.key();
      const empty = entitiesSlice.reducer(undefined, { type: 'init' });
      const meta = { fetchedAt: date, date, expiresAt: date + 60_000 };
      const slice = { ...empty, endpoints: { [key]: ['ann'] }, meta: { [key]: meta } };
      return makeStore({ dataMiddleware: false, preloadedState: { [entitiesSlice.reducerPath]: slice } }).ctrl;
    }

    test('is the wall clock, rather than a throw', () => {
      const before = Date.now();
      const now = storeWithoutMiddleware(0).now();
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(Date.now());
    });

    test('fetchIfStale answers fresh data from the store; stale data says how to add the middleware', async () => {
      await expect(storeWithoutMiddleware(Date.now()).fetchIfStale(getUsers)).resolves.toEqual(['ann']);
      const stale = storeWithoutMiddleware(0).fetchIfStale(getUsers);
      await expect(stale).rejects.toThrow("the data middleware for 'entities' is not installed");
    });
  });
});
