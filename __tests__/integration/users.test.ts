/**
 * The spec's user list (4.2 item 2) end to end: GET /users and POST /users through a real store,
 * what every selector then lists, the request's status as it goes, and a state that survives JSON.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint, getEntitySelectors, schema, selectQuery, selectResponse } from '../../src/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const createUser = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST', schema: User });

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

describe('the spec user list (4.2 item 2) through the store', () => {
  test('GET /users then POST /users: every selector lists 3 users after exactly 2 requests', async () => {
    const { store, ctrl } = makeStore();
    const requests: string[] = [];
    nock(API)
      .get('/users')
      .reply(200, (uri) => {
        requests.push(`GET ${uri}`);
        return usersResponse;
      })
      .post('/users', { name: 'Cy' })
      .reply(201, (uri) => {
        requests.push(`POST ${uri}`);
        return { id: '3', name: 'Cy' };
      });

    const listed = await store.dispatch(fetchEndpoint(getUsers));
    expect(listed.map((user) => user.name)).toEqual(['Ann', 'Bo']);
    expect(listed[0]).toBeInstanceOf(User);

    const created = await ctrl.fetch(createUser, { name: 'Cy' });
    expect(created).toBeInstanceOf(User);
    expect(created.pk()).toBe('3');

    const state = store.getState();
    const names = (users: User[] | undefined) => users?.map((user) => user.name);
    expect(names(getEntitySelectors(User).selectAll(state))).toEqual(['Ann', 'Bo', 'Cy']);
    expect(names(selectResponse(getUsers)(state).data)).toEqual(['Ann', 'Bo', 'Cy']);
    expect(names(selectQuery(new schema.All(User))(state))).toEqual(['Ann', 'Bo', 'Cy']);
    expect(names(ctrl.getResponse(getUsers).data)).toEqual(['Ann', 'Bo', 'Cy']);
    expect(getEntitySelectors(User).selectTotal(state)).toBe(3);
    expect(getEntitySelectors(User).selectById(state, '3')).toBe(created);
    expect(requests).toEqual(['GET /users', 'POST /users']);
  });

  test('the thunk resolves after the commit with the object the selectors return', async () => {
    const { store } = makeStore();
    nock(API).get('/users').reply(200, usersResponse);
    const users = await store.dispatch(fetchEndpoint(getUsers));
    expect(selectResponse(getUsers)(store.getState()).data).toBe(users);
    expect(getEntitySelectors(User).selectAll(store.getState())).toBe(users);
  });

  test('state holds plain JSON records, and survives a JSON round trip', async () => {
    const { store } = makeStore();
    nock(API).get('/users').reply(200, usersResponse);
    await store.dispatch(fetchEndpoint(getUsers));
    const slice = store.getState().entities;
    expect(JSON.parse(JSON.stringify(slice.entities))).toEqual({
      User: { '1': usersResponse[0], '2': usersResponse[1] },
    });
    const rehydrated = { entities: JSON.parse(JSON.stringify(slice)) as typeof slice };
    expect(
      getEntitySelectors(User)
        .selectAll(rehydrated)
        .map((user) => user.pk()),
    ).toEqual(['1', '2']);
  });

  test('selectResponse reports status through the request', async () => {
    const { store } = makeStore();
    expect(selectResponse(getUsers)(store.getState())).toMatchObject({
      status: 'uninitialized',
      data: undefined,
      isLoading: false,
    });
    nock(API).get('/users').reply(200, usersResponse);
    const request = store.dispatch(fetchEndpoint(getUsers));
    expect(selectResponse(getUsers)(store.getState())).toMatchObject({
      status: 'pending',
      isLoading: true,
      isFetching: true,
    });
    await request;
    const done = selectResponse(getUsers)(store.getState());
    expect(done).toMatchObject({
      status: 'fulfilled',
      isSuccess: true,
      isLoading: false,
      isFetching: false,
      error: undefined,
    });
    expect(done.expiresAt).toBeGreaterThan(done.fetchedAt);
  });
});
