/**
 * @jest-environment jsdom
 *
 * Every hook RTK Query generates, on the normalized api (DESIGN §3, §8.3): RTK Query's own hooks
 * underneath (their options, flags and subscriptions), with the data denormalized: lazy,
 * query-state, subscription, prefetch, infinite and mutation hooks, `selectFromResult` given the
 * denormalized result and gating re-renders as RTK Query's does, and the requests they start
 * settling with instances. A component still on RTK Query's own hook follows normalized writes.
 */
import { act, screen, waitFor } from '@testing-library/react';
import nock from 'nock';
import { useEffect, useState } from 'react';
import { createController } from '../../src/index';
import { normalizeApi } from '../../src/rtk-query/react';
import { renderCounter, renderWithStore, requestsDuring } from '../react/harness';
import { API, assertNetworkDone, strictNetwork } from '../fixtures/store';
import { Todo, closeTodoStores, makeTodosStore, todoRows, todoSchemas, todosApi } from '../fixtures/todosApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeTodoStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(todosApi, todoSchemas);

async function loadedList() {
  const made = makeTodosStore(entitiesApi);
  nock(API).get('/todos').reply(200, todoRows('a', 'b'));
  await made.store.dispatch(todosApi.endpoints.getTodos.initiate());
  return made;
}

test('a component on RTK Query’s own useGetTodosQuery re-renders with a normalized mutation’s value, and nothing is requested', async () => {
  const { store } = await loadedList();
  const raw = renderCounter();
  function RawList() {
    raw.hit();
    const { data } = todosApi.useGetTodosQuery();
    return <p>{data?.map((todo) => todo.title).join(', ')}</p>;
  }
  renderWithStore(store, <RawList />);
  await screen.findByText('a, b');
  const before = raw.count;

  nock(API).patch('/todos/1', { title: 'A!' }).reply(200, { id: 1, title: 'A!', done: false });
  const requests = await requestsDuring(store, () =>
    store.dispatch(todosApi.endpoints.renameTodo.initiate({ id: 1, title: 'A!' })),
  );
  await screen.findByText('A!, b');
  expect(requests).toEqual([]);
  expect(raw.count).toBe(before + 1);

  // a push through ctrl.set reaches it too
  act(() => createController(store).set(Todo, { id: 2, title: 'pushed', done: false }));
  await screen.findByText('A!, pushed');
});

test('selectFromResult receives the denormalized result, and re-renders only when what it selects changes', async () => {
  const { store } = await loadedList();
  const seen: unknown[] = [];
  const renders = renderCounter();
  function FirstTitle() {
    renders.hit();
    const { title, isTodo } = entitiesApi.useGetTodosQuery(undefined, {
      selectFromResult: ({ data }) => {
        seen.push(data?.[0]);
        return { title: data?.[0]?.title, isTodo: data?.[0] instanceof Todo };
      },
    });
    return <p>{`${title} ${isTodo}`}</p>;
  }
  renderWithStore(store, <FirstTitle />);
  await screen.findByText('a true');
  expect(seen.at(-1)).toBeInstanceOf(Todo);
  const before = renders.count;

  // todo 2 changes: the selection (todo 1's title) does not, so no re-render
  act(() => createController(store).set(Todo, { id: 2, title: 'B!', done: false }));
  expect(renders.count).toBe(before);
  act(() => createController(store).set(Todo, { id: 1, title: 'A!', done: false }));
  await screen.findByText('A! true');
  expect(renders.count).toBe(before + 1);
});

