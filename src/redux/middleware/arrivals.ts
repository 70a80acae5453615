import { committedTables } from '../slice/optimisticLayers.js';
import { isMadeHere, showsOwnRequests } from '../slice/adoptState.js';
import type { EntitiesState } from '../slice/state.js';
import type { MiddlewareContext, OptimisticDisplay } from './types.js';

/** What the arrival check reads and dispatches through. */
type ArrivalContext = Pick<MiddlewareContext, 'mount' | 'getState' | 'slice' | 'dispatch' | 'registry'> & {
  readonly optimistic: OptimisticDisplay;
};

const UNSEEN: unknown = Symbol('unseen');

/**
 * The check, after every action, that the slice holds no state from elsewhere with requests this
 * store does not have: the state the store started with (`preloadedState`, from a server render,
 * another process or another store of this one) and a state put in by another reducer
 * (redux-persist's `REHYDRATE`, a root reducer that resets the state). The slice is known by its
 * `meta`, which only the slice's own actions change. When such a state shows other requests in
 * flight or optimistic layers than this store's, one `entities/adopt` drops what is not this
 * store's and puts back the marks of its own requests, then its optimistic layers are shown again.
 */
export function buildArrivalCheck({ mount, getState, slice, dispatch, registry, optimistic }: ArrivalContext) {
  let seen = UNSEEN;
  const ownPrefix = `${mount.reducerPath}/`;
  return (action: unknown): void => {
    const held = (getState() as { readonly [path: string]: unknown } | undefined)?.[mount.reducerPath];
    if (held === undefined || (held as { readonly meta?: unknown }).meta === seen) return;
    const type = (action as { readonly type?: unknown }).type;
    const ours = seen !== UNSEEN && String(type).startsWith(ownPrefix);
    seen = (held as { readonly meta?: unknown }).meta;
    if (ours) return;
    const pending = registry.startedKeys();
    const layered = registry.layered().length > 0;
    if (isMadeHere(held) && showsOwnRequests(held as EntitiesState, pending, layered)) return;
    dispatch(mount.actions.adopt({ pending }));
    const { layers } = layered ? optimistic.settle(undefined, () => committedTables(slice())) : {};
    if (layers !== undefined) dispatch(mount.actions.optimisticSet({ layers }));
    seen = slice().meta;
  };
}
