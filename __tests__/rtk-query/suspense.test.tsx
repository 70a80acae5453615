/**
 * @jest-environment jsdom
 *
 * `endpoints[name].useSuspenseQuery(arg)` (DESIGN §8.3): suspends until the argument has data,
 * throws an error with no data to the nearest error boundary, and makes one request however many
 * times the suspended render is retried. And a detail view on a record a list already fetched
 * renders that record on its first render, with no loading state (DESIGN §8 item 7).
 */
import { act, screen } from '@testing-library/react';
import nock from 'nock';
import { Component, Suspense, type ReactNode } from 'react';
import { ErrorBoundary, retryError } from '../../src/react/index';
import { normalizeApi } from '../../src/rtk-query/react';
import { caughtErrors, renderWithStore } from '../react/harness';
import { API, assertNetworkDone, held, strictNetwork } from '../fixtures/store';
import { Todo, closeTodoStores, makeTodosStore, todoRows, todoSchemas, todosApi } from '../fixtures/todosApi';

beforeEach(strictNetwork);
afterEach(() => {
  closeTodoStores();
  assertNetworkDone();
});

const entitiesApi = normalizeApi(todosApi, todoSchemas);

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return (
      <p>{`caught: ${error instanceof Error ? error.message : String(error)} (${String((error as { status?: unknown }).status)})`}</p>
    );
  }
}

function Detail({ id }: { id: number }) {
  const { data, isFetching } = entitiesApi.endpoints.getTodo.useSuspenseQuery(id);
  return <p>{`${data.title} ${data instanceof Todo}${isFetching ? ' …' : ''}`}</p>;
}

test('suspends until the data is there, then renders instances; one request', async () => {
  const { store } = makeTodosStore(entitiesApi);
  const answer = held('get', '/todos/1', 200, { id: 1, title: 'a', done: false });
  renderWithStore(
    store,
    <Suspense fallback={<p>loading</p>}>
      <Detail id={1} />
    </Suspense>,
  );
  expect(screen.getByText('loading')).toBeTruthy();
  await answer.arrived;
  answer.release();
  await screen.findByText('a true');
  // the suspended render's subscription was handed over: the entry stays while the component shows it
  expect(todosApi.endpoints.getTodo.select(1)(store.getState()).status).toBe('fulfilled');
});

test('an error with no data goes to the nearest error boundary, keeping RTK Query’s fields', async () => {
  const { store } = makeTodosStore(entitiesApi);
  const { onCaughtError } = caughtErrors();
  nock(API).get('/todos/1').reply(404, { message: 'no such todo' });
  renderWithStore(
    store,
    <Boundary>
      <Suspense fallback={<p>loading</p>}>
        <Detail id={1} />
      </Suspense>
    </Boundary>,
    { onCaughtError },
  );
  await screen.findByText("caught: getTodo (RTK Query 'todosApi') failed with status 404 (404)");
});

