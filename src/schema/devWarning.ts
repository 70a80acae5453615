const warned = new Set<string>();

/**
 * True in production builds. Bundlers replace `process.env.NODE_ENV`; where nothing does (a
 * browser loading the ES modules directly) there is no `process`, and development checks stay on.
 */
export function isProduction(): boolean {
  return typeof process !== 'undefined' && process.env?.NODE_ENV === 'production';
}

/**
 * Warns once per `id` in development; does nothing in production builds. The single place where
 * the library writes to the console.
 */
export function warnOnce(id: string, message: string): void {
  if (isProduction() || warned.has(id)) return;
  warned.add(id);
  console.warn(`rtk-entities: ${message}`);
}
