// Loads the built package by its name, as a user's Node program would, in both formats: `import`
// (ESM) and `require` (CommonJS). Each format uses every entry once: the hooks read the store the
// core entry's default slice fills, and normalizeApi (rtk-entities/rtk-query) writes into that same
// slice. Prints one JSON line; exits non-zero if anything is missing.
import * as esmToolkit from '@reduxjs/toolkit';
import { configureStore } from '@reduxjs/toolkit';
import * as esmQuery from '@reduxjs/toolkit/query';
import * as esmQueryReact from '@reduxjs/toolkit/query/react';
import { createRequire } from 'node:module';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import * as esmCore from 'rtk-entities';
import * as esmHooks from 'rtk-entities/react';
import * as esmRtkQuery from 'rtk-entities/rtk-query';
import * as esmRtkQueryReact from 'rtk-entities/rtk-query/react';

const require = createRequire(import.meta.url);
const expected = ['Entity', 'schema', 'normalize', 'denormalize'];
const expectedHooks = [
  'useSuspense',
  'useQuery',
  'useCache',
  'useFetch',
  'useDLE',
  'useError',
  'useController',
  'useLive',
  'AsyncBoundary',
  'createHooks',
];

/** Uses one format's two entries together; throws if an export is missing. */
function exercise(format, lib, hooks) {
  const missing = expected.filter((name) => !(name in lib));
  if (missing.length > 0) throw new Error(`rtk-entities (${format}) is missing exports: ${missing.join(', ')}`);
  const missingHooks = expectedHooks.filter((name) => typeof hooks[name] !== 'function');
  if (missingHooks.length > 0)
    throw new Error(`rtk-entities/react (${format}) is missing exports: ${missingHooks.join(', ')}`);

  class User extends lib.Entity {
    id = '';
    name = '';
    pk() {
      return this.id;
    }
    static key = 'User';
  }
  const users = new lib.schema.All(User);
  const { result, entities } = lib.normalize(users, [{ id: '1', name: 'Ann' }]);
  const read = lib.denormalize(users, result, entities);

  // the hooks entry shares the core entry's default slice: data the Controller stores, a hook renders
  const store = configureStore({
    reducer: { [lib.entitiesSlice.reducerPath]: lib.entitiesSlice.reducer },
    middleware: (getDefault) => getDefault().concat(lib.createDataMiddleware()),
  });
  const getUsers = new lib.RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/users', schema: users });
  lib.createController(store).setResponse(getUsers, [
    { id: '1', name: 'Ann' },
    { id: '2', name: 'Bo' },
  ]);
  function Names() {
    return createElement(
      'p',
      null,
      hooks
        .useCache(getUsers)
        .map((user) => user.name)
        .join(', '),
    );
  }
  const html = renderToString(createElement(Provider, { store }, createElement(Names)));
  return {
    exports: Object.keys(lib).sort(),
    read,
    isInstance: read[0] instanceof User,
    reactExports: Object.keys(hooks).sort(),
    html,
  };
}

/**
 * normalizeApi of one format over an RTK Query api of the same format: an entry RTK Query stores
 * (`upsertQueryEntries`, no request) is read back as instances, and the core entry's selectors see
 * it, so both entries share the default slice.
 */
function exerciseRtkQuery(format, lib, rtkQuery, rtkQueryReact, { toolkit, query, queryReact }) {
  if (typeof rtkQuery.normalizeApi !== 'function')
    throw new Error(`rtk-entities/rtk-query (${format}) is missing normalizeApi`);
  if (typeof rtkQueryReact.normalizeApi !== 'function')
    throw new Error(`rtk-entities/rtk-query/react (${format}) is missing normalizeApi`);
  class Note extends lib.Entity {
    id = 0;
    text = '';
    pk() {
      return `${this.id}`;
    }
    static key = 'Note';
  }
  const endpoints = (build) => ({ getNotes: build.query({ queryFn: () => ({ data: [] }) }) });
  const api = query.createApi({ reducerPath: 'notesApi', baseQuery: query.fakeBaseQuery(), endpoints });
  const normalized = rtkQuery.normalizeApi(api, { getNotes: new lib.schema.All(Note) });
  const store = toolkit.configureStore({
    reducer: { [api.reducerPath]: api.reducer, [lib.entitiesSlice.reducerPath]: lib.entitiesSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware, lib.createDataMiddleware(), normalized.middleware),
  });
  store.dispatch(
    api.util.upsertQueryEntries([{ endpointName: 'getNotes', arg: undefined, value: [{ id: 1, text: 'a' }] }]),
  );
  const notes = normalized.endpoints.getNotes.select()(store.getState()).data;
  const hooksApi = queryReact.createApi({ reducerPath: 'hooksApi', baseQuery: query.fakeBaseQuery(), endpoints });
  const withHooks = rtkQueryReact.normalizeApi(hooksApi, { getNotes: [Note] });
  return {
    notes: notes.map((note) => note.text),
    isInstance: notes[0] instanceof Note,
    total: lib.getEntitySelectors(Note).selectTotal(store.getState()),
    hook: typeof withHooks.useGetNotesQuery,
  };
}

const esm = exercise('import', esmCore, esmHooks);
const cjs = exercise('require', require('rtk-entities'), require('rtk-entities/react'));
const esmRtk = exerciseRtkQuery('import', esmCore, esmRtkQuery, esmRtkQueryReact, {
  toolkit: esmToolkit,
  query: esmQuery,
  queryReact: esmQueryReact,
});
const cjsRtk = exerciseRtkQuery(
  'require',
  require('rtk-entities'),
  require('rtk-entities/rtk-query'),
  require('rtk-entities/rtk-query/react'),
  {
    toolkit: require('@reduxjs/toolkit'),
    query: require('@reduxjs/toolkit/query'),
    queryReact: require('@reduxjs/toolkit/query/react'),
  },
);
console.log(JSON.stringify({ ...esm, rtkQuery: esmRtk, cjs: { ...cjs, rtkQuery: cjsRtk } }));
