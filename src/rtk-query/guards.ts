/** Type guards for the values normalizeApi reads from RTK Query (its api object, actions and state). */

/** A non-null object, readable by field name. */
export function isRecord(value: unknown): value is { readonly [field: string]: unknown } {
  return typeof value === 'object' && value !== null;
}

/** `value[field]` when `value` is an object, else `undefined`. */
export function field(value: unknown, name: string): unknown {
  return isRecord(value) ? value[name] : undefined;
}

/** `value[field]` when it is a string, else `undefined`. */
export function stringField(value: unknown, name: string): string | undefined {
  const found = field(value, name);
  return typeof found === 'string' ? found : undefined;
}