test('useLazyQuery: the trigger fetches, the result and the trigger’s promise give instances', async () => {
  const { store } = makeTodosStore(entitiesApi);
  nock(API).get('/todos/1').reply(200, { id: 1, title: 'a', done: false });
  const unwrapped: unknown[] = [];
  function Lazy() {
    const [trigger, { data, isUninitialized }, { lastArg }] = entitiesApi.useLazyGetTodoQuery();
    return (
      <button
        type="button"
        onClick={() =>
          void trigger(1)
            .unwrap()
            .then((todo) => unwrapped.push(todo))
        }
      >
        {isUninitialized ? 'not yet' : `${lastArg}: ${data?.title} ${data instanceof Todo}`}
      </button>
    );
  }
  renderWithStore(store, <Lazy />);
  expect(screen.getByText('not yet')).toBeTruthy();
  act(() => screen.getByRole('button').click());
  await screen.findByText('1: a true');
  expect(unwrapped).toEqual([expect.any(Todo)]);
  expect(entitiesApi.useLazyGetTodoQuery).toBe(entitiesApi.endpoints.getTodo.useLazyQuery);
});

test('useQueryState reads what another component fetched; useQuerySubscription’s refetch settles with instances', async () => {
  const { store } = makeTodosStore(entitiesApi);
  nock(API).get('/todos').reply(200, todoRows('a'));
  nock(API).get('/todos').reply(200, todoRows('a, refetched'));
  const refetched: unknown[] = [];
  function Subscriber() {
    const { refetch } = entitiesApi.endpoints.getTodos.useQuerySubscription();
    return (
      <button
        type="button"
        onClick={() =>
          void refetch()
            .unwrap()
            .then((todos) => refetched.push(todos))
        }
      >
        refetch
      </button>
    );
  }
  function Reader() {
    const { data, isSuccess } = entitiesApi.endpoints.getTodos.useQueryState();
    return <p>{isSuccess ? `${data?.[0]?.title} ${data?.[0] instanceof Todo}` : 'waiting'}</p>;
  }
  renderWithStore(
    store,
    <>
      <Subscriber />
      <Reader />
    </>,
  );
  await screen.findByText('a true');
  act(() => screen.getByRole('button').click());
  await screen.findByText('a, refetched true');
  expect(refetched).toEqual([[expect.any(Todo)]]);
});

test('useLazyQuerySubscription and usePrefetch start requests that are normalized', async () => {
  const { store } = makeTodosStore(entitiesApi);
  nock(API).get('/todos/1').reply(200, { id: 1, title: 'a', done: false });
  nock(API).get('/todos/2').reply(200, { id: 2, title: 'b', done: false });
  let results: unknown[] = [];
  function Both() {
    const [trigger, lastArg] = entitiesApi.endpoints.getTodo.useLazyQuerySubscription();
    const prefetch = entitiesApi.usePrefetch('getTodo');
    useEffect(() => {
      prefetch(2);
      void trigger(1)
        .unwrap()
        .then((todo) => (results = [todo]));
    }, [prefetch, trigger]);
    return <p>{`last ${String(lastArg)}`}</p>;
  }
  renderWithStore(store, <Both />);
  await screen.findByText('last 1');
  // until the trigger's request settles (not a fixed wait: a loaded machine is slower)
  await waitFor(() => expect(results).toEqual([expect.any(Todo)]));
  expect(entitiesApi.endpoints.getTodo.select(2)(store.getState()).data).toBeInstanceOf(Todo);
});

test('useInfiniteQuery: pages as instances, fetchNextPage adds one and settles with the pages', async () => {
  const { store } = makeTodosStore(entitiesApi);
  nock(API)
    .get('/todos/pages/1')
    .reply(200, { items: [{ id: 1, title: 'a' }], next: 2, total: 2 });
  nock(API)
    .get('/todos/pages/2')
    .reply(200, { items: [{ id: 2, title: 'b' }], next: null, total: 2 });
  const settled: unknown[] = [];
  function Feed() {
    const { data, hasNextPage, fetchNextPage } = entitiesApi.useGetTodoFeedInfiniteQuery();
    const titles = data?.pages.flatMap((page) =>
      page.items.map((todo) => `${todo.title}${todo instanceof Todo ? '' : '?'}`),
    );
    return (
      <button
        type="button"
        onClick={() =>
          void fetchNextPage()
            .unwrap()
            .then((pages) => settled.push(pages))
        }
      >
        {`${titles?.join(', ') ?? 'loading'}${hasNextPage ? ' …' : ''}`}
      </button>
    );
  }
  renderWithStore(store, <Feed />);
  await screen.findByText('a …');
  act(() => screen.getByRole('button').click());
  await screen.findByText('a, b');
  expect(settled).toEqual([{ pages: [expect.anything(), expect.anything()], pageParams: [1, 2] }]);
  expect(entitiesApi.endpoints.getTodoFeed.useInfiniteQuery).toBe(entitiesApi.useGetTodoFeedInfiniteQuery);
});

