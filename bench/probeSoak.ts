import { makeOurStore } from './stores.js';
import { getMembers, makeMembers } from './fixtures.js';
const gc = (globalThis as { gc?: () => void }).gc!;
const polls = Number(process.argv[2] ?? 300);
const same = process.argv.includes('--same');
const { store, ctrl } = makeOurStore();
let t = performance.now();
gc(); const base = process.memoryUsage().heapUsed;
let last: unknown;
for (let i = 1; i <= polls; i++) {
  last = ctrl.setResponse(getMembers, {}, makeMembers(500, same ? 0 : i * 500));
  if (i % 100 === 0) {
    const ms = performance.now() - t;
    gc(); gc();
    const heap = process.memoryUsage().heapUsed - base;
    const stored = Object.keys((store.getState() as any).entities.entities.Member).length;
    console.log(`poll ${i}: ${(ms / 100).toFixed(2)} ms/poll, heap ${(heap / 1e6).toFixed(1)} MB, ${(heap / stored).toFixed(0)} B/entity (${stored})`);
    t = performance.now();
  }
}
void last;
