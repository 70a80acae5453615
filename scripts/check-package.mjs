// Loads the built package by its name, as a user's Node program would, in both formats: `import`
// (ESM) and `require` (CommonJS). Each format uses both entries once, the hooks reading the store
// the core entry's default slice fills. Prints one JSON line; exits non-zero if anything is missing.
import { configureStore } from '@reduxjs/toolkit';
import { createRequire } from 'node:module';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import * as esmCore from 'rtk-entities';
import * as esmHooks from 'rtk-entities/react';

const require = createRequire(import.meta.url);
const expected = ['Entity', 'schema', 'normalize', 'denormalize'];
const expectedHooks = ['useSuspense', 'useQuery', 'useCache', 'useFetch', 'useDLE', 'useError', 'useController', 'useLive', 'AsyncBoundary', 'createHooks'];

/** Uses one format's two entries together; throws if an export is missing. */
function exercise(format, lib, hooks) {
  const missing = expected.filter((name) => !(name in lib));
  if (missing.length > 0) throw new Error(`rtk-entities (${format}) is missing exports: ${missing.join(', ')}`);
  const missingHooks = expectedHooks.filter((name) => typeof hooks[name] !== 'function');
  if (missingHooks.length > 0) throw new Error(`rtk-entities/react (${format}) is missing exports: ${missingHooks.join(', ')}`);

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
  lib.createController(store).setResponse(getUsers, [{ id: '1', name: 'Ann' }, { id: '2', name: 'Bo' }]);
  function Names() {
    return createElement('p', null, hooks.useCache(getUsers).map((user) => user.name).join(', '));
  }
  const html = renderToString(createElement(Provider, { store }, createElement(Names)));
  return { exports: Object.keys(lib).sort(), read, isInstance: read[0] instanceof User, reactExports: Object.keys(hooks).sort(), html };
}

const esm = exercise('import', esmCore, esmHooks);
const cjs = exercise('require', require('rtk-entities'), require('rtk-entities/react'));
console.log(JSON.stringify({ ...esm, cjs }));
