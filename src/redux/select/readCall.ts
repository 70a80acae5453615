import type { EndpointInterface } from '../../endpoint/interface.js';
import { getOwn } from '../../utils/ownProperty.js';
import type { Call, CallRequests } from '../fetchPolicy.js';
import type { MountPoint } from '../mountPoint.js';
import { expiringKinds } from './recordsExpiry.js';
import { readableMeta } from './readableMeta.js';
import type { SnapshotSelectors } from './snapshot.js';

/**
 * What the fetch policy reads of one endpoint call in `state`: its stored meta, when its data
 * expires, whether there is data to show (asked only when the policy needs it), and `requests`,
 * what the request registry holds for it.
 *
 * @param key the call's key, `endpoint.key(...args)`
 */
export function readCall(
  mount: MountPoint,
  selectors: Pick<SnapshotSelectors, 'selectResponse'>,
  state: unknown,
  call: { readonly endpoint: EndpointInterface; readonly args: readonly unknown[]; readonly key: string },
  requests: CallRequests,
): Call {
  const { endpoint, args, key } = call;
  const slice = mount.selectSlice(state);
  const meta = readableMeta(endpoint, key, getOwn(slice.endpoints, key), getOwn(slice.meta, key), mount.resultFits);
  return {
    meta,
    // the records' expiry is read (through the call's selector) only for kinds that declare one
    expiresAt: () =>
      expiringKinds(endpoint.schema).size === 0
        ? (meta?.expiresAt ?? 0)
        : selectors.selectResponse(endpoint, ...args)(state).expiresAt,
    hasData: () => selectors.selectResponse(endpoint, ...args)(state).data !== undefined,
    sideEffect: endpoint.sideEffect === true,
    requests,
  };
}
