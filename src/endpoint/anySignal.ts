/**
 * One signal that aborts when any of the given ones does, with that one's reason.
 * Uses `AbortSignal.any` where the platform has it.
 *
 * @returns `undefined` when no signal is given
 */
export function anySignal(signals: readonly (AbortSignal | null | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((signal): signal is AbortSignal => signal != null);
  if (present.length <= 1) return present[0];
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(present);
  const controller = new AbortController();
  for (const signal of present) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true, signal: controller.signal });
  }
  return controller.signal;
}
