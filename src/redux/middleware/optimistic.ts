import type { EndpointInterface } from '../../endpoint/interface.js';
import { normalize } from '../../normalizr/normalize.js';
import { warnOnce } from '../../utils/devWarning.js';
import { applyTables, committedTables, type Tables } from '../slice/optimisticLayers.js';
import { storeView } from '../slice/storeView.js';
import type { OptimisticLayer } from '../slice/state.js';
import { dataMeta } from './expiry.js';
import { assertStorableDepth } from './depthCheck.js';
import type { RequestStart } from '../../schema/interface.js';
import { startedBefore } from '../../schema/startedBefore.js';
import type { MiddlewareContext } from './types.js';

/** One request showing an optimistic response; kept in memory (it holds the endpoint), never in state. */
interface Pending {
  readonly key: string;
  readonly start: RequestStart;
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly response: unknown;
}

/** Orders requests by start (`fetchedAt`, then `seq`). */
function inStartOrder(a: Pending, b: Pending): number {
  return startedBefore(a.start, b.start) ? -1 : startedBefore(b.start, a.start) ? 1 : 0;
}

/** The layers an ending request's action carries, if optimistic responses are shown. */
type SettledLayers = { layers?: OptimisticLayer[] };

/** What the optimistic display reads and dispatches through. */
type DisplayContext = Pick<MiddlewareContext, 'mount' | 'getState' | 'slice' | 'dispatch' | 'snapshot'>;

/**
 * Shows the optimistic responses of requests in flight (`getOptimisticResponse`) and takes each
 * away when its request ends, in the same action that stores the request's outcome, so the store
 * never shows both or neither. The layers are rebuilt, in start order over the committed tables,
 * every time a response is added or taken away or the committed tables change: each response
 * merges into what is stored and into the layers before it, field by field, as a real response
 * would, so a settled request leaves no trace in the others.
 *
 * @param context the store, and the dispatch of the middleware's own actions
 */
export function buildOptimisticDisplay({ mount, getState, slice, dispatch, snapshot }: DisplayContext) {
  let pending: Pending[] = [];

  /** The layers over `committed`; a response that no longer normalizes is dropped with a warning. */
  const layersOver = (committed: Tables): OptimisticLayer[] => {
    const layers: OptimisticLayer[] = [];
    let view = committed;
    for (const entry of [...pending]) {
      const { endpoint, args, response, key, start } = entry;
      try {
        const source = `${endpoint.name} (optimistic)`;
        const meta = dataMeta(endpoint, start, start.fetchedAt);
        const writes = normalize(endpoint.schema, response, args, { store: storeView(view), meta, source });
        assertStorableDepth(writes, source);
        const { entities, entitiesMeta, indexes } = writes;
        const layer: OptimisticLayer = { key, ...start, entities, entitiesMeta, indexes };
        layers.push(layer);
        view = applyTables(view, layer);
      } catch (error) {
        pending = pending.filter((other) => other !== entry);
        const reason = (error as Error).message;
        warnOnce(
          `optimistic:${endpoint.name}`,
          `${endpoint.name}: its optimistic response could not be shown (${reason}); the request goes on without it.`,
        );
      }
    }
    return layers;
  };

  return {
    /** Shows the endpoint's optimistic response for the request that started at `start`, if it has one. */
    show(endpoint: EndpointInterface, args: readonly unknown[], key: string, start: RequestStart): void {
      if (endpoint.getOptimisticResponse === undefined) return;
      let response: unknown;
      try {
        response = endpoint.getOptimisticResponse(snapshot(getState(), start.fetchedAt), ...args);
      } catch (error) {
        const reason = (error as Error).message;
        warnOnce(
          `optimistic:${endpoint.name}`,
          `${endpoint.name}: getOptimisticResponse threw (${reason}); the request goes on without it.`,
        );
        return;
      }
      const added: Pending = { key, start, endpoint, args, response };
      pending = [...pending, added].sort(inStartOrder);
      const layers = layersOver(committedTables(slice()));
      dispatch(mount.actions.optimisticSet({ endpoint: endpoint.name, layers }));
    },

    /**
     * The request that started at `start` ends: takes its response away. While optimistic
     * responses are shown, gives the layers left, over the committed tables as the ending action
     * leaves them, for that action to carry.
     *
     * @param committed the committed tables once the ending action is applied; @default those of
     *   now, for an action that writes none
     */
    settle(key: string, start: RequestStart, committed = () => committedTables(slice())): SettledLayers {
      const kept = pending.filter((entry) => entry.key !== key || entry.start !== start);
      const removed = kept.length !== pending.length;
      pending = kept;
      return removed || pending.length > 0 ? { layers: layersOver(committed()) } : {};
    },

    /**
     * Committed tables change with no request ending (`ctrl.set`): while optimistic responses are
     * shown, gives their layers rebuilt over `committed`, for the writing action to carry.
     */
    rebuild(committed: () => Tables): SettledLayers {
      return pending.length > 0 ? { layers: layersOver(committed()) } : {};
    },

    /** Drops every response (a reset). */
    clear(): void {
      pending = [];
    },
  };
}

/** The optimistic display of one store. */
export type OptimisticDisplay = ReturnType<typeof buildOptimisticDisplay>;
