import type { EntityMeta } from '../../schema/interface.js';
import type { MountPoint } from '../mountPoint.js';
import { metaOf } from '../slice/metaStamps.js';

/**
 * Builds `selectEntityMeta(state, Entity, pk)`: when a stored record was written (`fetchedAt`,
 * `seq`, `date`, `expiresAt`), or `deleted: true` for a remembered deletion; `undefined` when the
 * store knows nothing of it.
 */
export function buildSelectEntityMeta(mount: MountPoint) {
  return function selectEntityMeta(
    state: unknown,
    entity: { readonly key: string } | string,
    pk: string | number,
  ): EntityMeta | undefined {
    return metaOf(mount.selectSlice(state).entitiesMeta, typeof entity === 'string' ? entity : entity.key, `${pk}`);
  };
}
