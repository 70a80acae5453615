/**
 * The fetch policy (`src/redux/fetchPolicy.ts`), asked directly: from a call's stored meta, what the
 * request registry holds for it and the time, whether the call is stale, in flight, fetched (joined,
 * started or not), and whether a reader shows its data or waits, shows its error or throws it. The
 * Controller and the hooks only ask; their tests cover the asking. Last, the one rule seen through
 * the Controller (`fetchIfStale`), on the clock the policy is asked on: the Controller's `now()`.
 */
import nock from 'nock';
import { NO_REQUESTS, decide, type Call, type CallRequests } from '../../src/redux/fetchPolicy';
import { entitiesSlice, NetworkError, RestEndpoint } from '../../src/index';
import { API, assertNetworkDone, makeClockedStore, makeStore, strictNetwork } from '../fixtures/store';
import type { ResponseMeta } from '../../src/index';

/** A response fetched at 1,000, stored at 1,100 and fresh until 2,000, with `changes` over it. */
function meta(changes: Partial<ResponseMeta> = {}): ResponseMeta {
  return { fetchedAt: 1_000, seq: 1, date: 1_100, expiresAt: 2_000, ...changes };
}

/** A call whose stored meta is `stored` (data shown unless `hasData` says otherwise), with nothing in flight. */
function call(
  stored: ResponseMeta | undefined,
  { hasData = stored !== undefined, sideEffect = false, requests = {} as Partial<CallRequests> } = {},
): Call {
  return {
    meta: stored,
    expiresAt: () => stored?.expiresAt ?? 0,
    hasData: () => hasData,
    sideEffect,
    requests: { ...NO_REQUESTS, ...requests },
  };
}

const soft = { name: 'NetworkError', message: '503', status: 503 };
const hard = { name: 'NetworkError', message: '404', status: 404 };

describe('stale', () => {
  test('data is fresh until its expiry, and stale from that very millisecond on', () => {
    expect(decide('ifStale', call(meta()), 1_999).stale).toBe(false);
    expect(decide('ifStale', call(meta()), 2_000).stale).toBe(true);
    expect(decide('ifStale', call(meta()), 5_000).stale).toBe(true);
  });

  test('a call never fetched is stale; an invalidated one, or one expired through the Controller, whatever its expiry says', () => {
    expect(decide('ifStale', call(undefined), 0).stale).toBe(true);
    expect(decide('ifStale', call(meta({ invalidated: true })), 1_500).stale).toBe(true);
    expect(decide('ifStale', call(meta({ expiresAt: 0 })), 1_500).stale).toBe(true);
  });

  test('a stored error is judged by its expiry like data', () => {
    const failed = meta({ error: soft, errorPolicy: 'soft' });
    expect(decide('ifStale', call(failed), 1_500).stale).toBe(false);
    expect(decide('ifStale', call(failed), 2_000).stale).toBe(true);
  });

  test("the call's expiry counts its records: data whose record expired earlier is stale", () => {
    expect(decide('ifStale', { ...call(meta()), expiresAt: () => 1_400 }, 1_500).stale).toBe(true);
  });

  describe('a response stale on arrival (an expiry length of 0)', () => {
    const onArrival = meta({ date: 1_100, expiresAt: 1_100 });

    test('answers the request asked for before it arrived: not stale, or renders would request it in a loop', () => {
      expect(decide('hook', call(onArrival, { requests: { requestedFrom: 0 } }), 1_100).stale).toBe(false);
      expect(decide('hook', call(onArrival, { requests: { requestedFrom: 900 } }), 5_000).stale).toBe(false);
      expect(decide('ifStale', call(onArrival, { requests: { requestedFrom: 0 } }), 5_000).fetch).toBe('no');
    });

    test('is stale when no request was asked for since the last reset, or one was asked for from this very response', () => {
      expect(decide('hook', call(onArrival), 1_100).stale).toBe(true);
      expect(decide('hook', call(onArrival, { requests: { requestedFrom: 1_100 } }), 1_100).stale).toBe(true);
    });

    test('is stale again once the Controller marks it stale', () => {
      const marked = { ...onArrival, expiresAt: 0 };
      expect(decide('hook', call(marked, { requests: { requestedFrom: 0 } }), 1_100).stale).toBe(true);
    });
  });

  test('an ordinary response that expired later is stale even though a request was asked for before it', () => {
    expect(decide('hook', call(meta(), { requests: { requestedFrom: 0 } }), 2_000).stale).toBe(true);
  });
});

