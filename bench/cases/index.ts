/**
 * Every timed case, in the order of the report, in groups that share their data. A group is built
 * when it runs and dropped after, so each case runs on a heap holding only its own data.
 */
import type { Sizes } from '../fixtures.js';
import type { BenchCase } from '../model.js';
import { allCases } from './all.js';
import { denormalizeCases } from './denormalize.js';
import { endToEndCase } from './endToEnd.js';
import { normalizeCase } from './normalize.js';
import { realisticCases } from './realistic.js';
import { rtkQueryCases } from './rtkQuery.js';
import { scaleCases } from './scale.js';
import { storeCases } from './store.js';
import { viewCases } from './views.js';

export { measureMemory, type MemoryRow } from './memory.js';
export { measureScaleMemory } from './scale.js';
export type { ScaleMemoryRow } from './memory.js';
export { measureViewMemory } from './views.js';
export { measureScaleFaults, type FaultMeasurement } from './faults.js';

/** Cases that share their data, built together. */
export interface CaseGroup {
  readonly name: string;
  build(): BenchCase[] | Promise<BenchCase[]>;
}

export function caseGroups(sizes: Sizes): readonly CaseGroup[] {
  return [
    { name: 'normalize', build: () => [normalizeCase(sizes)] },
    { name: 'denormalize', build: () => denormalizeCases(sizes) },
    { name: 'schema.All', build: () => allCases(sizes) },
    { name: 'realistic reads', build: () => realisticCases(sizes) },
    { name: 'store writes', build: () => storeCases(sizes) },
    { name: 'end to end', build: () => [endToEndCase(sizes)] },
    // one write into 1,000 to 100,000 members and the All read after it: the report shows it in a table of its own
    { name: 'scale', build: () => scaleCases(sizes) },
    // one write reflected in live views of 1,000 and 100,000 members, beside TanStack DB: a table of its own too
    { name: 'live views', build: () => viewCases(sizes) },
    // RTK Query against RTK Query + normalizeApi: the report shows it in a table of its own
    { name: 'RTK Query', build: () => rtkQueryCases(sizes) },
  ];
}
