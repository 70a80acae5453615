import { useMemo } from 'react';
import type { EndpointInterface } from '../endpoint/interface.js';
import type { ResponseState } from '../redux/select/selectResponse.js';
import type { EndpointArgs } from '../redux/fetchEndpoint.js';
import { callKey } from './hookArgs.js';
import { useRetained } from './useRetained.js';
import type { HooksContext } from './hooksContext.js';

/**
 * The memoized `selectResponse` selector of a hook call and its key (both `undefined` when `null`
 * skips the call). The key stands for the arguments: equal arguments in a new array keep the selector.
 * While mounted, the call is retained: its data is not collected.
 */
export function useResponseSelector(
  ctx: HooksContext,
  endpoint: EndpointInterface,
  args: readonly unknown[],
): { readonly key: string | undefined; readonly select: ((state: unknown) => ResponseState<unknown>) | undefined } {
  const key = callKey(endpoint, args);
  const select = useMemo(
    () => (key === undefined ? undefined : ctx.entities.selectResponse(endpoint, ...args)),
    [ctx, endpoint, key],
  );
  useRetained(
    ctx,
    key === undefined
      ? undefined
      : (controller) => controller.retain(endpoint, ...(args as EndpointArgs<EndpointInterface>)),
    [endpoint, key],
  );
  return { key, select };
}
