import { normalize } from '../../normalizr/normalize.js';
import { warnOnce } from '../../utils/devWarning.js';
import { applyTables, committedTables, pickTables, type Tables } from '../slice/optimisticLayers.js';
import { storeView } from '../slice/storeView.js';
import type { OptimisticLayer } from '../slice/state.js';
import { responseMeta } from './expiry.js';
import { assertStorableDepth } from './depthCheck.js';
import type { MiddlewareContext, OptimisticDisplay } from './types.js';
import { field } from '../../utils/field.js';

/** What the optimistic display reads and dispatches through. */
type DisplayContext = Pick<MiddlewareContext, 'mount' | 'getState' | 'slice' | 'dispatch' | 'snapshot' | 'registry'>;

/**
 * Shows the optimistic responses of requests in flight (`getOptimisticResponse`) and takes each
 * away when its request ends, in the same action that stores the request's outcome, so the store
 * never shows both or neither. Each response is kept on its request in the registry; the layers
 * are rebuilt, in start order over the committed tables, every time a response is added or taken
 * away or the committed tables change: each response merges into what is stored and into the
 * layers before it, field by field, as a real response would, so a settled request leaves no trace
 * in the others.
 *
 * @param context the store, the request registry, and the dispatch of the middleware's own actions
 */
export function buildOptimisticDisplay({
  mount,
  getState,
  slice,
  dispatch,
  snapshot,
  registry,
}: DisplayContext): OptimisticDisplay {
  /** The layers over `committed`; a response that no longer normalizes is dropped with a warning. */
  const layersOver = (committed: Tables): OptimisticLayer[] => {
    const layers: OptimisticLayer[] = [];
    let view = committed;
    for (const { request, start, response } of registry.layered()) {
      const { endpoint, args, key } = request;
      try {
        const source = `${endpoint.name} (optimistic)`;
        const meta = responseMeta(start, start.fetchedAt, endpoint.dataExpiryLength);
        const writes = normalize(endpoint.schema, response, args, { store: storeView(view), meta, source });
        assertStorableDepth(writes, source);
        const layer: OptimisticLayer = { key, ...start, ...pickTables(writes) };
        layers.push(layer);
        view = applyTables(view, layer);
      } catch (error) {
        request.optimistic = undefined;
        if (process.env.NODE_ENV !== 'production')
          warnOnce(
            `optimistic:${endpoint.name}`,
            `${endpoint.name}: its optimistic response could not be shown (${messageOf(error)}); the request goes on without it.`,
          );
      }
    }
    return layers;
  };

  return {
    show(request) {
      const { endpoint, args, start } = request;
      if (endpoint.getOptimisticResponse === undefined || start === undefined) return;
      try {
        request.optimistic = {
          response: endpoint.getOptimisticResponse(snapshot(getState(), start.fetchedAt), ...args),
        };
      } catch (error) {
        if (process.env.NODE_ENV !== 'production')
          warnOnce(
            `optimistic:${endpoint.name}`,
            `${endpoint.name}: getOptimisticResponse threw (${messageOf(error)}); the request goes on without it.`,
          );
        return;
      }
      const layers = layersOver(committedTables(slice()));
      dispatch(mount.actions.optimisticSet({ endpoint: endpoint.name, layers }));
    },

    settle(request, committed) {
      const shown = request?.optimistic !== undefined;
      if (request !== undefined) request.optimistic = undefined;
      return shown || registry.layered().length > 0 ? { layers: layersOver(committed()) } : {};
    },
  };
}

/** What a thrown value says: an error's message, or the value itself. */
function messageOf(error: unknown): string {
  const message = field(error, 'message');
  return typeof message === 'string' ? message : String(error);
}
