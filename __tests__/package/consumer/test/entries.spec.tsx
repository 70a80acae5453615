/**
 * A user's Jest test in a CommonJS project (ts-jest's default preset, `module: commonjs`, so
 * TypeScript resolves packages as node10), importing every entry of the installed package.
 */
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import {
  Entity,
  RestEndpoint,
  createController,
  createDataMiddleware,
  denormalize,
  entitiesSlice,
  normalize,
  schema,
  selectQuery,
} from 'rtk-entities';
import { useCache } from 'rtk-entities/react';
import { normalizeApi as normalizeCoreApi } from 'rtk-entities/rtk-query';
import { normalizeApi } from 'rtk-entities/rtk-query/react';
import { views } from 'rtk-entities/views';

class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'User';
}

const users = new schema.All(User);
const getUsers = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/users', schema: users });

test('rtk-entities: normalize, then denormalize typed from the schema', () => {
  const { result, entities } = normalize(users, [{ id: '1', name: 'Ann' }]);
  const read: User[] = denormalize(users, result, entities);
  expect(read).toEqual([{ id: '1', name: 'Ann' }]);
  expect(read[0]).toBeInstanceOf(User);
});

test('rtk-entities/react: a hook reads the store built with the core entry', () => {
  const store = configureStore({
    reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    middleware: (getDefault) => getDefault().concat(createDataMiddleware()),
  });
  createController(store).setResponse(getUsers, [
    { id: '1', name: 'Ann' },
    { id: '2', name: 'Bo' },
  ]);
  function Names() {
    const list = useCache(getUsers);
    return <p>{list?.map((user) => user.name).join(', ')}</p>;
  }
  expect(
    renderToString(
      <Provider store={store}>
        <Names />
      </Provider>,
    ),
  ).toBe('<p>Ann, Bo</p>');
});

test('rtk-entities/rtk-query: normalizeApi reads what RTK Query stored as instances, typed from the schema', () => {
  const api = createApi({
    reducerPath: 'usersApi',
    baseQuery: fakeBaseQuery(),
    endpoints: (build) => ({
      getUsers: build.query<Array<{ id: string; name: string }>, void>({ queryFn: () => ({ data: [] }) }),
    }),
  });
  const entitiesApi = normalizeApi(api, { getUsers: users });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware, createDataMiddleware(), entitiesApi.middleware),
  });
  store.dispatch(
    api.util.upsertQueryEntries([{ endpointName: 'getUsers', arg: undefined, value: [{ id: '1', name: 'Ann' }] }]),
  );
  const read: User[] | undefined = entitiesApi.endpoints.getUsers.select()(store.getState()).data;
  expect(read?.[0]).toBeInstanceOf(User);
  expect(typeof entitiesApi.useGetUsersQuery).toBe('function');
  expect(typeof normalizeCoreApi).toBe('function');
  store.dispatch(api.util.resetApiState());
});

test('rtk-entities/views: a live view, typed from its options, kept by the views of the store', () => {
  const store = configureStore({
    reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    middleware: (getDefault) => getDefault().concat(createDataMiddleware({ views })),
  });
  const byName = new schema.Query(users, { orderBy: (user) => user.name, order: 'desc', limit: 2 });
  createController(store).setResponse(getUsers, [
    { id: '1', name: 'Ann' },
    { id: '2', name: 'Cy' },
    { id: '3', name: 'Bo' },
  ]);
  const read: User[] | undefined = selectQuery(byName)(store.getState());
  expect(read?.map((user) => user.name)).toEqual(['Cy', 'Bo']);
  expect(read?.[0]).toBeInstanceOf(User);
});

test('every entry loads as CommonJS', () => {
  expect(require.resolve('rtk-entities')).toMatch(/dist[\\/]index\.cjs$/);
  expect(require.resolve('rtk-entities/react')).toMatch(/dist[\\/]react[\\/]index\.cjs$/);
  expect(require.resolve('rtk-entities/rtk-query')).toMatch(/dist[\\/]rtk-query[\\/]index\.cjs$/);
  expect(require.resolve('rtk-entities/rtk-query/react')).toMatch(/dist[\\/]rtk-query[\\/]react[\\/]index\.cjs$/);
  expect(require.resolve('rtk-entities/views')).toMatch(/dist[\\/]views[\\/]index\.cjs$/);
});
