/**
 * The request registry (`src/redux/middleware/requestRegistry.ts`), the one record of a store's
 * requests in flight, driven directly: identical reads share one request, found by key; one
 * caller's abort rejects only that caller, and the request is aborted once all its callers have;
 * requests are numbered as they start (a render's after the current task) and listed in start
 * order, other libraries' included; a reset aborts and drops every request at once. Through a
 * store, the same is in dedupe.test.ts, callerAbort.test.ts, reset.test.ts and requestOrder.test.ts.
 */
import { RestEndpoint, ResetError } from '../../src/index';
import { buildRequestRegistry } from '../../src/redux/middleware/requestRegistry';
import type { StartingRequest } from '../../src/redux/middleware/types';
import type { RequestStart } from '../../src/schema/interface';
import { deferred, rejectionOf } from '../fixtures/store';

const getUsers = new RestEndpoint({ urlPrefix: 'https://api.example.test', path: '/users' });
const createUser = new RestEndpoint({ urlPrefix: 'https://api.example.test', path: '/users', method: 'POST' });
const usersCall = { key: getUsers.key(), endpoint: getUsers, args: [] };
const createCall = { key: createUser.key({}), endpoint: createUser, args: [{}] };

/** A registry on a clock the test sets, and a run that records what started and answers when told. */
function registry(clock = { now: 100 }) {
  const requests = buildRequestRegistry(() => clock.now);
  const started: Array<{ request: StartingRequest; start: RequestStart }> = [];
  const answers = new Map<StartingRequest, (value: unknown) => void>();
  const run = (request: StartingRequest, start: RequestStart) => {
    started.push({ request, start });
    const answer = deferred<unknown>();
    answers.set(request, answer.resolve);
    return answer.promise;
  };
  const answer = (request: StartingRequest, value: unknown) => answers.get(request)?.(value);
  return { requests, run, started, answer, clock };
}

const read = { shared: true, deferred: false, from: 0 };
const mutation = { shared: false, deferred: false, from: 0 };

describe('sharing, by key', () => {
  test('a read is found by its key until it ends; the policy sees it shared and in flight', async () => {
    const { requests, run, answer } = registry();
    expect(requests.of(usersCall.key)).toEqual({ shared: false, inFlight: false, requestedFrom: undefined });
    const request = requests.open(usersCall, { ...read, from: 7 }, run);
    expect(requests.shared(usersCall.key)).toBe(request);
    expect(requests.of(usersCall.key)).toEqual({ shared: true, inFlight: true, requestedFrom: 7 });
    expect(requests.inFlight(usersCall.key)).toBe(true);

    const [a, b] = [requests.join(request), requests.join(request)];
    expect(request.callers).toBe(2);
    answer(request, 'users');
    await expect(a).resolves.toBe('users');
    await expect(b).resolves.toBe('users');

    requests.end(request);
    expect(requests.shared(usersCall.key)).toBeUndefined();
    expect(requests.of(usersCall.key)).toEqual({ shared: false, inFlight: false, requestedFrom: 7 });
  });

  test('a mutation is in flight under its key but never shared', () => {
    const { requests, run } = registry();
    requests.open(createCall, mutation, run);
    expect(requests.of(createCall.key)).toMatchObject({ shared: false, inFlight: true });
    expect(requests.shared(createCall.key)).toBeUndefined();
  });

  test('two requests under one key: ending one leaves the other in flight and shared', () => {
    const { requests, run } = registry();
    const first = requests.open(usersCall, mutation, run);
    const second = requests.open(usersCall, read, run);
    requests.end(first);
    expect(requests.inFlight(usersCall.key)).toBe(true);
    expect(requests.shared(usersCall.key)).toBe(second);
    requests.end(second);
    expect(requests.inFlight(usersCall.key)).toBe(false);
  });
});

