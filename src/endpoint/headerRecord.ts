import { isArray } from '../utils/isArray.js';

/**
 * Any `HeadersInit` (a Headers object, name/value pairs or a record) as a plain record, which
 * `getHeaders` can spread: `{ ...headers, Authorization }`.
 */
export function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (init instanceof Headers || isArray(init)) {
    // a Headers lists its pairs as its forEach does: names lower-cased, sorted, repeated values combined
    for (const [name, value] of init) if (name !== undefined && value !== undefined) record[name] = value;
  } else {
    // none (`undefined`) copies nothing
    Object.assign(record, init);
  }
  return record;
}

/** True when `record` has `name`, compared without regard to case as HTTP does. */
export function hasHeader(record: Readonly<Record<string, string>>, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(record).some((key) => key.toLowerCase() === lower);
}
