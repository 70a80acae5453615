import type { UnknownAction } from '@reduxjs/toolkit';
import type { DataApi } from './middleware/types.js';
import type { MountPoint } from './mountPoint.js';
import { missingMiddlewareMessage } from './mountHints.js';
import { field } from '../utils/field.js';
import { entryOf } from '../utils/entryOf.js';

/** Each store's `DataApi` per mount point, by the store's dispatch: the connect action goes out once per store. */
const connections = /* @__PURE__ */ new WeakMap<MountPoint, WeakMap<object, DataApi>>();

/** Whether the connect action's answer is a data middleware's API (a store without one answers the action itself). */
function isDataApi(answer: unknown): answer is DataApi {
  return typeof field(answer, 'fetch') === 'function';
}

/**
 * The data middleware of `mount` in the store behind `dispatch`, reached with the mount point's
 * connect action the first time and remembered for that store; `undefined` when the store has none.
 */
export function findMiddleware(mount: MountPoint, dispatch: (action: UnknownAction) => unknown): DataApi | undefined {
  const byStore = entryOf(connections, mount, () => new WeakMap());
  const known = byStore.get(dispatch);
  if (known !== undefined) return known;
  const answer = dispatch(mount.connectAction());
  if (!isDataApi(answer)) return undefined;
  byStore.set(dispatch, answer);
  return answer;
}

/** The data middleware of `mount` in the store behind `dispatch`, or an error saying how to install it. */
export function connectToMiddleware(mount: MountPoint, dispatch: (action: UnknownAction) => unknown): DataApi {
  const api = findMiddleware(mount, dispatch);
  if (api === undefined) throw new Error(missingMiddlewareMessage(mount.reducerPath));
  return api;
}