describe("a caller's abort", () => {
  test('rejects that caller at once with its reason; the request goes on for the others', async () => {
    const { requests, run, answer } = registry();
    const request = requests.open(usersCall, read, run);
    const [one, two] = [new AbortController(), new AbortController()];
    const first = requests.join(request, one.signal);
    const second = requests.join(request, two.signal);
    one.abort('first gave up');
    await expect(rejectionOf(first)).resolves.toBe('first gave up');
    expect(request.controller.signal.aborted).toBe(false);
    expect(request.aborted).toBe(1);
    expect(requests.shared(usersCall.key)).toBe(request);
    answer(request, 'users');
    await expect(second).resolves.toBe('users');
  });

  test('once every caller aborted, the request is aborted with the last reason and no longer shared, yet in flight until it ends', async () => {
    const { requests, run } = registry();
    const request = requests.open(usersCall, read, run);
    const [one, two] = [new AbortController(), new AbortController()];
    const shares = [requests.join(request, one.signal), requests.join(request, two.signal)];
    one.abort('one');
    two.abort('two');
    await Promise.all(shares.map(rejectionOf));
    expect(request.controller.signal.reason).toBe('two');
    expect(request.shared).toBe(false);
    expect(requests.of(usersCall.key)).toMatchObject({ shared: false, inFlight: true });
    requests.end(request);
    expect(requests.inFlight(usersCall.key)).toBe(false);
  });

  test('a caller without a signal keeps the request alive: the others aborting do not abort it', async () => {
    const { requests, run } = registry();
    const request = requests.open(usersCall, read, run);
    const caller = new AbortController();
    void requests.join(request);
    const aborting = requests.join(request, caller.signal);
    caller.abort('gone');
    await rejectionOf(aborting);
    expect(request.controller.signal.aborted).toBe(false);
  });

  test('a signal aborted before joining rejects at once and is no caller', async () => {
    const { requests, run } = registry();
    const request = requests.open(usersCall, read, run);
    const caller = new AbortController();
    caller.abort('too late');
    await expect(rejectionOf(requests.join(request, caller.signal))).resolves.toBe('too late');
    expect(request.callers).toBe(0);
  });

  test('a settled request lets go of its callers: a later abort changes nothing', async () => {
    const { requests, run, answer } = registry();
    const request = requests.open(usersCall, read, run);
    const caller = new AbortController();
    const share = requests.join(request, caller.signal);
    answer(request, 'users');
    await expect(share).resolves.toBe('users');
    caller.abort('after the answer');
    expect(request.aborted).toBe(0);
  });
});

describe('order: numbered as they start, listed by start', () => {
  test('each start takes the next number on the clock; writes with no request take numbers too', () => {
    const { requests, run, started, clock } = registry();
    requests.open(usersCall, read, run);
    expect(requests.begin()).toEqual({ fetchedAt: 100, seq: 2 });
    clock.now = 150;
    requests.open(createCall, mutation, run);
    expect(started.map(({ start }) => start)).toEqual([
      { fetchedAt: 100, seq: 1 },
      { fetchedAt: 150, seq: 3 },
    ]);
    expect(started[0]?.request.start).toEqual({ fetchedAt: 100, seq: 1 });
    expect(requests.starts()).toEqual([
      { fetchedAt: 100, seq: 1 },
      { fetchedAt: 150, seq: 3 },
    ]);
  });

  test('a store that shares its writes with other tabs names itself in every start; one that does not, never', () => {
    const tabbed = buildRequestRegistry(() => 5, 'tab-a');
    expect(tabbed.begin()).toEqual({ fetchedAt: 5, seq: 1, tab: 'tab-a' });
    expect(tabbed.hold(3)).toEqual({ fetchedAt: 3, seq: 2, tab: 'tab-a' });
    const alone = buildRequestRegistry(() => 5);
    expect(alone.begin()).toStrictEqual({ fetchedAt: 5, seq: 1 });
  });

  test("a render's request starts after the current task: numbered then, shared from the moment it was asked for", async () => {
    const { requests, run, started } = registry();
    const request = requests.open(usersCall, { ...read, deferred: true }, run);
    const now = requests.open(createCall, mutation, run);
    expect(started).toHaveLength(1);
    expect(request.start).toBeUndefined();
    expect(requests.shared(usersCall.key)).toBe(request);
    expect(requests.starts()).toEqual([now.start]);
    await Promise.resolve();
    expect(started.map(({ request: started }) => started)).toEqual([now, request]);
    expect(request.start).toEqual({ fetchedAt: 100, seq: 2 });
  });

  test("another library's requests are numbered in the same order and count in flight until settled", () => {
    const { requests, run } = registry();
    const theirs = requests.hold(90);
    const ours = requests.open(usersCall, read, run);
    expect(theirs).toEqual({ fetchedAt: 90, seq: 1 });
    expect(requests.starts()).toEqual([theirs, ours.start]);
    requests.release(theirs);
    expect(requests.starts()).toEqual([ours.start]);
    expect(requests.layered()).toEqual([]);
  });

  test("the keys of the requests started are this middleware's own: another library's request has none", async () => {
    const { requests, run } = registry();
    requests.hold(90);
    const ours = requests.open(usersCall, read, run);
    const second = requests.open(usersCall, read, run);
    requests.open(createCall, { ...mutation, deferred: true }, run);
    // (what an arrival puts back as this store's marks in flight: a rehydration during an RTK Query request)
    expect(requests.startedKeys()).toEqual([usersCall.key, usersCall.key]);
    await Promise.resolve();
    expect(requests.startedKeys()).toEqual([usersCall.key, usersCall.key, createCall.key]);
    requests.end(ours);
    requests.end(second);
    expect(requests.startedKeys()).toEqual([createCall.key]);
  });

  test('optimistic responses are listed in start order, by clock then number, whatever order they were shown in', () => {
    const clock = { now: 200 };
    const { requests, run } = registry(clock);
    const later = requests.open(usersCall, mutation, run);
    clock.now = 100;
    const earlier = requests.open(createCall, mutation, run);
    const tie = requests.open(createCall, mutation, run);
    requests.open(usersCall, read, run); // shows none
    tie.optimistic = { response: 'tie' };
    later.optimistic = { response: 'later' };
    earlier.optimistic = { response: 'earlier' };
    expect(requests.layered().map(({ response }) => response)).toEqual(['earlier', 'tie', 'later']);
    expect(requests.layered()[0]).toEqual({ request: earlier, start: earlier.start, response: 'earlier' });
  });
});

