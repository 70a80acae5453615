import { stableStringify } from '../../utils/stableStringify.js';

/** A key for an argument: JSON with sorted keys; symbols (`skipToken`) by name, apart from `undefined`. */
export function argId(arg: unknown): string {
  return typeof arg === 'symbol' ? `symbol:${arg.description ?? ''}` : stableStringify(arg);
}
