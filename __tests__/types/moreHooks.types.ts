/**
 * Type tests for `useLoading`, `useDebounce`, `useCancelling` and `useSubscription`: Data Client's
 * signatures, typed from the function, the value and the endpoint. Compiled by `tsc --noEmit` (see
 * tsconfig.json), never run.
 */
import { Endpoint, RestEndpoint } from '../../src/index';
import { useCancelling, useDebounce, useLoading, useSubscription, useSuspense } from '../../src/react/index';
import { Trade } from '../fixtures/spec';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

const getTrade = new RestEndpoint({ path: '/trade/:id', schema: Trade, pollFrequency: 1000 });
const search = Endpoint((query: { q: string }, page: number) => Promise.resolve([query.q, page]));
declare const id: number | undefined;

export function check() {
  // useLoading: the wrapped function takes the same arguments and resolves with the result or undefined
  const [save, saving, error] = useLoading(async (name: string, times: number) => name.repeat(times), []);
  expectType<Equal<typeof save, (name: string, times: number) => Promise<string | undefined>>>();
  expectType<Equal<typeof saving, boolean>>();
  expectType<Equal<typeof error, Error | undefined>>();
  // @ts-expect-error: the wrapped function keeps the parameters' types
  void save('x', 'twice');
  // @ts-expect-error: useLoading takes an async function
  useLoading((name: string) => name);

  // useDebounce: the value's own type, and whether the update is still rendering
  const [query, isPending] = useDebounce('ann', 200);
  expectType<Equal<typeof query, string>>();
  expectType<Equal<typeof isPending, boolean>>();
  const [filters] = useDebounce({ team: 'a' as 'a' | 'b' }, 200, false);
  expectType<Equal<typeof filters, { team: 'a' | 'b' }>>();
  // @ts-expect-error: the delay is a number of milliseconds
  useDebounce('ann', '200');

  // useCancelling: the endpoint's own type, taking its arguments (or null)
  const cancelling = useCancelling(getTrade, { id: 1 });
  expectType<Equal<typeof cancelling, typeof getTrade>>();
  const trade = useSuspense(cancelling, { id: 1 });
  expectType<Equal<typeof trade, Trade>>();
  useCancelling(search, { q: 'a' }, 2);
  useCancelling(getTrade, id === undefined ? null : { id });
  // @ts-expect-error: the path's id is required
  useCancelling(getTrade, {});
  // @ts-expect-error: the endpoint's arguments, in order
  useCancelling(search, 2, { q: 'a' });

  // useSubscription: the endpoint's arguments or null, and nothing returned
  const subscribed = useSubscription(getTrade, { id: 1 });
  expectType<Equal<typeof subscribed, void>>();
  useSubscription(getTrade, id === undefined ? null : { id });
  // @ts-expect-error: the path's id is required
  useSubscription(getTrade, {});
}
