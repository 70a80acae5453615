/**
 * The entities slice and how it is mounted: action types and matchers DevTools and listeners read,
 * writes that keep every unchanged reference, a createEntities() copy at another path, the endpoint
 * named in every request action, and the errors that say how to fix a store missing the slice or
 * the data middleware.
 */
import { createSlice } from '@reduxjs/toolkit';
import nock from 'nock';
import {
  RestEndpoint,
  createDataMiddleware,
  createEntities,
  createResource,
  entitiesSlice,
  fetchEndpoint,
  schema,
} from '../../src/index';
import { Trade, User, usersResponse } from '../fixtures/spec';
import { makeStore } from '../fixtures/store';
import { recordOf } from '../../src/storage/table.js';

const getUsers = new RestEndpoint({ urlPrefix: 'https://api.test', path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: 'https://api.test', path: '/users/:id', schema: User });

describe('entitiesSlice', () => {
  test("is mounted at 'entities' with DevTools-readable action types and matchers", () => {
    expect(entitiesSlice.reducerPath).toBe('entities');
    expect(entitiesSlice.actions.fetchFulfilled.type).toBe('entities/fetchFulfilled');
    const seen: string[] = [];
    const listener = createSlice({
      name: 'listener',
      initialState: 0,
      reducers: {},
      extraReducers: (builder) =>
        builder.addMatcher(entitiesSlice.actions.fetchFulfilled.match, (count) => (seen.push('fulfilled'), count + 1)),
    });
    // the top-level slice, driven by the middleware and Controller of another instance at 'entities'
    const { createController, createDataMiddleware } = createEntities();
    const { store, ctrl } = makeStore({
      entities: { entitiesSlice, createDataMiddleware, createController },
      reducer: { listener: listener.reducer },
    });
    ctrl.setResponse(getUsers, usersResponse);
    expect(store.getState().listener).toBe(1);
    expect(seen).toEqual(['fulfilled']);
  });

  test('a write keeps the reference of every table and record it does not change', () => {
    const { store, ctrl } = makeStore({ entities: createEntities() });
    ctrl.setResponse(getUsers, usersResponse);
    class Other extends User {
      static override key = 'Other';
    }
    ctrl.setResponse(new RestEndpoint({ path: '/other/:id', schema: Other }), { id: 'o' }, { id: 'o', name: 'x' });
    const before = store.getState().entities;
    ctrl.setResponse(getUser, { id: 2 }, { id: '2', name: 'Bob' });
    const after = store.getState().entities;
    expect(after.entities.Other).toBe(before.entities.Other);
    expect(after.entities.User).not.toBe(before.entities.User);
    expect(recordOf(after.entities.User, '1')).toBe(recordOf(before.entities.User, '1'));
    expect(after.endpoints[getUsers.key()]).toBe(before.endpoints[getUsers.key()]);
    ctrl.setResponse(getUser, { id: 2 }, { id: '2', name: 'Bob' });
    expect(store.getState().entities.entities).toBe(after.entities); // an identical response changes no table
  });

  test('createEntities mounts an independent copy at another path', () => {
    const cache = createEntities({ reducerPath: 'cache' });
    const { store, ctrl } = makeStore({
      entities: cache,
      reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    });
    expect(cache.entitiesSlice.actions.fetchFulfilled.type).toBe('cache/fetchFulfilled');
    ctrl.setResponse(getUsers, usersResponse);
    expect(cache.getEntitySelectors(User).selectTotal(store.getState())).toBe(2);
    expect(Object.keys(store.getState().entities.entities)).toEqual([]);
  });
});

