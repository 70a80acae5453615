/** @jest-environment jsdom */
/**
 * AsyncBoundary and ErrorBoundary: the fallback while children suspend, the error view with its
 * Retry, onError.
 */
import { fireEvent, screen } from '@testing-library/react';
import nock from 'nock';
import { RestEndpoint } from '../../src/index';
import { AsyncBoundary, ErrorBoundary, useSuspense, type HookError } from '../../src/react/index';
import { User } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { caughtErrors, renderWithStore } from './harness';

const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

function UserName() {
  return <p>user {useSuspense(getUser, { id: 1 }).name}</p>;
}

describe('AsyncBoundary', () => {
  test('shows the fallback while a child suspends, then the child', async () => {
    const { store } = makeStore();
    nock(API).get('/users/1').reply(200, { id: '1', name: 'Ann' });
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <UserName />
      </AsyncBoundary>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('user Ann')).toBeTruthy();
  });

  test('the default error view shows the message, and its Retry button fetches again', async () => {
    const { store } = makeStore();
    nock(API).get('/users/1').reply(403, {});
    const { onCaughtError } = caughtErrors();
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>}>
        <UserName />
      </AsyncBoundary>,
      { onCaughtError },
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/403/);

    nock(API).get('/users/1').reply(200, { id: '1', name: 'Ann' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('user Ann')).toBeTruthy();
  });

  test('onError receives each caught error once', async () => {
    const { store } = makeStore();
    nock(API).get('/users/1').reply(404, {});
    const reported: HookError[] = [];
    const { onCaughtError } = caughtErrors();
    renderWithStore(
      store,
      <AsyncBoundary fallback={<p>Loading</p>} onError={(error) => reported.push(error)}>
        <UserName />
      </AsyncBoundary>,
      { onCaughtError },
    );
    await screen.findByRole('alert');
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ name: 'NetworkError', status: 404 });
  });

  test('an ErrorBoundary turns a thrown non-Error into an Error', () => {
    function Throws(): never {
      throw 'plain string';
    }
    const { caught, onCaughtError } = caughtErrors();
    const { store } = makeStore();
    renderWithStore(
      store,
      <ErrorBoundary
        errorComponent={({ error }) => <p>{error instanceof Error ? `Error: ${error.message}` : 'not an Error'}</p>}
      >
        <Throws />
      </ErrorBoundary>,
      { onCaughtError },
    );
    expect(screen.getByText('Error: plain string')).toBeTruthy();
    expect(caught).toEqual(['plain string']);
  });
});
