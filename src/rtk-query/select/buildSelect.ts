import type { MountPoint } from '../../redux/mountPoint.js';
import { argId } from './argId.js';
import { stringField } from '../../utils/field.js';
import { normalizedSelector, type EntrySelector } from './normalizedSelector.js';
import { queryCacheKey } from '../definition/queryCacheKey.js';
import type { ApiPlan, DeclaredEndpoint } from '../definition/readApi.js';
import { mutationStorageKey, queryStorageKey } from '../definition/storageKey.js';
import { entryOf } from '../../utils/entryOf.js';

const MAX_SELECTORS_PER_ENDPOINT = 500;

/**
 * Builds `endpoints[name].select(arg)` for one declared endpoint: the normalized selector of that
 * argument's entry (see `normalizedSelector`). Equal arguments get the same selector back, so a
 * component may call `select(arg)` on every render.
 *
 * A query's entry is the one RTK Query's own selector for `arg` reads (`queryCacheKey`), so any
 * `serializeQueryArgs` works; the key of an argument never changes, so it is found once. A
 * mutation's entry is found by its request id, the argument being RTK Query's (`{ requestId }`,
 * `{ fixedCacheKey }`).
 */
export function buildSelect(instance: MountPoint, plan: ApiPlan, declared: DeclaredEndpoint) {
  const { reducerPath } = plan;
  const selectors = new Map<string, EntrySelector>();
  /** Each raw data of the endpoint's entries, to the value read from it (the last data a hook shows). */
  const shown = new WeakMap<object, unknown>();

  function build(arg: unknown): EntrySelector {
    const rtkSelect = declared.rtk.select(arg);
    if (declared.kind === 'mutation') {
      const storageKeyOf = (state: unknown) => {
        const requestId = stringField(rtkSelect(state), 'requestId');
        return requestId === undefined ? undefined : mutationStorageKey(reducerPath, requestId);
      };
      return normalizedSelector(instance, plan, declared, rtkSelect, storageKeyOf, () => [], shown);
    }
    const cacheKey = queryCacheKey(reducerPath, declared.rtk, arg);
    const storageKey = cacheKey === undefined ? undefined : queryStorageKey(reducerPath, cacheKey);
    const storageKeyOf = () => storageKey;
    // the entry's own argument (a merged entry's is its last page's), else the one selected with
    const argsOf = (rtkResult: { readonly [field: string]: unknown }) => [rtkResult.originalArgs ?? arg];
    return normalizedSelector(instance, plan, declared, rtkSelect, storageKeyOf, argsOf, shown);
  }

  return function select(arg?: unknown): EntrySelector {
    return entryOf(selectors, argId(arg), () => build(arg), MAX_SELECTORS_PER_ENDPOINT);
  };
}
