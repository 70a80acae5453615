/** @jest-environment jsdom */
/** useController: one Controller per store, driving the store in context. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import nock from 'nock';
import { Provider } from 'react-redux';
import { Controller, RestEndpoint, schema } from '../../src/index';
import { useCache, useController } from '../../src/react/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { renderWithStore } from './harness';

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const createUser = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST', schema: User });

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

describe('useController', () => {
  test('one Controller per store: the same across renders and components', () => {
    const { store } = makeStore();
    const seen: Controller[] = [];
    function Grab() {
      seen.push(useController());
      return null;
    }
    const view = renderWithStore(
      store,
      <>
        <Grab />
        <Grab />
      </>,
    );
    view.rerender(
      <>
        <Grab />
        <Grab />
      </>,
    );
    expect(seen).toHaveLength(4);
    expect(seen[0]).toBeInstanceOf(Controller);
    expect(new Set(seen).size).toBe(1);

    const other = makeStore();
    const elsewhere: Controller[] = [];
    function GrabOther() {
      elsewhere.push(useController());
      return null;
    }
    render(
      <Provider store={other.store}>
        <GrabOther />
      </Provider>,
    );
    expect(elsewhere[0]).not.toBe(seen[0]);
  });

  test('drives the store in context: a mutation from an event handler updates the list', async () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    nock(API).post('/users', { name: 'Cy' }).reply(201, { id: '3', name: 'Cy' });
    let request: Promise<User> | undefined;
    function AddUser() {
      const controller = useController();
      const users = useCache(getUsers);
      return (
        <button onClick={() => (request = controller.fetch(createUser, { name: 'Cy' }))}>{users?.length} users</button>
      );
    }
    renderWithStore(store, <AddUser />);
    fireEvent.click(screen.getByText('2 users'));
    await act(async () => {
      await request;
    });
    expect(screen.getByText('3 users')).toBeTruthy();
  });
});
