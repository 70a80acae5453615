import type { RequestStart } from '../../schema/interface.js';
import { ownField, stringField } from '../../utils/field.js';
import { warnOnce } from '../../utils/devWarning.js';
import { mutationInput } from './mutationInput.js';
import type { QueryEntriesContext } from './queryEntries.js';
import type { DeclaredEndpoint } from '../definition/readApi.js';
import { rtkEndpoint } from '../definition/rtkEndpoint.js';
import { unreadableResponse } from './unreadableResponse.js';
import { dropResults, type DroppedCall } from './dropResults.js';
import { mutationStorageKey } from '../definition/storageKey.js';
import type { RequestEvent } from '../middleware/requestEvent.js';

/** A mutation's normalized response, kept while RTK Query holds its entry. */
interface HeldMutation extends DroppedCall {
  readonly release: () => void;
  /** The key of RTK Query's entry (`fixedCacheKey`, else the request id). */
  readonly cacheKey: string;
}

/**
 * The mutation entries of declared endpoints in one store's RTK Query cache: a fulfilled mutation's
 * response is normalized (ordered by its start), and its result dropped when RTK Query lets go of
 * the entry (a reset, a `fixedCacheKey` reused, `track: false`). RTK Query has no way to patch a
 * mutation entry's data, so nothing is written back to them.
 */
export function buildMutationEntries({
  plan,
  instance,
  dataApi,
  getState,
}: Pick<QueryEntriesContext, 'plan' | 'instance' | 'dataApi' | 'getState'>) {
  const held = new Map<string, HeldMutation>();

  const drop = (requestIds: readonly string[]): void => {
    if (requestIds.length === 0) return;
    const dropped = requestIds.map((requestId) => {
      const entry = held.get(requestId) as HeldMutation;
      held.delete(requestId);
      entry.release();
      return entry;
    });
    dropResults(dataApi(), instance.selectSlice(getState()), dropped);
  };

  return {
    /** A mutation of `declared` answered: its response is normalized, as a write that started at `start`. */
    fulfilled(declared: DeclaredEndpoint, event: RequestEvent, start: RequestStart | undefined, table: unknown): void {
      const { schema, input } = mutationInput(declared.schema, event.payload, event.originalArgs);
      const endpoint = rtkEndpoint(declared, mutationStorageKey(plan.reducerPath, event.requestId), schema);
      held.set(event.requestId, {
        endpoint,
        args: [event.originalArgs],
        release: dataApi().retain(endpoint, [event.originalArgs]),
        cacheKey: event.mutationCacheKey,
      });
      try {
        // not read back: its readers select it (a read that fails shows there, `normalizedSelector`)
        dataApi().write(endpoint, [event.originalArgs], input, { start });
      } catch (error) {
        if (process.env.NODE_ENV !== 'production')
          warnOnce(`normalizeApi:${declared.label}`, unreadableResponse(declared, error));
      }
      this.dropReleased(table);
    },

    /** Drops the results whose entry RTK Query removed, replaced (a `fixedCacheKey` reused) or never kept. */
    dropReleased(table: unknown): void {
      const released: string[] = [];
      for (const [requestId, entry] of held)
        if (stringField(ownField(table, entry.cacheKey), 'requestId') !== requestId) released.push(requestId);
      drop(released);
    },

    /** The entities slice was emptied: every result is let go of. */
    reset(): void {
      for (const entry of held.values()) entry.release();
      held.clear();
    },
  };
}
