const LIMIT = 200;

/** A short, printable form of any value for error messages: JSON where possible, truncated. */
export function describeValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text;
}

/** Names a value's shape the way a user thinks of JSON: `null`, `an array`, `a string`, … */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}
