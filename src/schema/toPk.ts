/**
 * A primary key as stored: a non-empty string. `0` and `'0'` are valid ids. `undefined`, `null`,
 * `''`, `NaN`, and the strings a template makes of them (`${this.id}` with no id gives
 * `'undefined'`) mean there is no key.
 * @returns the key, or `undefined` when there is none
 */
export function toPk(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value === '' || value === 'undefined' || value === 'null' || value === 'NaN' ? undefined : value;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? `${value}` : undefined;
  if (typeof value === 'bigint') return `${value}`;
  return undefined;
}

/**
 * `value` as the key it is stored under: a string as it is, anything else as a template makes it.
 * A read looks up thousands of keys that are strings already; this spares each the conversion.
 */
export function keyString(value: unknown): string {
  return typeof value === 'string' ? value : `${value as string}`;
}
