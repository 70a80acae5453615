/**
 * Soak: a dashboard that polls for hours (DESIGN §5.9–5.11), beside RTK Query doing the same
 * polling. Every poll answers 500 members through a stub `fetch` (a `Response` built from JSON
 * text, no network, given in a later turn of the event loop as a network answer is: `networkTurn`):
 * new ids every time, or the same ids every time. Measured: time per poll early (polls 6–15) and
 * late (the last 10), and the heap the store retains at the end (heapUsed after full collections
 * with the store alive, minus once it is gone). Needs `node --expose-gc` for the heap.
 */
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import { getMembers, makeMembers, networkTurn, type MemberRow } from './fixtures.js';
import { assert, median } from './model.js';
import { makeOurStore } from './stores.js';
import { keysOf } from '../src/storage/table.js';

/** One soak run's numbers. */
export interface SoakRow {
  readonly library: 'ours' | 'rtkQuery';
  readonly variant: string;
  readonly polls: number;
  /** Median ms per poll over polls 6–15, and over the last 10. */
  readonly earlyMs: number;
  readonly lateMs: number;
  /** Entities (or rows) the store holds at the end. */
  readonly stored: number;
  /** Heap retained at the end, in bytes; `undefined` without `--expose-gc`. */
  readonly retained: number | undefined;
}

/** How many polls each run makes: the full soak, or a quick check that everything runs. */
export interface SoakSizes {
  readonly newIdPolls: number;
  readonly sameIdPolls: number;
}

export const FULL_SOAK: SoakSizes = { newIdPolls: 1_000, sameIdPolls: 5_000 };
export const SMOKE_SOAK: SoakSizes = { newIdPolls: 30, sameIdPolls: 30 };

const PER_POLL = 500;
const gc = (globalThis as { gc?: () => void }).gc;

