import type { RtkEndpoint } from './readApi.js';

/**
 * The key under which RTK Query keeps the entry of `arg` (`state[reducerPath].queries[key]`), found
 * as RTK Query's own `select(arg)` finds it: that selector is run once on a stand-in state whose
 * `queries` note the key read, so whatever names the entries (the endpoint's `serializeQueryArgs`,
 * the api's, RTK Query's default) names it here too. It depends on the argument alone: no store is
 * read, and an entry is never told by its `requestId` (`upsertQueryEntries` gives one to all it writes).
 * `undefined` for `skipToken`, which has no entry.
 */
export function queryCacheKey(reducerPath: string, rtk: RtkEndpoint, arg: unknown): string | undefined {
  let key: string | undefined;
  const queries = new Proxy(
    {},
    {
      // RTK Query reads the entry by its key (a string) and nothing else
      get: (_target, name) => void (key ??= String(name)),
    },
  );
  rtk.select(arg)({ [reducerPath]: { queries } });
  return key;
}
