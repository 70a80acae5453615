const warned = new Set<string>();

/**
 * True in production builds: the one place that reads `process.env.NODE_ENV`.
 *
 * Written for bundlers. They replace the literal `process.env.NODE_ENV`, so a production build
 * reads `if ('production' !== 'production')`, and a minifier folds the whole function to
 * `return true` (esbuild drops the `try` once its body is empty). Where nothing replaces it, as in
 * a browser loading the modules unbundled, reading `process` throws; the `catch` keeps the
 * development checks on. A `typeof process` guard would not do: bundlers leave it alone, so it
 * would switch the checks off in browser development builds too.
 *
 * A check or a message that should not ship at all is written inline instead, in the same spirit:
 * `try { if (process.env.NODE_ENV !== 'production') throw 0; } catch { check(); }`. A production
 * build folds the `try` to nothing and drops the check with its message; a development build
 * throws into the check, and so does a page loaded unbundled, where reading `process` throws.
 *
 * @returns whether `process.env.NODE_ENV` is `'production'`
 */
export function isProduction(): boolean {
  try {
    if (process.env.NODE_ENV !== 'production') return false;
  } catch {
    return false;
  }
  return true;
}

/**
 * Warns once per `id` in development; does nothing in production builds. With `errorOnce`, the
 * single place where the library writes to the console.
 *
 * @param id what the warning is about; a second warning with the same id is dropped
 * @param message what went wrong and how to fix it (prefixed with `rtk-entities: `)
 */
export function warnOnce(id: string, message: string): void {
  if (isProduction() || warned.has(id)) return;
  warned.add(id);
  console.warn(`rtk-entities: ${message}`);
}

/**
 * Reports once per `id`, with `console.error`, a misconfiguration that leaves the app without
 * data (a store without the slice or the middleware). Call it behind an inline
 * `process.env.NODE_ENV !== 'production'`, read only once the misconfiguration is found, so that
 * bundlers drop it with its message and a working store never reads `process`.
 *
 * @param id what the report is about; a second report with the same id is dropped
 * @param message the whole message, `rtk-entities: ` included
 */
export function errorOnce(id: string, message: string): void {
  if (warned.has(id)) return;
  warned.add(id);
  console.error(message);
}