/** The heap used after full collections, once the microtask queue has emptied. */
async function heap(): Promise<number> {
  // what the polls made a `WeakRef` to is kept alive until the microtask queue empties
  await networkTurn();
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** A stub transport answering poll `n` with members numbered from `first(n)`. */
function stubFetch(first: (poll: number) => number) {
  let poll = 0;
  return async (_input: RequestInfo | URL, _init?: RequestInit) => {
    await networkTurn();
    return new Response(JSON.stringify(makeMembers(PER_POLL, first(poll++))), {
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** Runs `poll` `polls` times, timing each; `everyTenth` runs after every tenth poll. */
async function soak(
  polls: number,
  poll: () => Promise<void>,
  everyTenth: () => void,
): Promise<{ earlyMs: number; lateMs: number }> {
  const times: number[] = [];
  for (let n = 1; n <= polls; n++) {
    const started = performance.now();
    await poll();
    times.push(performance.now() - started);
    if (n % 10 === 0) everyTenth();
  }
  return { earlyMs: median(times.slice(5, 15)), lateMs: median(times.slice(-10)) };
}

/**
 * Lets the memo (one per slice, shared by its stores) go of a table of members read before this run
 * (another case's 100,000, an earlier run's): it holds what it built for the last table of a kind it
 * read until it reads that kind again. Afterwards it holds one member, read in a store of its own.
 */
function readOneMember(): void {
  makeOurStore().ctrl.setResponse(getMembers, makeMembers(1));
}

/** What a run measured while its store was alive: the heap then is counted against the heap once the store is gone. */
interface Polled {
  readonly timing: { earlyMs: number; lateMs: number };
  readonly stored: number;
  readonly heapWithStore: number | undefined;
}

/** The row of a run whose store is gone: what it retained is the heap with it alive minus the heap now. */
async function rowOf(library: SoakRow['library'], variant: string, polls: number, polled: Polled): Promise<SoakRow> {
  const retained = polled.heapWithStore === undefined ? undefined : polled.heapWithStore - (await heap());
  return { library, variant, polls, ...polled.timing, stored: polled.stored, retained };
}

async function ours(variant: string, polls: number, collect: boolean, fresh: boolean): Promise<SoakRow> {
  readOneMember();
  const polled = await pollOurs(variant, polls, collect, fresh);
  // the store is gone; the memo lets go of what its reads built at its next read of members
  readOneMember();
  return rowOf('ours', variant, polls, polled);
}

async function pollOurs(variant: string, polls: number, collect: boolean, fresh: boolean): Promise<Polled> {
  const { store, ctrl } = makeOurStore(undefined, {
    fetch: stubFetch((n) => (fresh ? n * PER_POLL : 0)),
    keepUnusedDataFor: collect ? 0 : Infinity,
  });
  ctrl.retain(getMembers); // a component shows the latest list throughout
  let latest: unknown[] = [];
  const timing = await soak(
    polls,
    async () => void (latest = await ctrl.fetch(getMembers)),
    () => (collect ? ctrl.gc() : undefined),
  );
  assert(latest.length === PER_POLL, `soak (ours, ${variant}): the latest list has ${latest.length} members`);
  const stored = keysOf(store.getState().entities.entities.Member).length;
  return { timing, stored, heapWithStore: gc === undefined ? undefined : await heap() };
}

async function rtkQuery(variant: string, polls: number, fresh: boolean): Promise<SoakRow> {
  return rowOf('rtkQuery', variant, polls, await pollRtkQuery(variant, polls, fresh));
}

async function pollRtkQuery(variant: string, polls: number, fresh: boolean): Promise<Polled> {
  const api = createApi({
    baseQuery: fetchBaseQuery({
      baseUrl: 'https://bench.invalid',
      fetchFn: stubFetch((n) => (fresh ? n * PER_POLL : 0)),
    }),
    endpoints: (build) => ({ getMembers: build.query<MemberRow[], void>({ query: () => '/members' }) }),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(api.middleware),
  });
  // a component shows the latest list throughout: one subscription, refetched every poll
  const subscription = store.dispatch(api.endpoints.getMembers.initiate());
  await subscription;
  let latest: MemberRow[] = [];
  const timing = await soak(
    polls,
    async () => {
      await subscription.refetch();
      latest = api.endpoints.getMembers.select()(store.getState()).data ?? [];
    },
    () => undefined,
  );
  assert(latest.length === PER_POLL, `soak (RTK Query, ${variant}): the latest list has ${latest.length} members`);
  const heapWithStore = gc === undefined ? undefined : await heap();
  subscription.unsubscribe();
  // RTK Query would keep the result for keepUnusedDataFor (60 s) on a timer that holds the process
  // (a Jest worker) open; a reset clears that timer
  store.dispatch(api.util.resetApiState());
  return { timing, stored: latest.length, heapWithStore };
}

/**
 * Every soak run, ours and RTK Query's, one after the other. What a run retains is the heap with its
 * store alive minus the heap once it is gone (both after full collections), so what earlier runs or
 * cases left behind is not counted.
 */
export async function measureSoak(sizes: SoakSizes): Promise<SoakRow[]> {
  const newIds = `${sizes.newIdPolls.toLocaleString('en-US')} polls of ${PER_POLL} new ids`;
  const sameIds = `${sizes.sameIdPolls.toLocaleString('en-US')} polls of the same ${PER_POLL} ids`;
  return [
    await ours(`${newIds}, nothing collected (keepUnusedDataFor: Infinity)`, sizes.newIdPolls, false, true),
    await ours(`${newIds}, collected (keepUnusedDataFor: 0, ctrl.gc() every 10 polls)`, sizes.newIdPolls, true, true),
    await rtkQuery(`${newIds} (keepUnusedDataFor: default)`, sizes.newIdPolls, true),
    await ours(`${sameIds}, collected`, sizes.sameIdPolls, true, false),
    await rtkQuery(`${sameIds}`, sizes.sameIdPolls, false),
  ];
}
