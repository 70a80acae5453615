/**
 * Type tests for the hooks: compiled by `tsc --noEmit` (see tsconfig.json), never run. Each
 * `expectType<Equal<A, B>>()` fails compilation unless `A` and `B` are identical, and each
 * `@ts-expect-error` fails compilation unless the line below it is rejected.
 */
import { Controller, RestEndpoint, createEntities, schema } from '../../src/index';
import type { SerializedError } from '../../src/index';
import {
  createHooks,
  useCache,
  useController,
  useDLE,
  useError,
  useFetch,
  useLive,
  useQuery,
  useSuspense,
} from '../../src/react/index';
import type { DLE } from '../../src/react/index';
import { Trade, User } from '../fixtures/spec';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): void {}

const getTrade = new RestEndpoint({ path: '/trade/:id', schema: Trade });
const getUsers = new RestEndpoint({ path: '/users', schema: new schema.All(User) });
const getText = new RestEndpoint({ path: '/motd', process: (value: unknown) => String(value) });
declare const id: number | undefined;

export function check() {
  const trade = useSuspense(getTrade, { id: 1 });
  expectType<Equal<typeof trade, Trade>>();
  const maybe = useSuspense(getTrade, id === undefined ? null : { id });
  expectType<Equal<typeof maybe, Trade | undefined>>();
  const skipped = useSuspense(getTrade, null);
  expectType<Equal<typeof skipped, Trade | undefined>>();
  const users = useSuspense(getUsers);
  expectType<Equal<typeof users, User[]>>();
  const text = useSuspense(getText);
  expectType<Equal<typeof text, string>>();
  // @ts-expect-error: '/trade/:id' needs `id`
  useSuspense(getTrade, {});
  // @ts-expect-error: '/trade/:id' needs params
  useSuspense(getTrade);
  // @ts-expect-error: `id` is a string or number
  useDLE(getTrade, { id: true });

  const live = useLive(getTrade, { id: 1 });
  expectType<Equal<typeof live, Trade>>();
  const dle = useDLE(getUsers);
  expectType<Equal<typeof dle, DLE<User[]>>>();
  expectType<Equal<typeof dle.error, SerializedError | undefined>>();
  const cached = useCache(getTrade, { id: 1 });
  expectType<Equal<typeof cached, Trade | undefined>>();
  const request = useFetch(getUsers);
  expectType<Equal<typeof request, Promise<User[]> | undefined>>();
  const error = useError(getUsers);
  expectType<Equal<typeof error, SerializedError | undefined>>();
  const all = useQuery(new schema.All(User));
  expectType<Equal<typeof all, User[] | undefined>>();
  const one = useQuery(User, { id: '1' });
  expectType<Equal<typeof one, User | undefined>>();
  const ctrl = useController();
  expectType<Equal<typeof ctrl, Controller>>();
}

// hooks for another mount point
const cache = createEntities({ reducerPath: 'cache' });
const cacheHooks = createHooks(cache);
export function CacheUsers() {
  const cachedUsers = cacheHooks.useSuspense(getUsers);
  expectType<Equal<typeof cachedUsers, User[]>>();
  return cachedUsers.length;
}
// @ts-expect-error: createHooks takes what createEntities returns
createHooks({ reducerPath: 'cache' });
