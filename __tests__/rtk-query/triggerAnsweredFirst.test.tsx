/**
 * @jest-environment jsdom
 *
 * A trigger whose request answers before React renders the trigger's own state update: a mutation
 * answered by a `queryFn` and called after an `await` in a click handler (as react-hook-form's
 * `handleSubmit` does), the same through `renderHook` + `await act(() => trigger().unwrap())`, and a
 * lazy query against a server that answers in 5 ms. The normalized hooks end where RTK Query's own
 * hooks, used beside them in the same component, end: the request's final state, with its data.
 */
import { act, renderHook, screen } from '@testing-library/react';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import nock from 'nock';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { normalizeApi } from '../../src/rtk-query/react';
import { renderWithStore } from '../react/harness';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { Todo, type TodoRow } from '../fixtures/todosApi';

const saveApi = createApi({
  reducerPath: 'saveApi',
  baseQuery: fetchBaseQuery({ baseUrl: API }),
  endpoints: (build) => ({
    // answered locally: the answer is in the store before React renders anything the trigger set
    saveTodo: build.mutation<TodoRow, TodoRow>({ queryFn: (todo) => ({ data: todo }) }),
    getTodo: build.query<TodoRow, number>({ query: (id) => `/todos/${id}` }),
  }),
});
const entitiesApi = normalizeApi(saveApi, { saveTodo: Todo, getTodo: Todo });

const open: Array<() => void> = [];
function makeSaveStore() {
  const made = makeStore({
    reducer: { [saveApi.reducerPath]: saveApi.reducer },
    before: [saveApi.middleware],
    after: [entitiesApi.middleware],
  });
  open.push(() => made.store.dispatch(saveApi.util.resetApiState()));
  return made;
}

beforeEach(strictNetwork);
afterEach(() => {
  for (const close of open.splice(0)) close();
  assertNetworkDone();
});

/** What a mutation hook's result shows, RTK Query's and ours alike. */
const shown = (state: { isUninitialized: boolean; isLoading: boolean; data?: { title: string } }) =>
  state.isUninitialized ? 'uninitialized' : state.isLoading ? 'saving…' : `saved ${state.data?.title}`;

test.each(Array.from({ length: 10 }, (_, i) => i + 1))(
  'a mutation triggered after an await in a click handler leaves "saving…", as RTK Query’s own hook does (try %i)',
  async (i) => {
    const { store } = makeSaveStore();
    function Form() {
      const [rtkSave, rtkState] = saveApi.useSaveTodoMutation();
      const [save, state] = entitiesApi.useSaveTodoMutation();
      const onSubmit = async () => {
        // react-hook-form's handleSubmit validates first: the triggers run after an await
        await Promise.resolve();
        await rtkSave({ id: i, title: `rtk ${i}` });
        await save({ id: i, title: `ours ${i}` });
      };
      return (
        <>
          <button type="button" onClick={() => void onSubmit()}>
            save
          </button>
          <p>RTK Query: {shown(rtkState)}</p>
          <p>normalized: {shown(state)}</p>
          <p>{state.data instanceof Todo ? 'instance' : 'no instance'}</p>
        </>
      );
    }
    renderWithStore(store, <Form />);
    await act(async () => screen.getByRole('button').click());
    await screen.findByText(`RTK Query: saved rtk ${i}`);
    await screen.findByText(`normalized: saved ours ${i}`);
    expect(screen.getByText('instance')).toBeTruthy();
  },
);

test('renderHook + await act(() => trigger().unwrap()): the mutation hooks show the answer, RTK Query’s and ours', async () => {
  const { store } = makeSaveStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(
    () => ({ rtk: saveApi.useSaveTodoMutation(), ours: entitiesApi.useSaveTodoMutation() }),
    { wrapper },
  );
  await act(() => result.current.rtk[0]({ id: 1, title: 'rtk' }).unwrap());
  const saved = await act(() => result.current.ours[0]({ id: 1, title: 'ours' }).unwrap());
  expect(saved).toBeInstanceOf(Todo);
  expect(result.current.rtk[1]).toMatchObject({ isSuccess: true, data: { title: 'rtk' } });
  expect(result.current.ours[1]).toMatchObject({ isSuccess: true, isLoading: false, data: { title: 'ours' } });
  expect(result.current.ours[1].data).toBeInstanceOf(Todo);
});

test('a lazy query against a server that answers in 5 ms shows its data, as RTK Query’s own lazy hook does', async () => {
  const { store } = makeSaveStore();
  nock(API).get('/todos/1').delay(5).reply(200, { id: 1, title: 'a', done: false });
  nock(API).get('/todos/2').delay(5).reply(200, { id: 2, title: 'b', done: false });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(
    () => ({ rtk: saveApi.useLazyGetTodoQuery(), ours: entitiesApi.useLazyGetTodoQuery() }),
    { wrapper },
  );
  await act(async () => {
    await Promise.resolve();
    await result.current.rtk[0](1).unwrap();
  });
  await act(async () => {
    await Promise.resolve();
    await result.current.ours[0](2).unwrap();
  });
  expect(result.current.rtk[1]).toMatchObject({ isSuccess: true, isFetching: false, data: { title: 'a' } });
  expect(result.current.ours[1]).toMatchObject({ isSuccess: true, isFetching: false, data: { title: 'b' } });
  expect(result.current.ours[1].data).toBeInstanceOf(Todo);
});
