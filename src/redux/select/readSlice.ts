import { field } from '../../utils/field.js';
import { warnOnce } from '../../utils/devWarning.js';
import type { MountPoint } from '../mountPoint.js';
import { unreadSliceMessage } from '../mountHints.js';
import type { EntitiesState } from '../slice/state.js';

/**
 * The mount point's slice in `state`, as the selectors read it. A state without it reads as an
 * empty slice; in development that silent empty read is reported once, naming the fix.
 */
export function readSlice(mount: MountPoint, state: unknown): EntitiesState {
  if (field(state, mount.reducerPath) === undefined)
    warnOnce(`slice:${mount.reducerPath}`, unreadSliceMessage(mount.reducerPath), 'error');
  return mount.selectSlice(state);
}