test('useInfiniteQuerySubscription fetches pages that useInfiniteQueryState reads as instances', async () => {
  const { store } = makeTodosStore(entitiesApi);
  nock(API)
    .get('/todos/pages/1')
    .reply(200, { items: [{ id: 1, title: 'a' }], next: 2, total: 2 });
  nock(API)
    .get('/todos/pages/2')
    .reply(200, { items: [{ id: 2, title: 'b' }], next: null, total: 2 });
  function Pager() {
    const { fetchNextPage } = entitiesApi.endpoints.getTodoFeed.useInfiniteQuerySubscription();
    return (
      <button type="button" onClick={() => void fetchNextPage()}>
        next
      </button>
    );
  }
  function Pages() {
    const { data } = entitiesApi.endpoints.getTodoFeed.useInfiniteQueryState();
    const items = data?.pages.flatMap((page) => page.items);
    return <p>{items?.map((todo) => `${todo.title}${todo instanceof Todo ? '' : '?'}`).join(', ') ?? 'none'}</p>;
  }
  renderWithStore(
    store,
    <>
      <Pager />
      <Pages />
    </>,
  );
  await screen.findByText('a');
  act(() => screen.getByRole('button').click());
  await screen.findByText('a, b');
});

test('useMutation: the result’s data and the trigger’s unwrap() are the denormalized response', async () => {
  const { store } = await loadedList();
  nock(API).patch('/todos/2', { title: 'B!' }).reply(200, { id: 2, title: 'B!', done: false });
  const unwrapped: unknown[] = [];
  function Rename() {
    const [rename, { data }] = entitiesApi.useRenameTodoMutation();
    const [, setClicked] = useState(false);
    return (
      <button
        type="button"
        onClick={() => {
          setClicked(true);
          void rename({ id: 2, title: 'B!' })
            .unwrap()
            .then((todo) => unwrapped.push(todo));
        }}
      >
        {data === undefined ? 'rename' : `${data.title} ${data instanceof Todo}`}
      </button>
    );
  }
  renderWithStore(store, <Rename />);
  act(() => screen.getByRole('button').click());
  await screen.findByText('B! true');
  expect(unwrapped).toEqual([expect.objectContaining({ title: 'B!' })]);
  expect(unwrapped[0]).toBeInstanceOf(Todo);
});

test('after upsertQueryEntries of several details in one action, useGetTodoQuery(2) renders todo 2, as RTK Query’s own hook does', async () => {
  const { store } = makeTodosStore(entitiesApi);
  store.dispatch(
    todosApi.util.upsertQueryEntries([
      { endpointName: 'getTodo', arg: 1, value: { id: 1, title: 'one', done: false } },
      { endpointName: 'getTodo', arg: 2, value: { id: 2, title: 'two', done: false } },
    ]),
  );
  function Detail() {
    const rtk = todosApi.useGetTodoQuery(2);
    const ours = entitiesApi.useGetTodoQuery(2);
    return <p>{`RTK Query: ${rtk.data?.title}, normalized: ${ours.data?.title} ${ours.data instanceof Todo}`}</p>;
  }
  renderWithStore(store, <Detail />);
  expect(await screen.findByText('RTK Query: two, normalized: two true')).toBeTruthy();
});
