/**
 * The default mount point: the top-level Redux exports are the members of one `createEntities()`
 * instance (now read through calls bundlers may drop), and the hooks entry is bound to that same
 * instance, so a store built from the core entry is what the hooks read.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import * as core from '../../src/index';
import { useCache, useController } from '../../src/react/index';
import { defaultEntities } from '../../src/redux/defaultEntities';
import { usersResponse, usersSchema } from '../fixtures/spec';
import { makeStore } from '../fixtures/store';

const names = [
  'entitiesSlice',
  'createDataMiddleware',
  'fetchEndpoint',
  'createController',
  'selectQuery',
  'selectResponse',
  'getEntitySelectors',
] as const;

test('each top-level Redux export is the very member of the default instance', () => {
  expect(names.map((name) => core[name] === defaultEntities[name])).toEqual(names.map(() => true));
  expect(core.entitiesSlice.reducerPath).toBe('entities');
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
