const warned = new Set<string>();

/**
 * Warns once per `id` in development; does nothing in production builds. The single place where
 * the library writes to the console.
 */
export function warnOnce(id: string, message: string): void {
  if (process.env.NODE_ENV === 'production' || warned.has(id)) return;
  warned.add(id);
  console.warn(`rtk-entities: ${message}`);
}
