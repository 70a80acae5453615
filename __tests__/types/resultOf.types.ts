/**
 * Type tests for fetched values: `ctrl.fetch`, `fetchIfStale`, `setResponse`, `getResponse`, the
 * `fetchEndpoint` thunk, `selectResponse`, the optimistic snapshot and the hooks all give
 * `ResultOf<E>`: the denormalized schema, or, for an endpoint without a schema, what its `request`
 * resolves to. Compiled by `tsc --noEmit` (see tsconfig.json), never run.
 */
import { configureStore } from '@reduxjs/toolkit';
import { Endpoint, RestEndpoint, createController, entitiesSlice, fetchEndpoint, schema } from '../../src/index';
import { selectResponse } from '../../src/index';
import type { ResponseState, ResultOf, Snapshot } from '../../src/index';
import { useCache, useDLE, useFetch, useLive, useSuspense } from '../../src/react/index';
import { Trade, User } from '../fixtures/spec';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

declare const ctrl: ReturnType<typeof createController>;
declare const snapshot: Snapshot;
const store = configureStore({ reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer } });

// no schema: the value is what `process` returns (the bug: these were typed `undefined`)
const getCount = new RestEndpoint({ path: '/count', process: (value) => Number(value) });
expectType<Equal<ResultOf<typeof getCount>, number>>();
// no schema and no `process`: the parsed body, unknown
const getText = new RestEndpoint({ path: '/text' });
// no schema, any async function: what it resolves to
const getTotal = Endpoint(async (currency: string) => ({ currency, total: 1 }));
// a schema: the denormalized read
const getTrades = new RestEndpoint({ path: '/trade', schema: new schema.All(Trade) });
const getUser = new RestEndpoint({ path: '/users/:id', schema: User });

async function controller() {
  const count = await ctrl.fetch(getCount);
  expectType<Equal<typeof count, number>>();
  const text = await ctrl.fetch(getText);
  expectType<Equal<typeof text, unknown>>();
  const total = await ctrl.fetch(getTotal, 'EUR');
  expectType<Equal<typeof total, { currency: string; total: number }>>();
  const trades = await ctrl.fetch(getTrades);
  expectType<Equal<typeof trades, Trade[]>>();
  const user = await ctrl.fetch(getUser, { id: 1 });
  expectType<Equal<typeof user, User>>();

  expectType<Equal<Awaited<ReturnType<typeof ctrl.fetchIfStale<typeof getCount>>>, number>>();
  expectType<Equal<Awaited<ReturnType<typeof ctrl.fetchIfStale<typeof getUser>>>, User>>();
  expectType<Equal<ReturnType<typeof ctrl.setResponse<typeof getCount>>, number>>();
  expectType<Equal<ReturnType<typeof ctrl.setResponse<typeof getTrades>>, Trade[]>>();
  expectType<Equal<ReturnType<typeof ctrl.getResponse<typeof getCount>>, ResponseState<number>>>();
  expectType<Equal<ReturnType<typeof ctrl.getResponse<typeof getUser>>['data'], User | undefined>>();
}
void controller;

async function thunk() {
  const count = await store.dispatch(fetchEndpoint(getCount));
  expectType<Equal<typeof count, number>>();
  const total = await store.dispatch(fetchEndpoint(getTotal, 'EUR'));
  expectType<Equal<typeof total, { currency: string; total: number }>>();
  const trades = await store.dispatch(fetchEndpoint(getTrades));
  expectType<Equal<typeof trades, Trade[]>>();
  // @ts-expect-error: the function's arguments are checked
  void fetchEndpoint(getTotal, 1);
}
void thunk;

// selectors and the optimistic snapshot read the same type
expectType<Equal<ReturnType<ReturnType<typeof selectResponse<typeof getCount>>>['data'], number | undefined>>();
expectType<Equal<ReturnType<ReturnType<typeof selectResponse<typeof getTrades>>>['data'], Trade[] | undefined>>();
expectType<Equal<ReturnType<typeof snapshot.getResponse<typeof getCount>>['data'], number | undefined>>();

// the hooks agree with the Controller
function Component() {
  const count = useSuspense(getCount);
  expectType<Equal<typeof count, number>>();
  const cached = useCache(getCount);
  expectType<Equal<typeof cached, number | undefined>>();
  const { data } = useDLE(getCount);
  expectType<Equal<typeof data, number | undefined>>();
  const live = useLive(getCount);
  expectType<Equal<typeof live, number>>();
  const pending = useFetch(getCount);
  expectType<Equal<typeof pending, Promise<number> | undefined>>();
  return null;
}
void Component;
