// A user's ES module program (`module: nodenext`), importing every entry of the installed package.
// Prints one JSON line: what it read, what the hook rendered from the core entry's store, and what
// normalizeApi read back from RTK Query.
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { createElement } from 'react';
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
const { result, entities } = normalize(users, [{ id: '1', name: 'Ann' }]);
const read: User[] = denormalize(users, result, entities);

const store = configureStore({
  reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
  middleware: (getDefault) => getDefault().concat(createDataMiddleware()),
});
const getUsers = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/users', schema: users });
createController(store).setResponse(getUsers, [
  { id: '1', name: 'Ann' },
  { id: '2', name: 'Bo' },
]);
function Names() {
  return createElement(
    'p',
    null,
    useCache(getUsers)
      ?.map((user) => user.name)
      .join(', '),
  );
}
const html = renderToString(createElement(Provider, { store, children: createElement(Names) }));

// a live view, kept by the views of a store of its own
const viewStore = configureStore({
  reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
  middleware: (getDefault) => getDefault().concat(createDataMiddleware({ views })),
});
createController(viewStore).setResponse(getUsers, [
  { id: '1', name: 'Ann' },
  { id: '2', name: 'Bo' },
]);
const newestFirst: User[] | undefined = selectQuery(
  new schema.Query(users, { orderBy: (user) => user.id, order: 'desc' }),
)(viewStore.getState());

const api = createApi({
  reducerPath: 'usersApi',
  baseQuery: fakeBaseQuery(),
  endpoints: (build) => ({
    getUsers: build.query<Array<{ id: string; name: string }>, void>({ queryFn: () => ({ data: [] }) }),
  }),
});
const entitiesApi = normalizeApi(api, { getUsers: users });
const rtkStore = configureStore({
  reducer: { [api.reducerPath]: api.reducer, [entitiesSlice.reducerPath]: entitiesSlice.reducer },
  middleware: (getDefault) => getDefault().concat(api.middleware, createDataMiddleware(), entitiesApi.middleware),
});
rtkStore.dispatch(
  api.util.upsertQueryEntries([{ endpointName: 'getUsers', arg: undefined, value: [{ id: '3', name: 'Cy' }] }]),
);
const fromRtkQuery: User[] | undefined = entitiesApi.endpoints.getUsers.select()(rtkStore.getState()).data;
rtkStore.dispatch(api.util.resetApiState());

console.log(
  JSON.stringify({
    read,
    isInstance: read[0] instanceof User,
    html,
    rtkQuery: fromRtkQuery?.map((user) => `${user.name} ${user instanceof User}`),
    core: import.meta.resolve('rtk-entities'),
    react: import.meta.resolve('rtk-entities/react'),
    rtkQueryEntry: import.meta.resolve('rtk-entities/rtk-query/react'),
    view: newestFirst?.map((user) => user.name),
    viewsEntry: import.meta.resolve('rtk-entities/views'),
  }),
);
