import { createAction } from '@reduxjs/toolkit';
import { MemoCache } from '../normalizr/memo/MemoCache.js';
import { buildEntitiesActions, type EntitiesActions } from './slice/actions.js';
import { buildInitialState, type EntitiesState } from './slice/state.js';
import type { Rehydrate } from './middleware/types.js';
import { unmountedSliceMessage } from './mountHints.js';
import { errorOnce } from '../utils/devWarning.js';

/**
 * Where one copy of the Redux layer lives in the root state (`state.entities`, or the
 * `reducerPath` given to `createEntities`), with what everything bound to it shares: its actions,
 * its memo, its slice selector and the action that reaches its middleware.
 */
export interface MountPoint {
  readonly reducerPath: string;
  readonly actions: EntitiesActions;
  /** Denormalization memo shared by the selectors, thunks and Controller of this mount point. @internal */
  readonly memo: MemoCache;
  /**
   * The slice from the root state (an empty slice if it is not mounted; in development, such a read
   * is reported once, naming the fix).
   */
  selectSlice(state: unknown): EntitiesState;
  /**
   * The one action that reaches this mount point's data middleware: dispatched, the middleware
   * returns its `DataApi` (`connection.ts`). It never reaches the reducer.
   * @internal
   */
  readonly connectAction: ReturnType<typeof createAction>;
  /**
   * The check of a slice state that arrives from elsewhere (`Rehydrate.adopt`), set by the first
   * data middleware of this mount point created with `rehydrate`, before its store exists: the
   * reducer runs it on every such state from then on, in every store of this mount point.
   * `undefined` until then: such a state is taken as it is (`adoptState`).
   */
  adopt: Rehydrate['adopt'] | undefined;
  /**
   * The check of a stored result that may come from elsewhere (`resultFits`), set likewise by the
   * first data middleware given `rehydrate` or a `broadcastChannel`: a result that fails it reads
   * as invalidated (`readableMeta`). `undefined` until then: every result is this store's own.
   */
  resultFits: Rehydrate['resultFits'] | undefined;
}

/** Creates the shared parts of the mount point at `reducerPath`. */
export function buildMountPoint(reducerPath: string): MountPoint {
  const empty = buildInitialState();
  /**
   * What a state without the slice reads as. Bundlers drop the report from production builds (an
   * inline guard: only a store without the slice reads `process`).
   */
  const unmounted = (): EntitiesState => {
    if (process.env.NODE_ENV !== 'production') {
      const failure = "this store's reads find no data (undefined, [] or 'uninitialized')";
      errorOnce(`slice:${reducerPath}`, unmountedSliceMessage(reducerPath, failure));
    }
    return empty;
  };
  return {
    reducerPath,
    actions: buildEntitiesActions(reducerPath),
    memo: new MemoCache(),
    selectSlice: (state) =>
      (state as Record<string, EntitiesState | undefined> | undefined)?.[reducerPath] ?? unmounted(),
    connectAction: createAction(`${reducerPath}/connect`),
    adopt: undefined,
    resultFits: undefined,
  };
}

/** The mount point behind each `createEntities()` result, for layers above the Redux one (RTK Query). */
const mountPoints = /* @__PURE__ */ new WeakMap<object, MountPoint>();

/** Remembers that `entities` (what `createEntities` returns) is bound to `mount`; returns `entities`. */
export function bindMountPoint<T extends object>(entities: T, mount: MountPoint): T {
  mountPoints.set(entities, mount);
  return entities;
}

/** The mount point a `createEntities()` result is bound to; `undefined` for any other object. */
export function mountPointOf(entities: object): MountPoint | undefined {
  return mountPoints.get(entities);
}