describe('fetch: no, join or start', () => {
  test('the fetch reader always requests: it joins an identical read in flight, else starts one, fresh data or not', () => {
    expect(decide('fetch', call(meta()), 1_500).fetch).toBe('start');
    expect(decide('fetch', call(meta(), { requests: { shared: true, inFlight: true } }), 1_500).fetch).toBe('join');
    expect(decide('fetch', call(undefined), 0).fetch).toBe('start');
  });

  test('a mutation is never joined: the fetch reader starts another', () => {
    const inFlight = { requests: { shared: true, inFlight: true }, sideEffect: true };
    expect(decide('fetch', call(meta(), inFlight), 1_500).fetch).toBe('start');
  });

  test.each(['ifStale', 'hook'] as const)(
    '%s: a stale call is started, or joined while a read is in flight',
    (reader) => {
      expect(decide(reader, call(undefined), 0).fetch).toBe('start');
      expect(decide(reader, call(meta()), 2_000).fetch).toBe('start');
      expect(
        decide(reader, call(meta({ expiresAt: 0 }), { requests: { shared: true, inFlight: true } }), 1_500).fetch,
      ).toBe('join');
    },
  );

  test.each(['ifStale', 'hook'] as const)(
    '%s: a fresh call is not requested, even while a read of it is in flight',
    (reader) => {
      expect(decide(reader, call(meta()), 1_500).fetch).toBe('no');
      expect(decide(reader, call(meta(), { requests: { shared: true, inFlight: true } }), 1_500).fetch).toBe('no');
    },
  );

  test('a stale mutation in flight is neither joined nor started again by a reader that skips fresh data', () => {
    const inFlight = { requests: { shared: true, inFlight: true }, sideEffect: true };
    expect(decide('hook', call(meta({ expiresAt: 0 }), inFlight), 1_500).fetch).toBe('no');
    expect(decide('hook', call(meta({ expiresAt: 0 }), { sideEffect: true }), 1_500).fetch).toBe('start');
  });

  test('a read all of whose callers aborted is in flight but no longer shared: it is not joined, a new one starts', () => {
    const given = call(meta({ expiresAt: 0 }), { requests: { shared: false, inFlight: true } });
    const decision = decide('hook', given, 1_500);
    expect(decision).toMatchObject({ inFlight: true, fetch: 'start' });
  });

  test('in flight is what the registry says (requests of any reader, scheduled ones included), not the store', () => {
    expect(decide('hook', call(meta({ pending: 1 })), 1_500).inFlight).toBe(false);
    expect(decide('hook', call(meta(), { requests: { inFlight: true } }), 1_500).inFlight).toBe(true);
  });
});

describe('data shown or hidden, error none, shown or thrown', () => {
  test('stored data is shown, fresh or stale (refreshed behind it); with nothing to show, the reader waits for the request', () => {
    expect(decide('hook', call(meta()), 1_500)).toMatchObject({ data: 'shown', error: 'none' });
    expect(decide('hook', call(meta()), 2_000)).toMatchObject({ fetch: 'start', data: 'shown' });
    expect(decide('hook', call(undefined), 0)).toMatchObject({ fetch: 'start', data: 'hidden' });
  });

  test('a fresh call with nothing to show (an empty response) shows what there is: no wait', () => {
    expect(decide('hook', call(meta(), { hasData: false }), 1_500)).toMatchObject({ fetch: 'no', data: 'shown' });
  });

  test('a soft error beside data is shown, the data too', () => {
    const failed = meta({ error: soft, errorPolicy: 'soft' });
    expect(decide('hook', call(failed), 1_500)).toMatchObject({ fetch: 'no', data: 'shown', error: 'shown' });
  });

  test('an error with nothing to show is thrown while it is fresh, and shown while its retry is awaited once it is stale', () => {
    const failed = meta({ error: hard, errorPolicy: 'hard' });
    expect(decide('hook', call(failed, { hasData: false }), 1_500)).toMatchObject({ fetch: 'no', error: 'thrown' });
    expect(decide('hook', call(failed, { hasData: false }), 2_000)).toMatchObject({
      fetch: 'start',
      data: 'hidden',
      error: 'shown',
    });
  });

  test('the fetch reader waits for its request, not for what is stored, and never throws a stored error', () => {
    const failed = meta({ error: soft, errorPolicy: 'soft' });
    expect(decide('fetch', call(failed), 1_500)).toMatchObject({ data: 'hidden', error: 'shown' });
    expect(decide('fetch', call(meta()), 1_500)).toMatchObject({ data: 'hidden', error: 'none' });
  });
});

describe('one rule for fetchIfStale and the hooks, seen through the Controller', () => {
  beforeEach(strictNetwork);
  afterEach(assertNetworkDone);

  const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', errorExpiryLength: 1_000 });

  test('a failure is fresh for errorExpiryLength: fetchIfStale rejects with it, then requests once it expired', async () => {
    const { ctrl, clock } = makeClockedStore();
    nock(API).get('/users').reply(404, { detail: 'missing' });
    await expect(ctrl.fetch(getUsers)).rejects.toBeInstanceOf(NetworkError);

    const fresh = ctrl.fetchIfStale(getUsers); // no request: no interceptor is left to answer one
    await expect(fresh).rejects.toMatchObject({ name: 'NetworkError', status: 404 });
    await expect(fresh).rejects.not.toBeInstanceOf(NetworkError); // the stored error, not the thrown one

    clock.now += 1_000;
    nock(API).get('/users').reply(200, ['ann']);
    await expect(ctrl.fetchIfStale(getUsers)).resolves.toEqual(['ann']);
  });

  test('a soft failure beside data: fetchIfStale answers the data while the failure is fresh', async () => {
    const { ctrl, clock } = makeClockedStore();
    nock(API).get('/users').reply(200, ['ann']).get('/users').reply(503, 'down');
    await ctrl.fetch(getUsers);
    clock.now += 60_000;
    await expect(ctrl.fetchIfStale(getUsers)).rejects.toMatchObject({ status: 503 });
    await expect(ctrl.fetchIfStale(getUsers)).resolves.toEqual(['ann']);
  });

  test('fetchIfStale joins the identical read in flight: one request', async () => {
    const { ctrl } = makeClockedStore();
    nock(API).get('/users').reply(200, ['ann']);
    const [a, b] = await Promise.all([ctrl.fetchIfStale(getUsers), ctrl.fetchIfStale(getUsers)]);
    expect(b).toBe(a);
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
      // a state made by hand, with no middleware to give `rehydrate`: development reports it once
      // (adoptState.test.ts), which is not what these tests are about
      const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
      try {
        return makeStore({ dataMiddleware: false, preloadedState: { [entitiesSlice.reducerPath]: slice } }).ctrl;
      } finally {
        errors.mockRestore();
      }
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