describe('a reset of the ErrorBoundary that caught the error fetches again, however soon it comes; React’s own re-renders never do', () => {
  // the clock moves only when a test moves it: a reset comes exactly as long after the error as the test says
  const clock = { now: Date.now() };
  let frozen: jest.SpyInstance<number, []>;
  beforeEach(() => {
    clock.now = Date.now();
    frozen = jest.spyOn(Date, 'now').mockImplementation(() => clock.now);
  });
  afterEach(() => frozen.mockRestore());

  /** Detail in rtk-entities/react's ErrorBoundary, whose error view says the status and has a Retry button. */
  function renderInBoundary(store: Parameters<typeof renderWithStore>[0]) {
    const { caught, onCaughtError } = caughtErrors();
    renderWithStore(
      store,
      <ErrorBoundary
        errorComponent={({ error, resetErrorBoundary }) => (
          <button type="button" onClick={resetErrorBoundary}>{`failed ${String(error.status)}, retry`}</button>
        )}
      >
        <Suspense fallback={<p>loading</p>}>
          <Detail id={1} />
        </Suspense>
      </ErrorBoundary>,
      { onCaughtError },
    );
    return caught;
  }

  test.each([0, 100])('reset %i ms after the error: one more request, and the data shows', async (after) => {
    const { store } = makeTodosStore(entitiesApi);
    nock(API).get('/todos/1').reply(500, { message: 'down' });
    nock(API).get('/todos/1').reply(200, { id: 1, title: 'back', done: false });
    const caught = renderInBoundary(store);
    const retry = await screen.findByText('failed 500, retry');
    // RTK Query's own state of the entry still holds the error when the boundary resets
    expect(todosApi.endpoints.getTodo.select(1)(store.getState()).isError).toBe(true);
    clock.now += after;
    act(() => retry.click());
    await screen.findByText('back true');
    expect(caught).toHaveLength(1);
  });

  test('a second error after a reset goes to the boundary again, and a further reset fetches again', async () => {
    const { store } = makeTodosStore(entitiesApi);
    nock(API).get('/todos/1').reply(500, { message: 'down' });
    nock(API).get('/todos/1').reply(503, { message: 'still down' });
    nock(API).get('/todos/1').reply(200, { id: 1, title: 'back', done: false });
    const caught = renderInBoundary(store);
    const first = await screen.findByText('failed 500, retry');
    act(() => first.click());
    const second = await screen.findByText('failed 503, retry');
    act(() => second.click());
    await screen.findByText('back true');
    expect(caught).toHaveLength(2);
  });

  test('a boundary that does not say it was reset gets the same error back, and nothing is requested', async () => {
    const { store } = makeTodosStore(entitiesApi);
    const { caught, onCaughtError } = caughtErrors();
    nock(API).get('/todos/1').reply(500, { message: 'down' });
    let reset: () => void = () => {};
    class Plain extends Component<{ children: ReactNode }, { error: unknown }> {
      override state = { error: undefined as unknown };
      static getDerivedStateFromError(error: unknown) {
        return { error };
      }
      override render() {
        reset = () => this.setState({ error: undefined });
        return this.state.error === undefined ? this.props.children : <p>failed</p>;
      }
    }
    renderWithStore(
      store,
      <Plain>
        <Suspense fallback={<p>loading</p>}>
          <Detail id={1} />
        </Suspense>
      </Plain>,
      { onCaughtError },
    );
    await screen.findByText('failed');
    act(() => reset());
    await screen.findByText('failed');
    expect(caught).toHaveLength(2);
    expect(caught[1]).toBe(caught[0]);
  });

  test("another library's boundary whose reset calls retryError(error) fetches again, and the data shows", async () => {
    const { store } = makeTodosStore(entitiesApi);
    const { caught, onCaughtError } = caughtErrors();
    nock(API).get('/todos/1').reply(500, { message: 'down' });
    nock(API).get('/todos/1').reply(200, { id: 1, title: 'back', done: false });
    let reset: () => void = () => {};
    class Plain extends Component<{ children: ReactNode }, { error: unknown }> {
      override state = { error: undefined as unknown };
      static getDerivedStateFromError(error: unknown) {
        return { error };
      }
      override render() {
        const { error } = this.state;
        reset = () => {
          retryError(error);
          this.setState({ error: undefined });
        };
        return error === undefined ? this.props.children : <p>failed</p>;
      }
    }
    renderWithStore(
      store,
      <Plain>
        <Suspense fallback={<p>loading</p>}>
          <Detail id={1} />
        </Suspense>
      </Plain>,
      { onCaughtError },
    );
    await screen.findByText('failed');
    act(() => reset());
    await screen.findByText('back true');
    expect(caught).toHaveLength(1);
  });
});

test('a render abandoned while suspended lets go of its request soon after it answers', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    const { store } = makeTodosStore(entitiesApi);
    const answer = held('get', '/todos/1', 200, { id: 1, title: 'a', done: false });
    const view = renderWithStore(
      store,
      <Suspense fallback={<p>loading</p>}>
        <Detail id={1} />
      </Suspense>,
    );
    await answer.arrived;
    view.unmount();
    answer.release();
    const status = () => todosApi.endpoints.getTodo.select(1)(store.getState()).status;
    for (let step = 0; step < 100 && status() !== 'fulfilled'; step++) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
    }
    // nobody shows it, but a suspended render may still mount: kept a little while
    expect(status()).toBe('fulfilled');
    // then let go of, and RTK Query removes it after its keepUnusedDataFor (60 s)
    await act(async () => {
      await jest.advanceTimersByTimeAsync(70_000);
    });
    expect(status()).toBe('uninitialized');
  } finally {
    jest.useRealTimers();
  }
});

test('a detail view of a record a list fetched renders it on its first render, while RTK Query revalidates', async () => {
  const { store } = makeTodosStore(entitiesApi);
  nock(API).get('/todos').reply(200, todoRows('a', 'b'));
  await store.dispatch(todosApi.endpoints.getTodos.initiate());
  const detail = held('get', '/todos/2', 200, { id: 2, title: 'b, in full', done: true });
  const shown: string[] = [];
  function Plain() {
    const { data, isLoading, isFetching } = entitiesApi.useGetTodoQuery(2);
    shown.push(isLoading ? 'loading' : `${data?.title}${isFetching ? ' …' : ''}`);
    return <p>{shown.at(-1)}</p>;
  }
  renderWithStore(
    store,
    <Suspense fallback={<p>suspended</p>}>
      <Plain />
      <Detail id={2} />
    </Suspense>,
  );
  // no fallback, no loading state: both show the list's record at once
  expect(shown[0]).toBe('b …');
  expect(screen.getByText('b true …')).toBeTruthy();
  await detail.arrived;
  await act(async () => detail.release());
  await screen.findByText('b, in full');
  await screen.findByText('b, in full true');
  expect(shown).not.toContain('loading');
});