describe('reset', () => {
  test('aborts and drops every request at once: none is shared or in flight, none shows an optimistic response', () => {
    const { requests, run } = registry();
    const one = requests.open(usersCall, { ...read, from: 5 }, run);
    const two = requests.open(createCall, mutation, run);
    two.optimistic = { response: 'shown' };
    requests.clear();
    for (const request of [one, two]) {
      expect(request).toMatchObject({ dropped: true, shared: false, optimistic: undefined });
      expect(request.controller.signal.aborted).toBe(true);
    }
    expect(requests.of(usersCall.key)).toEqual({ shared: false, inFlight: false, requestedFrom: undefined });
    expect(requests.inFlight(createCall.key)).toBe(false);
    expect(requests.layered()).toEqual([]);
  });

  test('a read asked for after the reset starts its own request, and ending the dropped one leaves it alone', () => {
    const { requests, run } = registry();
    const dropped = requests.open(usersCall, read, run);
    requests.clear();
    const fresh = requests.open(usersCall, read, run);
    expect(requests.shared(usersCall.key)).toBe(fresh);
    requests.end(dropped);
    expect(requests.shared(usersCall.key)).toBe(fresh);
  });

  test('a dropped request that ends leaves nothing behind under its key', () => {
    const { requests, run } = registry();
    const dropped = requests.open(usersCall, read, run);
    requests.clear();
    requests.end(dropped);
    expect(requests.of(usersCall.key)).toEqual({ shared: false, inFlight: false, requestedFrom: undefined });
    expect(requests.starts()).toEqual([]);
  });

  test("a render's request dropped before it started never starts: it rejects with a ResetError naming the endpoint", async () => {
    const { requests, run, started } = registry();
    const request = requests.open(usersCall, { ...read, deferred: true }, run);
    const caller = requests.join(request);
    requests.clear();
    const error = await rejectionOf(caller);
    expect(error).toBeInstanceOf(ResetError);
    expect((error as Error).message).toMatch(/^GET \/users: the store was reset/);
    expect(started).toEqual([]);
    await expect(request.settled).resolves.toBeUndefined();
  });

  test("another library's requests stay in flight across a reset, until they settle", () => {
    const { requests } = registry();
    const theirs = requests.hold(50);
    requests.clear();
    expect(requests.starts()).toEqual([theirs]);
  });
});

test('a failed request is marked handled: nothing reports it unless a caller asks', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  try {
    const { requests } = registry();
    const failure = new Error('no answer');
    const request = requests.open(usersCall, read, () => Promise.reject(failure));
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).not.toHaveBeenCalled();
    await expect(request.settled).resolves.toBeUndefined();
    await expect(rejectionOf(requests.join(request))).resolves.toBe(failure);
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});
