/**
 * Real `configureStore` stores for each library. RTK's development checks are off for both (the
 * bench runs with NODE_ENV=production, where they do not run anyway).
 */
import {
  configureStore,
  createAsyncThunk,
  createEntityAdapter,
  createSlice,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { createController, createDataMiddleware, entitiesSlice, getEntitySelectors } from '../src/index.js';
import type { DataMiddlewareOptions } from '../src/index.js';
import { Member, type MemberRow } from './fixtures.js';

const noDevChecks = { serializableCheck: false, immutableCheck: false } as const;

/** Our store: the entities slice and the data middleware. */
export function makeOurStore(preloaded?: unknown, options?: DataMiddlewareOptions) {
  const store = configureStore({
    reducer: { [entitiesSlice.reducerPath]: entitiesSlice.reducer },
    middleware: (getDefault) => getDefault(noDevChecks).concat(createDataMiddleware(options)),
    ...(preloaded === undefined ? {} : { preloadedState: preloaded as never }),
  });
  return { store, ctrl: createController(store) };
}

export const memberSelectors = getEntitySelectors(Member);

/** RTK's way: an entity adapter in a slice. `fetchMembers` reads rows through `fetch`. */
export const memberAdapter = createEntityAdapter<MemberRow>();
export const fetchMembers = createAsyncThunk('members/fetch', async (fetchRows: () => Promise<MemberRow[]>) =>
  fetchRows(),
);
export const membersSlice = createSlice({
  name: 'members',
  initialState: memberAdapter.getInitialState(),
  reducers: {
    upsertMany: (state, action: PayloadAction<readonly MemberRow[]>) =>
      void memberAdapter.upsertMany(state, action.payload),
    upsertOne: (state, action: PayloadAction<MemberRow>) => void memberAdapter.upsertOne(state, action.payload),
  },
  extraReducers: (builder) => {
    builder.addCase(fetchMembers.fulfilled, (state, action) => void memberAdapter.upsertMany(state, action.payload));
  },
});
export const rtkMemberSelectors = memberAdapter.getSelectors(
  (state: { members: ReturnType<typeof membersSlice.reducer> }) => state.members,
);

export function makeRtkStore(preloaded?: unknown) {
  return configureStore({
    reducer: { members: membersSlice.reducer },
    middleware: (getDefault) => getDefault(noDevChecks),
    ...(preloaded === undefined ? {} : { preloadedState: preloaded as never }),
  });
}
