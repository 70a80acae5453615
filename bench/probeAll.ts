import { realisticCases } from './cases/realistic.js';
import { FULL_SIZES } from './fixtures.js';
const [, all] = realisticCases(FULL_SIZES);
const ours = all!.contenders.find((c) => c.library === 'ours')!;
let spent = 0; let n = 0; const t = performance.now();
while (performance.now() - t < 10000) { ours.before!(); const s = performance.now(); ours.run(); spent += performance.now() - s; n++; }
console.log('read ms', (spent / n).toFixed(2), 'reads', n);
