import { measureMemory } from './cases/index.js';
import { FULL_SIZES } from './fixtures.js';
for (const row of measureMemory(FULL_SIZES, 3)) console.log(row.library, row.variant, Math.round(row.bytesPerEntity ?? 0));
