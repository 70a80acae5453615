/**
 * Every group of timed cases: the library's own (`cases/index.ts`), then RTK Query against RTK Query
 * + normalizeApi (`cases/rtkQuery.ts`), which the report shows in a table of its own.
 */
import { caseGroups, type CaseGroup } from './cases/index.js';
import { rtkQueryCases } from './cases/rtkQuery.js';
import type { Sizes } from './fixtures.js';

export function benchGroups(sizes: Sizes): readonly CaseGroup[] {
  return [...caseGroups(sizes), { name: 'RTK Query', build: () => rtkQueryCases(sizes) }];
}
