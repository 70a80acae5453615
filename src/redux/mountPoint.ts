import { createAction } from '@reduxjs/toolkit';
import { MemoCache } from '../normalizr/memo/MemoCache.js';
import { buildEntitiesActions, type EntitiesActions } from './slice/actions.js';
import { buildInitialState, type EntitiesState } from './slice/state.js';

/** The shared parts of one mount point: its path, actions, memo and slice selector. */
export interface EntitiesInstance {
  readonly reducerPath: string;
  readonly actions: EntitiesActions;
  /** Denormalization memo shared by the selectors, thunks and Controller of this mount point. */
  readonly memo: MemoCache;
  /** The slice from the root state (an empty slice if it is not mounted). */
  selectSlice(state: unknown): EntitiesState;
  /** The action through which thunks reach the middleware; it never reaches the reducer. */
  readonly probe: ReturnType<typeof createAction>;
}

/** Creates the shared parts for a mount point. */
export function buildInstance(reducerPath: string): EntitiesInstance {
  const empty = buildInitialState();
  return {
    reducerPath,
    actions: buildEntitiesActions(reducerPath),
    memo: new MemoCache(),
    selectSlice: (state) => (state as Record<string, EntitiesState | undefined> | undefined)?.[reducerPath] ?? empty,
    probe: createAction(`${reducerPath}/middleware`),
  };
}

/** The instance behind each `createEntities()` result, for layers above the Redux one (RTK Query). */
const instances = /* @__PURE__ */ new WeakMap<object, EntitiesInstance>();

/** Remembers that `entities` (what `createEntities` returns) is bound to `instance`; returns `entities`. */
export function bindInstance<T extends object>(entities: T, instance: EntitiesInstance): T {
  instances.set(entities, instance);
  return entities;
}

/** The instance a `createEntities()` result is bound to; `undefined` for any other object. */
export function instanceOf(entities: object): EntitiesInstance | undefined {
  return instances.get(entities);
}
