import type { Store } from '@reduxjs/toolkit';
import type { EndpointInterface } from '../endpoint/interface.js';
import type { EndpointArgs } from '../redux/fetchEndpoint.js';
import type { ScheduledFetch } from './fetchScheduler.js';
import type { HooksContext } from './hooksContext.js';

/**
 * Called during render: the request for this call that is in flight, or one started (after the
 * render) because the fetch policy says the call needs one (`shouldRequest`: missing, invalidated or
 * expired); `undefined` when the store holds what the call needs.
 */
export function requestIfStale(
  ctx: HooksContext,
  store: Store,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  key: string,
): ScheduledFetch | undefined {
  return ctx
    .schedulerFor(store)
    .request(key, endpoint.sideEffect, () =>
      ctx.controllerFor(store).fetch(endpoint, ...(args as EndpointArgs<EndpointInterface>)),
    );
}
