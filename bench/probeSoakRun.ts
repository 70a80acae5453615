import { FULL_SOAK, measureSoak } from './soak.js';
const t = performance.now();
const rows = await measureSoak(FULL_SOAK);
for (const r of rows) console.log(r.library, r.variant, r.earlyMs.toFixed(2), r.lateMs.toFixed(2), r.stored, ((r.retained ?? 0) / 1e6).toFixed(1) + 'MB', r.retained && r.stored ? Math.round(r.retained / r.stored) + 'B/ent' : '');
console.log('seconds', ((performance.now() - t) / 1000).toFixed(0));
