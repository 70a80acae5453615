// A Redux store as any app has one, with the entities slice and its middleware added, and an RTK
// Query api whose responses normalizeApi's middleware normalizes into the same slice. The page's
// tabs share their writes: a trade bought in one shows in every other, with no request there.
import { configureStore } from '@reduxjs/toolkit';
import { createDataMiddleware, entitiesSlice } from 'rtk-entities';
import { tabs } from 'rtk-entities/tabs';
import { entitiesApi, tradesApi } from './tradesApi';

export const store = configureStore({
  reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer, [tradesApi.reducerPath]: tradesApi.reducer },
  middleware: (getDefault) =>
    // RTK's development checks walk the whole state on every action; they warn past 32 ms, which a
    // loaded machine reaches with a 200,000-character name in the state
    getDefault({ serializableCheck: { warnAfter: 200 }, immutableCheck: { warnAfter: 200 } }).concat(
      tradesApi.middleware,
      createDataMiddleware({ broadcastChannel: tabs('rtk-entities-example') }),
      entitiesApi.middleware,
    ),
});
