/**
 * The string a value is filed under in a table, an index or a list's key: what a template literal
 * makes of it (`1` → `'1'`, `'a'` → `'a'`), so a number and its digits find the same entry. Like
 * the template, it throws a TypeError for a symbol.
 */
export function keyString(value: unknown): string {
  return `${value}`;
}
