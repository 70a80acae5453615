// Imports the built package by its name, as a user's Node program would, and uses it once.
// Prints one JSON line; exits non-zero if anything is missing.
import { configureStore } from '@reduxjs/toolkit';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import * as lib from 'rtk-entities';
import * as hooks from 'rtk-entities/react';

const expected = ['Entity', 'schema', 'normalize', 'denormalize'];
const missing = expected.filter((name) => !(name in lib));
if (missing.length > 0) throw new Error(`rtk-entities is missing exports: ${missing.join(', ')}`);

const expectedHooks = ['useSuspense', 'useQuery', 'useCache', 'useFetch', 'useDLE', 'useError', 'useController', 'useLive', 'AsyncBoundary', 'createHooks'];
const missingHooks = expectedHooks.filter((name) => typeof hooks[name] !== 'function');
if (missingHooks.length > 0) throw new Error(`rtk-entities/react is missing exports: ${missingHooks.join(', ')}`);

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

console.log(
  JSON.stringify({ exports: Object.keys(lib).sort(), read, isInstance: read[0] instanceof User, reactExports: Object.keys(hooks).sort(), html }),
);
