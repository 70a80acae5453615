import type { EndpointInterface } from '../../endpoint/interface.js';
import { schemaName } from '../../normalizr/schemaName.js';
import { describeValue } from '../../utils/describeValue.js';
import { warnOnce } from '../../utils/devWarning.js';
import type { ResponseMeta } from '../slice/state.js';
import type { MountPoint } from '../mountPoint.js';

/**
 * A call's stored meta as its readers take it (`selectResponse` and the fetch policy alike): a
 * stored result its schema could not have produced (`resultFits`), which came from elsewhere (another
 * tab, a saved state, another version of the app), reads as invalidated: no data is shown, and the
 * next read fetches the call again. A development warning names the endpoint and the result.
 *
 * @param key the call's key, `endpoint.key(...args)`
 * @param result the stored result (`state.endpoints[key]`)
 * @param meta the stored meta (`state.meta[key]`)
 * @param resultFits the mount point's check (`MountPoint.resultFits`); `undefined` in a store that
 *   takes nothing from elsewhere (no `rehydrate`, no tabs), whose results are all its own
 */
export function readableMeta(
  endpoint: EndpointInterface,
  key: string,
  result: unknown,
  meta: ResponseMeta | undefined,
  resultFits: MountPoint['resultFits'],
): ResponseMeta | undefined {
  if (result === undefined || resultFits === undefined || resultFits(endpoint.schema, result)) return meta;
  if (process.env.NODE_ENV !== 'production') {
    warnOnce(
      `unreadable:${key}:${describeValue(result)}`,
      `${endpoint.name}: the result stored for ${key} is not one its schema (${schemaName(endpoint.schema)}) gives: ` +
        `${describeValue(result)}. It came from another tab or a saved state, probably of another version of the app; ` +
        'it is read as invalidated, and fetched again.',
    );
  }
  return { fetchedAt: 0, date: 0, ...meta, expiresAt: 0, invalidated: true };
}
