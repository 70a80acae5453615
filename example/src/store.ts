// A Redux store as any app has one, with the entities slice and its middleware added.
import { configureStore } from '@reduxjs/toolkit';
import { createDataMiddleware, entitiesSlice } from 'rtk-entities';

export const store = configureStore({
  reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
  middleware: (getDefault) => getDefault().concat(createDataMiddleware()),
});
