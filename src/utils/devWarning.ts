const warned = new Set<string>();

// Every call of these two sits behind an inline `process.env.NODE_ENV !== 'production'` test at the
// call site, as Redux Toolkit and React write theirs: bundlers replace `process.env.NODE_ENV` in
// each module they see, so a production build drops the call and its message with it (a guard
// inside a shared function is not inlined across modules, and would ship every message).

/**
 * Warns once per `id`, with `console.warn`. Development only: call it behind an inline
 * `process.env.NODE_ENV !== 'production'` test. With `errorOnce`, the single place where the
 * library writes to the console.
 *
 * @param id what the warning is about; a second warning with the same id is dropped
 * @param message what went wrong and how to fix it (prefixed with `rtk-entities: `)
 */
export function warnOnce(id: string, message: string): void {
  if (warned.has(id)) return;
  warned.add(id);
  console.warn(`rtk-entities: ${message}`);
}

/**
 * Reports once per `id`, with `console.error`, a misconfiguration that leaves the app without
 * data (a store without the slice or the middleware). Development only, like `warnOnce`: call it
 * behind an inline `process.env.NODE_ENV !== 'production'`, read only once the misconfiguration is
 * found, so that a working store never reads `process`.
 *
 * @param id what the report is about; a second report with the same id is dropped
 * @param message the whole message, `rtk-entities: ` included
 */
export function errorOnce(id: string, message: string): void {
  if (warned.has(id)) return;
  warned.add(id);
  console.error(message);
}
