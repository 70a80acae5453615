/**
 * Type tests for the hooks of `rtk-entities/rtk-query/react` and the data types of both entries:
 * every hook typed as RTK Query types it, over the denormalized data; `selectFromResult` typed
 * with it; object schemas keeping the response's other fields; infinite queries' pages; `inject`.
 * Compiled by `tsc --noEmit`, never run.
 */
import { createApi, fetchBaseQuery, skipToken } from '@reduxjs/toolkit/query/react';
import { schema } from '../../src/index';
import { normalizeApi as normalizeCoreApi } from '../../src/rtk-query/index';
import { normalizeApi } from '../../src/rtk-query/react';
import { Todo, todoSchemas, todosApi } from '../fixtures/todosApi';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): void {}
declare const state: unknown;

const entitiesApi = normalizeApi(todosApi, todoSchemas);
const core = normalizeCoreApi(todosApi, todoSchemas);

// ---------------------------------------------------------------------------------------------
// an object schema keeps the fields it does not declare, as the response types them
// ---------------------------------------------------------------------------------------------

const page = core.endpoints.getPage.select(1)(state).data;
expectType<Equal<NonNullable<typeof page>['items'], Todo[]>>();
expectType<Equal<NonNullable<typeof page>['next'], number | null>>();
expectType<Equal<NonNullable<typeof page>['total'], number>>();
// @ts-expect-error: the response has no field 'nope'
void page?.nope;

// schema.Object too
const objectApi = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://x.test' }),
  endpoints: (build) => ({
    search: build.query<{ hits: Array<{ id: number; title: string }>; tookMs: number }, string>({
      query: (q) => `/search?q=${q}`,
    }),
  }),
});
const searched = normalizeCoreApi(objectApi, { search: new schema.Object({ hits: [Todo] }) }).endpoints.search.select(
  'x',
)(state).data;
expectType<Equal<NonNullable<typeof searched>['hits'], Todo[]>>();
expectType<Equal<NonNullable<typeof searched>['tookMs'], number>>();

// ---------------------------------------------------------------------------------------------
// infinite queries: pages of the page schema, pageParams as the endpoint declares them
// ---------------------------------------------------------------------------------------------

const feed = core.endpoints.getTodoFeed.select()(state).data;
expectType<Equal<NonNullable<typeof feed>['pages'][number]['items'], Todo[]>>();
expectType<Equal<NonNullable<typeof feed>['pages'][number]['next'], number | null>>();
expectType<Equal<NonNullable<typeof feed>['pageParams'], number[]>>();

// ---------------------------------------------------------------------------------------------
// every hook, typed like RTK Query's
// ---------------------------------------------------------------------------------------------

export function Hooks() {
  const list = entitiesApi.useGetTodosQuery();
  expectType<Equal<typeof list.data, Todo[] | undefined>>();
  void list
    .refetch()
    .unwrap()
    .then((todos) => expectType<Equal<typeof todos, Todo[]>>());

  const picked = entitiesApi.useGetTodoQuery(1, { selectFromResult: ({ data, isFetching }) => ({ data, isFetching }) });
  expectType<Equal<typeof picked.data, Todo | undefined>>();
  expectType<Equal<typeof picked.isFetching, boolean>>();
  // @ts-expect-error: getTodo takes a number
  entitiesApi.useGetTodoQuery('1');
  entitiesApi.useGetTodoQuery(skipToken, { pollingInterval: 1000, refetchOnFocus: true });

  const [trigger, lazy, { lastArg }] = entitiesApi.useLazyGetTodoQuery();
  expectType<Equal<typeof lazy.data, Todo | undefined>>();
  expectType<Equal<typeof lastArg, number>>();
  void trigger(1)
    .unwrap()
    .then((todo) => expectType<Equal<typeof todo, Todo>>());

  const queried = entitiesApi.endpoints.getTodos.useQueryState(undefined, {
    selectFromResult: ({ data }) => ({ count: data?.length ?? 0 }),
  });
  expectType<Equal<typeof queried.count, number>>();
  const { refetch } = entitiesApi.endpoints.getTodos.useQuerySubscription();
  void refetch;
  const [subscribe] = entitiesApi.endpoints.getTodo.useLazyQuerySubscription();
  void subscribe(2);

  const infinite = entitiesApi.useGetTodoFeedInfiniteQuery();
  expectType<Equal<NonNullable<typeof infinite.data>['pages'][number]['items'], Todo[]>>();
  expectType<Equal<typeof infinite.hasNextPage, boolean>>();
  void infinite.fetchNextPage();
  entitiesApi.endpoints.getTodoFeed.useInfiniteQueryState(undefined);
  entitiesApi.endpoints.getTodoFeed.useInfiniteQuerySubscription(undefined);

  const [rename, renamed] = entitiesApi.useRenameTodoMutation();
  expectType<Equal<typeof renamed.data, Todo | undefined>>();
  void rename({ id: 1, title: 'x' })
    .unwrap()
    .then((todo) => expectType<Equal<typeof todo, Todo>>());
  // @ts-expect-error: renameTodo needs a title
  void rename({ id: 1 });

  const suspended = entitiesApi.endpoints.getTodo.useSuspenseQuery(1);
  expectType<Equal<typeof suspended.data, Todo>>();
  const skipped = entitiesApi.endpoints.getTodo.useSuspenseQuery(skipToken);
  expectType<Equal<typeof skipped.data, Todo | undefined>>();

  const prefetch = entitiesApi.usePrefetch('getTodo');
  prefetch(1);

  // each kind has its own hooks only
  // @ts-expect-error: getTodos is no infinite query
  void entitiesApi.useGetTodosInfiniteQuery;
  // @ts-expect-error: an infinite query has no lazy hook
  void entitiesApi.useLazyGetTodoFeedQuery;
  // @ts-expect-error: a mutation has no useQuery
  void entitiesApi.endpoints.renameTodo.useQuery;
  return null;
}

// ---------------------------------------------------------------------------------------------
// inject: endpoints added later are typed when the extended api is passed
// ---------------------------------------------------------------------------------------------

const grown = todosApi.injectEndpoints({
  endpoints: (build) => ({
    getDone: build.query<Array<{ id: number; title: string }>, void>({ query: () => '/done' }),
  }),
});
const injected = entitiesApi.inject({ getDone: [Todo] }, grown);
expectType<Equal<ReturnType<ReturnType<typeof injected.endpoints.getDone.select>>['data'], Todo[] | undefined>>();
export function InjectedHook() {
  const done = injected.useGetDoneQuery();
  expectType<Equal<typeof done.data, Todo[] | undefined>>();
  return null;
}
// @ts-expect-error: the api has no endpoint 'getNothing'
entitiesApi.inject({ getNothing: [Todo] }, grown);
