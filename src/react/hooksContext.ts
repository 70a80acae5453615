import type { Store } from '@reduxjs/toolkit';
import type { Context } from 'react';
import {
  ReactReduxContext,
  createSelectorHook,
  createStoreHook,
  type ReactReduxContextValue,
  type UseSelector,
} from 'react-redux';
import type { Controller } from '../redux/Controller.js';
import type { Entities } from '../redux/createEntities.js';
import type { CountingSelector } from '../redux/select/selectResponse.js';
import type { Denormalize } from '../schema/types.js';
import { buildSelectorCache } from '../redux/select/selectorCache.js';
import { isObjectLike } from '../utils/isRecord.js';
import { entryOf } from '../utils/entryOf.js';

/**
 * What the hooks need from a mount point: `defaultEntities` or any `createEntities({ reducerPath })`.
 *
 * @see docs/guide/react.md
 */
export type HooksEntities = Pick<Entities, 'createController' | 'selectResponse' | 'selectQuery'>;

/**
 * Options of `createHooks`.
 *
 * @see docs/guide/react.md
 */
export interface CreateHooksOptions {
  /** The react-redux context the store is provided on, for apps with a custom one. @default ReactReduxContext */
  readonly context?: Context<ReactReduxContextValue | null>;
}

/** What every hook of one `createHooks` call shares. */
export interface HooksContext {
  readonly entities: HooksEntities;
  /** react-redux's `useStore` on the chosen context. @internal */
  readonly useStore: () => Store;
  /** react-redux's `useSelector` on the chosen context. @internal */
  readonly useSelector: UseSelector;
  /** The one Controller of `store`. @internal */
  controllerFor(store: Store): Controller;
  /** A memoized `selectQuery` selector, shared by every component reading the same query. @internal */
  querySelector<S>(
    queryable: S,
    args: readonly unknown[],
    argsKey: string,
  ): CountingSelector<Denormalize<S> | undefined>;
}

/** Binds the hooks' shared state to a mount point and a react-redux context. */
export function buildHooksContext(
  entities: HooksEntities,
  { context = ReactReduxContext }: CreateHooksOptions = {},
): HooksContext {
  const controllers = new WeakMap<Store, Controller>();
  const queries = buildSelectorCache<CountingSelector<unknown>>();

  return {
    entities,
    useStore: createStoreHook(context),
    useSelector: createSelectorHook(context),
    controllerFor(store) {
      return entryOf(controllers, store, () => entities.createController(store));
    },
    querySelector<S>(queryable: S, args: readonly unknown[], argsKey: string) {
      type Selector = CountingSelector<Denormalize<S> | undefined>;
      if (!isObjectLike(queryable)) {
        return entities.selectQuery(queryable, ...args);
      }
      return queries(queryable, argsKey, () => entities.selectQuery(queryable, ...args)) as Selector;
    },
  };
}