describe('request actions in DevTools', () => {
  afterEach(() => nock.cleanAll());

  test("every request action names its endpoint: pending, optimistic, fulfilled, rejected and settled carry endpoint 'Trade.getList.push' and the like", async () => {
    nock.disableNetConnect();
    const TradeResource = createResource({
      urlPrefix: 'https://api.test',
      path: '/trade/:id',
      schema: Trade,
      optimistic: true,
    });
    const seen: { type: string; endpoint?: unknown }[] = [];
    const { store } = makeStore({
      after: [
        () => (next) => (action) => {
          const { type, payload } = action as { type: string; payload?: { endpoint?: unknown } };
          if (type.startsWith('entities/')) seen.push({ type, endpoint: payload?.endpoint });
          return next(action);
        },
      ],
    });
    nock('https://api.test')
      .post('/trade')
      .reply(201, { id: 1, amount: '5', coin: 'btc' })
      .get('/trade/9')
      .reply(404)
      .get('/trade/1')
      .delay(200)
      .reply(200, {});
    await store.dispatch(fetchEndpoint(TradeResource.getList.push, { id: 1, amount: '5', coin: 'btc' }));
    await expect(store.dispatch(fetchEndpoint(TradeResource.get, { id: 9 }))).rejects.toMatchObject({ status: 404 });
    const aborted = store.dispatch(fetchEndpoint(TradeResource.get, { id: 1 }));
    aborted.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise<void>((resolve) => {
      const settled = () => seen.some((action) => action.type === 'entities/fetchSettled');
      if (settled()) return resolve();
      const unsubscribe = store.subscribe(() => settled() && (unsubscribe(), resolve()));
    });

    expect(seen).toEqual([
      { type: 'entities/fetchPending', endpoint: 'Trade.getList.push' },
      { type: 'entities/optimisticSet', endpoint: 'Trade.getList.push' },
      { type: 'entities/fetchFulfilled', endpoint: 'Trade.getList.push' },
      { type: 'entities/fetchPending', endpoint: 'Trade.get' },
      { type: 'entities/fetchRejected', endpoint: 'Trade.get' },
      { type: 'entities/fetchPending', endpoint: 'Trade.get' },
      { type: 'entities/fetchSettled', endpoint: 'Trade.get' },
    ]);
  });
});

describe('a store whose slice is not mounted', () => {
  const originalEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = originalEnv;
    nock.cleanAll();
  });

  const problem = "rtk-entities: GET /users cannot be stored: the 'entities' slice is not in the store.";
  const fix = ' Add `[entitiesSlice.reducerPath]: entitiesSlice.reducer` to the reducer of configureStore.';
  test.each([
    // the fix is a development message: a production build names the problem alone
    ['development', problem + fix],
    ['production', problem],
  ])('fetches reject naming the reducer path, in %s, and nothing is requested', async (env, message) => {
    process.env.NODE_ENV = env;
    nock.disableNetConnect();
    const served = nock('https://api.test').get('/users').reply(200, usersResponse);
    const { store, ctrl } = makeStore({ slice: false });

    // an Error to compare with: the whole message, not a part of it
    const error = new Error(message);
    await expect(store.dispatch(fetchEndpoint(getUsers))).rejects.toThrow(error);
    await expect(ctrl.fetch(getUsers)).rejects.toThrow(error);
    expect(() => ctrl.setResponse(getUsers, usersResponse)).toThrow(error);
    expect(() => ctrl.setError(getUsers, new Error('x'))).toThrow(error);
    expect(served.isDone()).toBe(false);
    expect(store.getState()).toEqual({ todos: [] }); // the app's own slice, and nothing of ours
  });

  test('a createEntities mount names its own slice and middleware in the hints', async () => {
    const cache = createEntities({ reducerPath: 'cache' });
    const { store: unmounted } = makeStore({ entities: cache, slice: false });
    await expect(unmounted.dispatch(cache.fetchEndpoint(getUsers))).rejects.toThrow(
      "rtk-entities: GET /users cannot be stored: the 'cache' slice is not in the store. " +
        "Add the slice of createEntities({ reducerPath: 'cache' }) to the reducer of configureStore: " +
        '`[cache.entitiesSlice.reducerPath]: cache.entitiesSlice.reducer`, where `cache` is what that createEntities call returned.',
    );

    // the default instance's middleware answers only for 'entities': the 'cache' mount has none
    const { ctrl: withoutMiddleware } = makeStore({
      entities: cache,
      dataMiddleware: false,
      after: [createDataMiddleware()],
    });
    await expect(withoutMiddleware.fetch(getUsers)).rejects.toThrow(
      "rtk-entities: the data middleware for 'cache' is not installed. " +
        "Add the middleware of createEntities({ reducerPath: 'cache' }) to configureStore: " +
        '`middleware: (getDefault) => getDefault().concat(cache.createDataMiddleware())`, where `cache` is what that createEntities call returned.',
    );
  });
});

describe('a store without the data middleware', () => {
  test('without the middleware the thunk says how to install it', () => {
    const { store } = makeStore({ dataMiddleware: false });
    expect(() => store.dispatch(fetchEndpoint(getUsers))).toThrow(/createDataMiddleware\(\)/);
  });
});
