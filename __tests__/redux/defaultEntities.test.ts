/**
 * The default mount point: the top-level Redux exports are the API `createEntities` gives any mount
 * point, built member by member (each in a call bundlers may drop) on one mount point,
 * `state.entities`; the hooks entry is bound to those same members, so a store built from the core
 * entry is what the hooks read.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import * as core from '../../src/index';
import { useCache, useController } from '../../src/react/index';
import { usersResponse, usersSchema } from '../fixtures/spec';
import { makeStore } from '../fixtures/store';

test('the top-level Redux exports are every member createEntities gives a mount point, for `entities`', () => {
  const members = Object.keys(core.createEntities({ reducerPath: 'other' }));
  expect(members.filter((name) => !(name in core))).toEqual([]);
  expect(core.entitiesSlice.reducerPath).toBe('entities');
  expect(core.entitiesSlice.name).toBe('entities');
});

test('the hooks read the store that the top-level exports build, and give its Controller', () => {
  // makeStore builds it from the top-level exports: core.entitiesSlice and core.createDataMiddleware()
  const { store } = makeStore();
  const getUsers = new core.RestEndpoint({ urlPrefix: 'https://api.test', path: '/users', schema: usersSchema });
  core.createController(store).setResponse(getUsers, usersResponse);
  let controller: unknown;
  function Names() {
    controller = useController();
    return createElement('p', null, (useCache(getUsers) ?? []).map((user) => user.name).join(', '));
  }
  expect(renderToString(createElement(Provider, { store, children: createElement(Names) }))).toBe('<p>Ann, Bo</p>');
  expect(controller).toBeInstanceOf(core.Controller);
  expect(core.selectResponse(getUsers)(store.getState()).data).toBe(
    core.getEntitySelectors(usersSchema).selectAll(store.getState()),
  );
});
