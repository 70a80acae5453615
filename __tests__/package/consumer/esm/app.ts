// A user's ES module program (`module: nodenext`), importing both entries of the installed package.
// Prints one JSON line: what it read, and what the hook rendered from the core entry's store.
import { configureStore } from '@reduxjs/toolkit';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Entity, RestEndpoint, createController, createDataMiddleware, denormalize, entitiesSlice, normalize, schema } from 'rtk-entities';
import { useCache } from 'rtk-entities/react';

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
  return createElement('p', null, useCache(getUsers)?.map((user) => user.name).join(', '));
}
const html = renderToString(createElement(Provider, { store, children: createElement(Names) }));

console.log(JSON.stringify({ read, isInstance: read[0] instanceof User, html, core: import.meta.resolve('rtk-entities'), react: import.meta.resolve('rtk-entities/react') }));
