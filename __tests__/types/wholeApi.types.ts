/**
 * Type tests for the normalized api as a whole RTK Query api (both entries): every member of the
 * api is there, typed as RTK Query types it; undeclared endpoints are RTK Query's own; declared
 * ones keep RTK Query's matchers and have `initiate` settling with the data read; `injectEndpoints`
 * and `enhanceEndpoints` return the normalized api, typed with what they add. Compiled by
 * `tsc --noEmit`, never run.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { normalizeApi as normalizeCoreApi } from '../../src/rtk-query/index';
import { normalizeApi } from '../../src/rtk-query/react';
import { Todo, todoLists, todosApi, type TodoRow } from '../fixtures/todosApi';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): void {}
declare const dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;

/** Only the list and the rename declared. */
const entitiesApi = normalizeApi(todosApi, { getTodos: todoLists, renameTodo: Todo });
const core = normalizeCoreApi(todosApi, { getTodos: todoLists, renameTodo: Todo });

// ---------------------------------------------------------------------------------------------
// the api's own members, typed as the api's
// ---------------------------------------------------------------------------------------------

expectType<Equal<typeof entitiesApi.reducerPath, 'todosApi'>>();
expectType<Equal<typeof entitiesApi.reducer, typeof todosApi.reducer>>();
expectType<Equal<typeof entitiesApi.util, typeof todosApi.util>>();
expectType<Equal<typeof entitiesApi.internalActions, typeof todosApi.internalActions>>();
expectType<Equal<typeof entitiesApi.usePrefetch, typeof todosApi.usePrefetch>>();
expectType<Equal<typeof core.util, typeof todosApi.util>>();
entitiesApi.util.updateQueryData('getTodo', 1, (draft) => {
  draft.title = 'x';
});
// @ts-expect-error: getTodo takes a number
entitiesApi.util.updateQueryData('getTodo', '1', () => {});

// ---------------------------------------------------------------------------------------------
// undeclared endpoints: RTK Query's own, with their hooks
// ---------------------------------------------------------------------------------------------

expectType<Equal<typeof entitiesApi.endpoints.getTodo, typeof todosApi.endpoints.getTodo>>();
expectType<Equal<typeof entitiesApi.useGetTodoQuery, typeof todosApi.useGetTodoQuery>>();
expectType<Equal<typeof entitiesApi.useLazyGetPageQuery, typeof todosApi.useLazyGetPageQuery>>();
expectType<Equal<typeof core.endpoints.getTodo, typeof todosApi.endpoints.getTodo>>();

// ---------------------------------------------------------------------------------------------
// declared endpoints: RTK Query's matchers and name, initiate settling with instances
// ---------------------------------------------------------------------------------------------

expectType<
  Equal<typeof entitiesApi.endpoints.renameTodo.matchFulfilled, typeof todosApi.endpoints.renameTodo.matchFulfilled>
>();
expectType<Equal<typeof core.endpoints.getTodos.matchPending, typeof todosApi.endpoints.getTodos.matchPending>>();
expectType<Equal<typeof entitiesApi.endpoints.getTodos.name, string>>();

const listed = dispatch(entitiesApi.endpoints.getTodos.initiate());
void listed.unwrap().then((todos) => expectType<Equal<typeof todos, Todo[]>>());
listed.unsubscribe();
void dispatch(core.endpoints.getTodos.initiate(undefined, { forceRefetch: true }))
  .unwrap()
  .then((todos) => expectType<Equal<typeof todos, Todo[]>>());
const renamed = dispatch(entitiesApi.endpoints.renameTodo.initiate({ id: 1, title: 'x' }, { fixedCacheKey: 'rename' }));
void renamed.unwrap().then((todo) => expectType<Equal<typeof todo, Todo>>());
void renamed.then((result) => expectType<Equal<typeof result.data, Todo | undefined>>());
// @ts-expect-error: renameTodo needs a title
entitiesApi.endpoints.renameTodo.initiate({ id: 1 });
// an undeclared endpoint's initiate is RTK Query's: raw data
void dispatch(entitiesApi.endpoints.getTodo.initiate(1))
  .unwrap()
  .then((todo) => expectType<Equal<typeof todo, TodoRow>>());

// the core entry sets no hook on declared endpoints: RTK Query's own would give raw data
// @ts-expect-error: the core entry's getTodos has no useQuery
void core.endpoints.getTodos.useQuery;
// @ts-expect-error: nor is RTK Query's hook of a declared endpoint on the core entry's api
void core.useGetTodosQuery;

// ---------------------------------------------------------------------------------------------
// injectEndpoints and enhanceEndpoints return the normalized api, typed with what they add
// ---------------------------------------------------------------------------------------------

const grown = entitiesApi.injectEndpoints({
  endpoints: (build) => ({
    getDone: build.query<Array<{ id: number; title: string }>, void>({ query: () => '/done' }),
  }),
});
expectType<
  Equal<
    ReturnType<ReturnType<typeof grown.endpoints.getDone.select>>['data'],
    Array<{ id: number; title: string }> | undefined
  >
>();
const declared = grown.inject({ getDone: [Todo] });
expectType<Equal<ReturnType<ReturnType<typeof declared.endpoints.getDone.select>>['data'], Todo[] | undefined>>();
export function Done() {
  const done = declared.useGetDoneQuery();
  expectType<Equal<typeof done.data, Todo[] | undefined>>();
  // the endpoints declared before stay normalized
  const list = declared.useGetTodosQuery();
  expectType<Equal<typeof list.data, Todo[] | undefined>>();
  return null;
}
// @ts-expect-error: the api has no endpoint 'getNothing'
grown.inject({ getNothing: [Todo] }, grown);
// @ts-expect-error: the builder's query takes a definition
entitiesApi.injectEndpoints({ endpoints: (build) => ({ getNone: build.query<void, void>(42) }) });

const enhanced = entitiesApi.enhanceEndpoints({
  addTagTypes: ['Done'],
  endpoints: {
    getTodos: { providesTags: (result) => (result ?? []).map((todo) => ({ type: 'Done' as const, id: todo.id })) },
  },
});
expectType<Equal<ReturnType<ReturnType<typeof enhanced.endpoints.getTodos.select>>['data'], Todo[] | undefined>>();
export function Enhanced() {
  const list = enhanced.useGetTodosQuery();
  expectType<Equal<typeof list.data, Todo[] | undefined>>();
  return null;
}
// @ts-expect-error: 'Nope' is no tag type of the api
entitiesApi.enhanceEndpoints({ endpoints: { getTodos: { providesTags: [{ type: 'Nope' as const }] } } });
