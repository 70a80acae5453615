/**
 * A task to run later that does not keep alive what it reaches: the timer holds it weakly, the
 * returned handle strongly. Whoever holds the handle (a store's middleware) keeps the task until it
 * runs; a store let go with its handles is collected before its timers fire, and they then do nothing.
 * A plain `setTimeout` would keep the whole store, its state and its memo for the full delay.
 */
export interface WeakTimeout {
  /** Keeps the task alive while the handle is held. */
  readonly task: () => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** Runs `task` in `ms` if whoever holds the returned handle is still alive then; never keeps a Node process alive. */
export function weakTimeout(task: () => void, ms: number): WeakTimeout {
  const timer = setTimeout(runIfHeld, Math.max(0, ms), new WeakRef(task));
  (timer as { unref?: () => void }).unref?.();
  return { task, timer };
}

/** Cancels a pending `weakTimeout` (nothing happens for `undefined`). */
export function cancelTimeout(pending: WeakTimeout | undefined): void {
  clearTimeout(pending?.timer); // clearTimeout(undefined) does nothing
}

// declared at module level so the timer's callback holds nothing but the weak reference
function runIfHeld(task: WeakRef<() => void>): void {
  task.deref()?.();
}
