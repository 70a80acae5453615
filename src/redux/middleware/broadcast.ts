import { startedBefore } from '../../schema/startedBefore.js';
import { warnOnce } from '../../utils/devWarning.js';
import { getOwn } from '../../utils/ownProperty.js';
import { applyTables, committedTables } from '../slice/optimisticLayers.js';
import { receivedWrites } from '../slice/receivedWrites.js';
import { BROADCAST_PROTOCOL, readBroadcastMessage, type BroadcastMessage } from './broadcastMessage.js';
import { assertStorableDepth } from './depthCheck.js';
import type { MiddlewareContext, OptimisticDisplay } from './types.js';

/** What the broadcast part reads and dispatches through. */
type BroadcastContext = Pick<MiddlewareContext, 'mount' | 'slice' | 'dispatch' | 'registry' | 'now'> & {
  readonly optimistic: OptimisticDisplay;
};

/** Passes an action on to the reducer (`next`), and posts it to the other tabs when it is a committed write. */
export type Relay = (action: unknown, next: (action: unknown) => unknown) => unknown;

/** The id a store on a broadcast channel gives its writes (`RequestStart.tab`): random, made once per store. */
export function newTabId(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * Shares one store's committed writes with the other stores on a `BroadcastChannel` (other tabs),
 * and applies theirs. A write is posted once the reducer applied it: a response or `setResponse`
 * (`fetchFulfilled`), a `ctrl.set` (`set`), an invalidation (`invalidate`, `expire`); deletions
 * travel in their write's stamps. Never requests in flight, optimistic layers, errors, sweeps or
 * resets: those belong to the tab that made them. A message holds the normalized writes, not the
 * tables (`broadcastMessage.ts`).
 *
 * A received write is applied in one `received` action, keeping only what started after what this
 * store holds (`receivedWrites.ts`; `startedBefore` orders writes across tabs by clock, then tab
 * id), with the optimistic layers rebuilt over it; an invalidation as this store's own `invalidate`
 * or `expire`, for the keys whose data started before it. Neither makes a request or is posted again.
 * A message that is not one of ours, or is damaged, is ignored with a development warning.
 *
 * @param shared the channel's name and this store's id on it (`newTabId`); `undefined` shares nothing
 * @param signal aborting it closes the channel
 * @returns what the middleware passes every action through
 */
export function buildBroadcast(
  { mount, slice, dispatch, registry, optimistic, now }: BroadcastContext,
  shared: { readonly name: string; readonly tab: string } | undefined,
  signal: AbortSignal | undefined,
): Relay {
  const pass: Relay = (action, next) => next(action);
  if (shared === undefined || signal?.aborted) return pass;
  const { name, tab } = shared;
  if (typeof BroadcastChannel === 'undefined') {
    if (process.env.NODE_ENV !== 'production')
      warnOnce(
        'broadcast:unsupported',
        `broadcastChannel "${name}": this platform has no BroadcastChannel; writes are not shared.`,
      );
    return pass;
  }
  const { actions } = mount;
  const channel = new BroadcastChannel(name);
  let closed = false;
  /** While a received write is dispatched: it is not posted back. */
  let receiving = false;

  const ignore = (problem: string) => {
    if (process.env.NODE_ENV !== 'production')
      warnOnce(`broadcast:${problem}`, `a message on broadcast channel "${name}" was ignored: ${problem}.`);
  };

  /** The message for a write this store committed, if it is one other tabs apply. */
  const messageOf = (action: unknown): BroadcastMessage | undefined => {
    const base = { protocol: BROADCAST_PROTOCOL, tab } as const;
    if (actions.fetchFulfilled.match(action)) {
      const { key, endpoint, result, meta, entities, entitiesMeta, indexes } = action.payload;
      const response = endpoint === undefined ? { key, result } : { key, endpoint, result };
      return { ...base, kind: 'write', meta, response, entities, entitiesMeta, indexes };
    }
    if (actions.set.match(action)) {
      const { meta, entities, entitiesMeta, indexes } = action.payload;
      return meta === undefined ? undefined : { ...base, kind: 'write', meta, entities, entitiesMeta, indexes };
    }
    if (actions.invalidate.match(action) || actions.expire.match(action)) {
      const kind = actions.invalidate.match(action) ? 'invalidate' : 'expire';
      return { ...base, kind, start: registry.begin(), keys: action.payload.keys };
    }
    return undefined;
  };

  const post = (action: unknown): void => {
    const message = messageOf(action);
    if (message === undefined) return;
    try {
      channel.postMessage(message);
    } catch (error) {
      if (process.env.NODE_ENV !== 'production')
        warnOnce(
          `broadcast:post:${name}`,
          `broadcastChannel "${name}": a write could not be posted to the other tabs (${String(error)}); only this tab has it.`,
        );
    }
  };

  /** Dispatches a write received from another tab: never posted back. */
  const apply = (action: Parameters<typeof dispatch>[0]): void => {
    receiving = true;
    try {
      dispatch(action);
    } finally {
      receiving = false;
    }
  };

  const receive = (data: unknown): void => {
    let message: BroadcastMessage;
    try {
      message = readBroadcastMessage(data, now());
    } catch (error) {
      ignore(error instanceof Error ? error.message : String(error));
      return;
    }
    const state = slice();
    if (message.kind !== 'write') {
      // a key whose data started after the invalidation keeps it
      const keys = message.keys.filter((key) => {
        const meta = getOwn(state.meta, key);
        return meta !== undefined && startedBefore(meta, message.start);
      });
      if (keys.length > 0) apply(actions[message.kind]({ keys }));
      return;
    }
    // as this store's own responses: one that started before its last reset is dropped
    if (message.meta.fetchedAt < state.lastReset) return;
    const committed = committedTables(state);
    const writes = receivedWrites(committed, message, message.meta);
    const response = message.response && { ...message.response, meta: message.meta };
    try {
      assertStorableDepth({ result: response?.result, entities: writes.entities }, `a write from tab ${message.tab}`);
    } catch (error) {
      ignore(error instanceof Error ? error.message : String(error));
      return;
    }
    const layers = optimistic.settle(undefined, () => applyTables(committed, writes));
    apply(actions.received({ from: message.tab, ...(response && { response }), ...writes, ...layers }));
  };

  channel.onmessage = (event) => {
    // a message that passed the checks and still cannot be applied is ignored like one that did not
    try {
      receive(event.data);
    } catch (error) {
      ignore(error instanceof Error ? error.message : String(error));
    }
  };
  channel.onmessageerror = () => ignore('it could not be deserialized');
  signal?.addEventListener(
    'abort',
    () => {
      closed = true;
      channel.close();
    },
    { once: true },
  );

  return (action, next) => {
    if (closed || receiving) return next(action);
    const before = slice();
    try {
      return next(action);
    } finally {
      // only what the reducer applied (a subscriber that throws afterwards does not undo it)
      if (slice() !== before) post(action);
    }
  };
}
