/**
 * A user's Jest test in a CommonJS project (ts-jest's default preset, `module: commonjs`, so
 * TypeScript resolves packages as node10), importing both entries of the installed package.
 */
import { configureStore } from '@reduxjs/toolkit';
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
  expect(renderToString(<Provider store={store}><Names /></Provider>)).toBe('<p>Ann, Bo</p>');
});

test('both entries load as CommonJS', () => {
  expect(require.resolve('rtk-entities')).toMatch(/dist[\\/]index\.cjs$/);
  expect(require.resolve('rtk-entities/react')).toMatch(/dist[\\/]react[\\/]index\.cjs$/);
});
